import Foundation
import FXTestSupport
import Testing
import FXRates

/// A store whose load result is fixed and whose saves fail, for the diagnostics paths.
private struct BrokenStore: RateStore {
    var contents = StoreContents()
    func load() -> StoreContents { contents }
    func save(_ entry: CachedRates) throws(StoreError) {
        throw StoreError(path: "/nowhere/latest.json", reason: "read-only file system")
    }
}

private let ecbName = "European Central Bank"
private let jpy = code("JPY")
private let gbp = code("GBP")

@Suite("Rate service: when to ask the source")
struct RateServiceScheduleTests {
    @Test func noCacheFetchesOnceThenAnswersFromMemory() async throws {
        let source = FakeRateSource(answering: Sample.friday, validators: Validators(etag: "\"a\""))
        let store = MemoryRateStore()
        let clock = FixedClock(frankfurt("2026-10-30", 17))
        let service = RateService(sources: [source], store: store, clock: clock, usage: MemoryUsageStore())

        let first = try await service.quote(from: .usd, to: jpy)
        #expect(source.calls == 1)
        #expect(source.validatorsAsked == [nil])
        #expect(first.fromPerBase == dec("1.1172"))
        #expect(first.toPerBase == dec("175.68"))
        #expect(first.convert(100, places: 0)! == 15725)
        #expect(first.provenance.origin == .network)
        #expect(first.provenance.date == day("2026-10-30"))
        #expect(first.provenance.fetchedAt == clock.now())

        let second = try await service.quote(from: gbp, to: .usd)
        #expect(source.calls == 1)
        #expect(second.rate == dec("1.1172") / dec("0.8338"))

        #expect(store.saveCount == 1)
        let saved = try #require(store.load().entries[.ecb])
        #expect(saved.table == Sample.friday)
        #expect(saved.validators == Validators(etag: "\"a\""))
        #expect(saved.fetchedAt == clock.now())
        #expect(await service.takeDiagnostics().isEmpty)
    }

    @Test func sameServiceAsksAgainOnceTheNextPublicationIsDue() async throws {
        let source = FakeRateSource([.success(.fetched(Sample.friday, Validators())), .success(.fetched(Sample.monday, Validators()))])
        let clock = FixedClock(frankfurt("2026-10-30", 17))
        let service = RateService(sources: [source], store: MemoryRateStore(), clock: clock, usage: MemoryUsageStore())
        _ = try await service.quote(from: .usd, to: jpy)
        clock.set(frankfurt("2026-11-02", 15, 59))
        _ = try await service.quote(from: .usd, to: jpy)
        #expect(source.calls == 1)
        clock.set(frankfurt("2026-11-02", 16, 1))
        let quote = try await service.quote(from: .usd, to: jpy)
        #expect(source.calls == 2)
        #expect(quote.provenance.date == day("2026-11-02"))
        #expect(quote.toPerBase == dec("176.02"))
    }

    @Test func fridayCacheLastsUntilMondayAtFourInFrankfurt() async throws {
        let store = MemoryRateStore([Sample.fridayEntry()])
        let source = FakeRateSource(answering: Sample.monday)
        let quiet: [(String, Int, Int)] = [
            ("2026-10-30", 18, 0), ("2026-10-31", 10, 0), ("2026-11-01", 23, 59), ("2026-11-02", 15, 59),
        ]
        for (date, hour, minute) in quiet {
            let service = RateService(
                sources: [source], store: store, clock: FixedClock(frankfurt(date, hour, minute)), usage: MemoryUsageStore())
            let quote = try await service.quote(from: .usd, to: jpy)
            #expect(source.calls == 0, "\(date) \(hour):\(minute)")
            #expect(quote.provenance.origin == .cache)
            #expect(quote.provenance.date == day("2026-10-30"))
        }
        #expect(store.saveCount == 0)

        let monday = RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-02", 16, 1)), usage: MemoryUsageStore())
        let quote = try await monday.quote(from: .usd, to: jpy)
        #expect(source.calls == 1)
        #expect(source.validatorsAsked == [Validators(etag: "\"friday\"")])
        #expect(quote.provenance.origin == .network)
        #expect(quote.provenance.date == day("2026-11-02"))
        #expect(store.saveCount == 1)
        #expect(store.load().entries[.ecb]?.table == Sample.mondayAfterFriday)
    }

    @Test func aCacheCheckedInTheFutureIsAskedAgain() async throws {
        // Stamped by a clock a week ahead, since corrected: its age is unknown.
        let ahead = CachedRates(source: .ecb, table: Sample.friday, fetchedAt: frankfurt("2026-11-09", 16, 5))
        let store = MemoryRateStore([ahead])
        let source = FakeRateSource(answering: Sample.monday)
        let clock = FixedClock(frankfurt("2026-11-02", 17))
        let service = RateService(sources: [source], store: store, clock: clock, usage: MemoryUsageStore())
        let quote = try await service.quote(from: .usd, to: jpy)
        #expect(source.calls == 1)
        #expect(quote.provenance.origin == .network)
        #expect(quote.provenance.date == day("2026-11-02"))
        #expect(quote.provenance.fetchedAt == clock.now())
        #expect(store.load().entries[.ecb]?.checkedAt == clock.now())
    }

    @Test func easterWeekendIsNotAskedAbout() async throws {
        // Rates of Maundy Thursday 2026-04-02 stay current until Tuesday 2026-04-07 16:00 CEST.
        let thursday = RateTable(base: .eur, date: day("2026-04-02"), rates: [.usd: dec("1.08")])
        let store = MemoryRateStore([CachedRates(source: .ecb, table: thursday, fetchedAt: frankfurt("2026-04-02", 16, 10))])
        let source = FakeRateSource(answering: thursday)
        for (date, hour) in [("2026-04-03", 12), ("2026-04-06", 17), ("2026-04-07", 15)] {
            let service = RateService(sources: [source], store: store, clock: FixedClock(frankfurt(date, hour)), usage: MemoryUsageStore())
            _ = try await service.quote(from: .eur, to: .usd)
        }
        #expect(source.calls == 0)
        let tuesday = RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-04-07", 16, 1)), usage: MemoryUsageStore())
        _ = try await tuesday.quote(from: .eur, to: .usd)
        #expect(source.calls == 1)
    }

    @Test func notModifiedKeepsTheTableAndRechecksAfterFifteenMinutes() async throws {
        let entry = Sample.fridayEntry()
        let store = MemoryRateStore([entry])
        let source = FakeRateSource([.success(.notModified)])

        let checkTime = frankfurt("2026-11-02", 16, 30)
        let first = RateService(sources: [source], store: store, clock: FixedClock(checkTime), usage: MemoryUsageStore())
        let quote = try await first.quote(from: .usd, to: jpy)
        #expect(source.calls == 1)
        #expect(source.validatorsAsked == [Validators(etag: "\"friday\"")])
        #expect(quote.provenance.date == day("2026-10-30"))
        #expect(quote.toPerBase == dec("175.68"))

        let saved = try #require(store.load().entries[.ecb])
        #expect(store.saveCount == 1)
        #expect(saved.table == entry.table)
        #expect(saved.fetchedAt == entry.fetchedAt)
        #expect(saved.checkedAt == checkTime)
        #expect(saved.validators == entry.validators)

        // Within the recheck interval (15 minutes) nobody asks again.
        let second = RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-02", 16, 44)), usage: MemoryUsageStore())
        _ = try await second.quote(from: .usd, to: jpy)
        #expect(source.calls == 1)

        let third = RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-02", 16, 46)), usage: MemoryUsageStore())
        _ = try await third.quote(from: .usd, to: jpy)
        #expect(source.calls == 2)
        #expect(source.validatorsAsked.last == Validators(etag: "\"friday\""))
    }

    @Test func sameTableAgainCountsAsLateAndIsRecheckedLater() async throws {
        let store = MemoryRateStore([Sample.fridayEntry()])
        let source = FakeRateSource(answering: Sample.friday, validators: Validators(etag: "\"friday-2\""))
        let late = RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-02", 16, 5)), usage: MemoryUsageStore())
        _ = try await late.quote(from: .usd, to: jpy)
        #expect(source.calls == 1)
        let saved = try #require(store.load().entries[.ecb])
        #expect(saved.fetchedAt == frankfurt("2026-10-30", 16, 5))
        #expect(saved.checkedAt == frankfurt("2026-11-02", 16, 5))
        #expect(saved.validators == Validators(etag: "\"friday-2\""))

        _ = try await RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-02", 16, 19)), usage: MemoryUsageStore()
        ).quote(from: .usd, to: jpy)
        #expect(source.calls == 1)
        _ = try await RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-02", 16, 21)), usage: MemoryUsageStore()
        ).quote(from: .usd, to: jpy)
        #expect(source.calls == 2)
    }
}

@Suite("Rate service: failures and fallbacks")
struct RateServiceFallbackTests {
    @Test func fetchFailureAnswersFromCacheAndLeavesItAlone() async throws {
        let entry = Sample.fridayEntry()
        let store = MemoryRateStore([entry])
        let source = FakeRateSource(failing: .httpStatus(503))
        let clock = FixedClock(frankfurt("2026-11-02", 16, 30))
        let service = RateService(sources: [source], store: store, clock: clock, builtIn: .ecb, usage: MemoryUsageStore())

        let quote = try await service.quote(from: .usd, to: .eur)
        #expect(source.calls == 1)
        #expect(quote.provenance.origin == .cache)
        #expect(quote.provenance.date == day("2026-10-30"))
        #expect(quote.convert(100, places: 2)! == dec("89.51"))
        #expect(
            await service.takeDiagnostics() == [
                .fetchFailed(
                    source: .ecb, sourceName: ecbName, failure: .httpStatus(503),
                    fallback: .cached(day("2026-10-30"), fetchedAt: entry.checkedAt))
            ])
        #expect(await service.takeDiagnostics().isEmpty)
        #expect(store.saveCount == 0)
        #expect(store.load().entries[.ecb] == entry)

        // A failed source is not asked again for a minute (`BackOff`), then two after a second failure.
        clock.advance(by: 50)
        _ = try await service.quote(from: .usd, to: .eur)
        #expect(source.calls == 1)
        clock.advance(by: 20)
        _ = try await service.quote(from: .usd, to: .eur)
        #expect(source.calls == 2)
        clock.advance(by: 110)
        _ = try await service.quote(from: .usd, to: .eur)
        #expect(source.calls == 2)
        clock.advance(by: 20)
        _ = try await service.quote(from: .usd, to: .eur)
        #expect(source.calls == 3)
    }

    @Test func fetchFailureWithoutCacheUsesBuiltInRates() async throws {
        let failure = FetchFailure.transport(.timedOut(seconds: 15))
        let store = MemoryRateStore()
        let source = FakeRateSource(failing: failure)
        let service = RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-03", 9)), builtIn: .ecb, usage: MemoryUsageStore())

        let quote = try await service.quote(from: .usd, to: jpy)
        #expect(quote.provenance.origin == .builtIn)
        #expect(quote.provenance.fetchedAt == nil)
        #expect(quote.provenance.date == day("2026-10-30"))
        #expect(quote.convert(100, places: 0)! == 15725)
        #expect(
            await service.takeDiagnostics() == [
                .fetchFailed(source: .ecb, sourceName: ecbName, failure: failure, fallback: .builtIn(day("2026-10-30")))
            ])
        #expect(store.saveCount == 0)
        #expect(store.load().entries.isEmpty)
    }

    @Test func fetchFailureWithoutCacheOrBuiltInIsUnavailable() async {
        let failure = FetchFailure.transport(.timedOut(seconds: 15))
        let source = FakeRateSource(failing: failure)
        let service = RateService(
            sources: [source], store: MemoryRateStore(), clock: FixedClock(frankfurt("2026-11-03", 9)), usage: MemoryUsageStore())
        await #expect(throws: RateError.unavailable(source: .ecb, sourceName: ecbName, failure: failure)) {
            try await service.quote(from: .usd, to: jpy)
        }
    }

    @Test func builtInRatesOnlyStandInForTheECB() async {
        let source = FakeRateSource(id: SourceID("other"), name: "Other Bank", [.failure(.httpStatus(500))])
        let service = RateService(
            sources: [source], store: MemoryRateStore(), clock: FixedClock(frankfurt("2026-11-03", 9)), builtIn: .ecb,
            usage: MemoryUsageStore())
        await #expect(throws: RateError.unavailable(source: SourceID("other"), sourceName: "Other Bank", failure: .httpStatus(500))) {
            try await service.quote(from: .usd, to: jpy)
        }
    }

    @Test func offlineWithoutCacheUsesBuiltInAndNeverAsks() async throws {
        let source = FakeRateSource(answering: Sample.monday)
        let service = RateService(
            sources: [source], store: MemoryRateStore(), clock: FixedClock(frankfurt("2026-11-03", 9)),
            builtIn: .ecb, options: .init(offline: true), usage: MemoryUsageStore())
        let quote = try await service.quote(from: .usd, to: jpy)
        #expect(source.calls == 0)
        #expect(quote.provenance.origin == .builtIn)
        #expect(quote.provenance.date == day("2026-10-30"))
        #expect(await service.takeDiagnostics() == [.usingBuiltIn(day("2026-10-30"))])
    }

    @Test func offlineUsesEvenAStaleCacheAndNeverAsks() async throws {
        let store = MemoryRateStore([Sample.fridayEntry()])
        let source = FakeRateSource(answering: Sample.monday)
        let service = RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-04", 12)),
            builtIn: .ecb, options: .init(offline: true), usage: MemoryUsageStore())
        let quote = try await service.quote(from: .usd, to: jpy)
        #expect(source.calls == 0)
        #expect(quote.provenance.origin == .cache)
        #expect(quote.provenance.date == day("2026-10-30"))
        // Superseded since Monday 2026-11-02 16:00 CET: 44 hours before Wednesday 12:00 CET.
        #expect(await service.takeDiagnostics() == [.staleData(sourceName: ecbName, date: day("2026-10-30"), supersededFor: 44 * 3600)])
        #expect(store.saveCount == 0)
    }

    @Test(arguments: [("2026-10-31", 12, 0), ("2026-11-02", 15, 0), ("2026-11-02", 17, 0)])
    func offlineCacheWithinAnHourOfTheNextPublicationIsNotStale(date: String, hour: Int, minute: Int) async throws {
        let source = FakeRateSource(answering: Sample.monday)
        let service = RateService(
            sources: [source], store: MemoryRateStore([Sample.fridayEntry()]),
            clock: FixedClock(frankfurt(date, hour, minute)), options: .init(offline: true), usage: MemoryUsageStore())
        _ = try await service.quote(from: .usd, to: jpy)
        #expect(source.calls == 0)
        let diagnostics = await service.takeDiagnostics()
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test func offlineRefreshIsRefused() async {
        let source = FakeRateSource(answering: Sample.monday)
        let service = RateService(
            sources: [source], store: MemoryRateStore([Sample.fridayEntry()]),
            clock: FixedClock(frankfurt("2026-11-02", 17)), options: .init(offline: true), usage: MemoryUsageStore())
        await #expect(throws: RateError.offlineRefresh) { try await service.refresh() }
        #expect(source.calls == 0)
    }

    @Test func offlineWithNothingIsAnError() async {
        let source = FakeRateSource(answering: Sample.monday)
        let service = RateService(
            sources: [source], store: MemoryRateStore(), clock: FixedClock(frankfurt("2026-11-04", 12)),
            options: .init(offline: true), usage: MemoryUsageStore())
        await #expect(throws: RateError.offlineWithoutData(.ecb)) { try await service.quote(from: .usd, to: jpy) }
        #expect(source.calls == 0)
    }

    @Test func futureDatedTableIsRefusedAndTheCacheKept() async throws {
        let entry = Sample.fridayEntry()
        let store = MemoryRateStore([entry])
        // On Monday 2026-11-02, a table dated Thursday 2026-11-05 is after tomorrow.
        let future = RateTable(base: .eur, date: day("2026-11-05"), rates: [.usd: dec("9.99"), jpy: dec("999")])
        let source = FakeRateSource(answering: future)
        let service = RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-02", 16, 30)), builtIn: .ecb, usage: MemoryUsageStore())

        let quote = try await service.quote(from: .usd, to: jpy)
        #expect(source.calls == 1)
        #expect(quote.provenance.date == day("2026-10-30"))
        #expect(quote.toPerBase == dec("175.68"))
        #expect(
            await service.takeDiagnostics() == [
                .fetchFailed(
                    source: .ecb, sourceName: ecbName, failure: .futureDate(day("2026-11-05")),
                    fallback: .cached(day("2026-10-30"), fetchedAt: entry.checkedAt))
            ])
        #expect(store.saveCount == 0)
        #expect(store.load().entries[.ecb] == entry)
    }

    @Test func tableDatedTomorrowIsAccepted() async throws {
        // Clocks differ; a table dated tomorrow in Frankfurt is plausible and kept.
        let tomorrow = RateTable(base: .eur, date: day("2026-11-03"), rates: [.usd: dec("1.12")])
        let store = MemoryRateStore()
        let source = FakeRateSource(answering: tomorrow)
        let service = RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-02", 23, 30)), usage: MemoryUsageStore())
        let quote = try await service.quote(from: .eur, to: .usd)
        #expect(quote.provenance.date == day("2026-11-03"))
        #expect(store.saveCount == 1)
    }

    @Test func olderTableFromALaggingMirrorDoesNotReplaceTheCache() async throws {
        let mondayEntry = CachedRates(source: .ecb, table: Sample.monday, fetchedAt: frankfurt("2026-11-02", 16, 5))
        let store = MemoryRateStore([mondayEntry])
        let source = FakeRateSource(answering: Sample.friday)
        let now = frankfurt("2026-11-02", 17)
        let service = RateService(sources: [source], store: store, clock: FixedClock(now), usage: MemoryUsageStore())
        let reports = try await service.refresh()
        var kept = mondayEntry
        kept.checkedAt = now
        #expect(reports.map(\.outcome) == [.unchanged(kept)])
        #expect(store.load().entries[.ecb]?.table == Sample.monday)
    }

    @Test func storeFailuresBecomeDiagnostics() async throws {
        let damaged = Diagnostic.cacheSetAside(path: "/c/latest.json", movedTo: "/c/latest.json.corrupt", reason: "invalid")
        let store = BrokenStore(contents: StoreContents(diagnostics: [damaged]))
        let source = FakeRateSource(answering: Sample.friday)
        let service = RateService(
            sources: [source], store: store, clock: FixedClock(frankfurt("2026-10-30", 17)), usage: MemoryUsageStore())
        let quote = try await service.quote(from: .usd, to: jpy)
        #expect(quote.provenance.origin == .network)
        #expect(
            await service.takeDiagnostics() == [
                damaged,
                .cacheWriteFailed(path: "/nowhere/latest.json", reason: "read-only file system"),
            ])
    }
}

@Suite("Rate service: questions and answers")
struct RateServiceQuoteTests {
    /// A service holding Friday's rates on Friday evening: current, so the source is not asked.
    static func freshService() -> (RateService, FakeRateSource) {
        let source = FakeRateSource(answering: Sample.friday)
        let service = RateService(
            sources: [source], store: MemoryRateStore([Sample.fridayEntry()]),
            clock: FixedClock(frankfurt("2026-10-30", 18)), usage: MemoryUsageStore())
        return (service, source)
    }

    @Test func currencyNotCovered() async {
        let (service, _) = Self.freshService()
        await #expect(throws: RateError.notCovered(code("XAU"), sourceNames: ["European Central Bank"])) {
            try await service.quote(from: .usd, to: code("XAU"))
        }
        await #expect(throws: RateError.notCovered(code("ABC"), sourceNames: ["European Central Bank"])) {
            try await service.quote(from: code("ABC"), to: .usd)
        }
        // When neither is covered, the first is named.
        await #expect(throws: RateError.notCovered(code("ABC"), sourceNames: ["European Central Bank"])) {
            try await service.quote(from: code("ABC"), to: code("XYZ"))
        }
    }

    @Test func unknownSource() async {
        let (service, _) = Self.freshService()
        await #expect(throws: RateError.unknownSource("nope")) {
            try await service.quote(from: .usd, to: jpy, only: SourceID("nope"))
        }
        await #expect(throws: RateError.unknownSource("nope")) {
            try await service.refresh(only: [SourceID("nope")])
        }
    }

    @Test func laterSourceAnswersWhatTheFirstDoesNotCover() async throws {
        let dollarsOnly = RateTable(base: .usd, date: day("2026-10-30"), rates: [code("CAD"): dec("1.3969")])
        let first = FakeRateSource(id: SourceID("usd"), name: "Dollar Bank", [.success(.fetched(dollarsOnly, Validators()))])
        let second = FakeRateSource(answering: Sample.friday)
        let service = RateService(
            sources: [first, second], store: MemoryRateStore(), clock: FixedClock(frankfurt("2026-10-30", 17)), usage: MemoryUsageStore())
        #expect(service.sourceIDs == [SourceID("usd"), .ecb])

        let viaFirst = try await service.quote(from: .usd, to: code("CAD"))
        #expect(viaFirst.provenance.source == SourceID("usd"))
        #expect(viaFirst.fromPerBase == 1)

        let viaSecond = try await service.quote(from: .usd, to: jpy)
        #expect(viaSecond.provenance.source == .ecb)
        #expect(viaSecond.rate == dec("175.68") / dec("1.1172"))
    }

    @Test func latestTable() async throws {
        let (service, source) = Self.freshService()
        let (table, provenance) = try await service.latestTable()
        #expect(table == Sample.friday)
        #expect(provenance.origin == .cache)
        #expect(provenance.sourceName == ecbName)
        #expect(source.calls == 0)
    }

    @Test func refreshAsksEvenWhenFreshAndReportsWhatChanged() async throws {
        let store = MemoryRateStore([Sample.fridayEntry()])
        let source = FakeRateSource([
            .success(.fetched(Sample.friday, Validators(etag: "\"again\""))),
            .success(.fetched(Sample.monday, Validators(etag: "\"monday\""))),
            .success(.notModified),
            .failure(.httpStatus(500)),
        ])
        let clock = FixedClock(frankfurt("2026-10-30", 18))
        let service = RateService(sources: [source], store: store, clock: clock, usage: MemoryUsageStore())

        // Fresh cache, and still asked.
        let unchanged = try await service.refresh()
        #expect(source.calls == 1)
        var confirmed = Sample.fridayEntry(validators: Validators(etag: "\"again\""))
        confirmed.checkedAt = clock.now()
        #expect(unchanged.count == 1)
        #expect(unchanged.first?.source == .ecb)
        #expect(unchanged.first?.sourceName == ecbName)
        #expect(unchanged.first?.previous == Sample.friday)
        #expect(unchanged.first?.outcome == .unchanged(confirmed))

        clock.set(frankfurt("2026-11-02", 16, 10))
        let updated = try await service.refresh()
        #expect(source.calls == 2)
        let mondayEntry = CachedRates(
            source: .ecb, table: Sample.mondayAfterFriday, fetchedAt: clock.now(), validators: Validators(etag: "\"monday\""))
        #expect(updated.map(\.outcome) == [.updated(mondayEntry)])
        #expect(updated.first?.previous == Sample.friday)
        #expect(store.load().entries[.ecb] == mondayEntry)

        clock.advance(by: 60)
        let notModified = try await service.refresh()
        #expect(source.validatorsAsked.last == Validators(etag: "\"monday\""))
        guard case .unchanged(let kept)? = notModified.first?.outcome else {
            Issue.record("expected .unchanged, got \(notModified)")
            return
        }
        #expect(kept.table == Sample.mondayAfterFriday)
        #expect(kept.checkedAt == clock.now())

        clock.advance(by: 60)
        let failed = try await service.refresh(only: [.ecb])
        #expect(failed.map(\.outcome) == [.failed(.httpStatus(500))])
        #expect(source.calls == 4)
        #expect(store.saveCount == 3)
        #expect(store.load().entries[.ecb]?.table == Sample.mondayAfterFriday)
    }

    @Test func notModifiedWithoutAnythingCachedIsAFailure() async throws {
        let source = FakeRateSource([.success(.notModified)])
        let service = RateService(
            sources: [source], store: MemoryRateStore(), clock: FixedClock(frankfurt("2026-10-30", 18)), usage: MemoryUsageStore())
        let reports = try await service.refresh()
        #expect(reports.map(\.outcome) == [.failed(.httpStatus(304))])
    }
}

@Suite("Provenance staleness")
struct ProvenanceStalenessTests {
    @Test func zeroWhileCurrentThenGrowsAfterTheNextPublication() async throws {
        let service = RateService(
            sources: [FakeRateSource(answering: Sample.friday)], store: MemoryRateStore([Sample.fridayEntry()]),
            clock: FixedClock(frankfurt("2026-10-30", 18)), usage: MemoryUsageStore())
        let provenance = try await service.quote(from: .usd, to: jpy).provenance
        #expect(provenance.supersededAt == frankfurt("2026-11-02", 16))
        #expect(provenance.supersededAt == utc("2026-11-02T15:00:00Z"))
        #expect(provenance.staleness(at: frankfurt("2026-10-30", 18)) == 0)
        #expect(provenance.staleness(at: frankfurt("2026-11-02", 15, 59)) == 0)
        #expect(provenance.staleness(at: frankfurt("2026-11-02", 16)) == 0)
        #expect(provenance.staleness(at: frankfurt("2026-11-02", 17)) == 3600)
        #expect(provenance.staleness(at: frankfurt("2026-11-03", 16)) == 86_400)
    }

    @Test func cachedAnswerAfterAFailedFetchIsStale() async throws {
        let clock = FixedClock(frankfurt("2026-11-02", 16, 30))
        let service = RateService(
            sources: [FakeRateSource(failing: .httpStatus(502))], store: MemoryRateStore([Sample.fridayEntry()]),
            clock: clock, usage: MemoryUsageStore())
        let provenance = try await service.quote(from: .usd, to: jpy).provenance
        #expect(provenance.staleness(at: clock.now()) == 30 * 60)
    }

    @Test func withoutAScheduleNothingIsStale() {
        let provenance = Provenance(source: .ecb, sourceName: ecbName, date: day("2026-10-30"), fetchedAt: nil, origin: .builtIn)
        #expect(provenance.staleness(at: utc("2030-01-01T00:00:00Z")) == 0)
    }
}
