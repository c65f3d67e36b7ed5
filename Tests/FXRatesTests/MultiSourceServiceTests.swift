import FXRates
import Foundation
import FXTestSupport
import Testing

/// The service over several sources: order, fallback, crosses, quotas and wasted requests.
@Suite("Rate service: several sources")
struct MultiSourceServiceTests {
    static let boc = SourceID("boc"), oxr = SourceID("oxr"), dunamu = SourceID("dunamu")
    static let now = frankfurt("2026-10-30", 17)

    /// A Bank of Canada–like table (CAD base) of the same Friday, with a currency the ECB lacks.
    static let cadTable = RateTable(
        base: code("CAD"), date: day("2026-10-30"),
        rates: [
            code("USD"): dec("0.7173"), code("EUR"): dec("0.6421"), code("TWD"): dec("22.97"),
        ])
    /// A Dunamu-like table (KRW base) with a currency no other source has.
    static let krwTable = RateTable(
        base: code("KRW"), date: day("2026-10-30"),
        rates: [
            code("USD"): dec("0.000725"), code("MNT"): dec("2.46"),
        ])

    func service(
        _ sources: [FakeRateSource], store: MemoryRateStore = MemoryRateStore(), usage: MemoryUsageStore = MemoryUsageStore(),
        quotas: [SourceID: Int] = [:]
    ) -> RateService {
        RateService(sources: sources, store: store, clock: FixedClock(Self.now), usage: usage, quotas: quotas)
    }

    @Test
    func theFirstSourceInOrderThatHasBothCurrenciesAnswersLaterOnesAreNotAsked() async throws {
        let ecb = FakeRateSource(answering: Sample.friday)
        let boc = FakeRateSource(id: Self.boc, name: "Bank of Canada", [.success(.fetched(Self.cadTable, Validators()))])
        let quote = try await service([ecb, boc]).quote(from: code("USD"), to: code("JPY"))
        #expect(quote.provenance.source == .ecb)
        #expect(boc.calls == 0)
        // The other way round, the Bank of Canada does not have JPY and the ECB answers.
        let ecb2 = FakeRateSource(answering: Sample.friday)
        let boc2 = FakeRateSource(id: Self.boc, name: "Bank of Canada", [.success(.fetched(Self.cadTable, Validators()))])
        #expect(try await service([boc2, ecb2]).quote(from: code("USD"), to: code("JPY")).provenance.source == .ecb)
        #expect(boc2.calls == 1)
    }

    @Test
    func aCurrencyOnlyALaterSourceHasComesFromIt() async throws {
        let ecb = FakeRateSource(answering: Sample.friday)
        let boc = FakeRateSource(id: Self.boc, name: "Bank of Canada", [.success(.fetched(Self.cadTable, Validators()))])
        let quote = try await service([ecb, boc]).quote(from: code("USD"), to: code("TWD"))
        #expect(quote.provenance.source == Self.boc)
        // 1 USD = 22.97 / 0.7173 TWD.
        #expect(quote.convert(100, places: 2)! == dec("3202.29"))
    }

    @Test
    func whenTheFirstSourceFailsWithACacheAFreshLaterSourceAnswersAndTheWarningSaysSo() async throws {
        let stale = CachedRates(source: .ecb, table: Sample.friday, fetchedAt: frankfurt("2026-10-29", 16, 5))
        let ecb = FakeRateSource(failing: .httpStatus(503))
        let frankfurter = FakeRateSource(id: .frankfurter, name: "Frankfurter", [.success(.fetched(Sample.friday, Validators()))])
        let rates = service(
            [ecb, frankfurter],
            store: MemoryRateStore([
                CachedRates(
                    source: .ecb, table: RateTable(base: .eur, date: day("2026-10-29"), rates: Sample.friday.rates),
                    fetchedAt: stale.fetchedAt)
            ]))
        let quote = try await rates.quote(from: code("USD"), to: code("EUR"))
        #expect(quote.provenance.source == .frankfurter)
        #expect(
            await rates.takeDiagnostics() == [
                .fetchFailed(
                    source: .ecb, sourceName: "European Central Bank", failure: .httpStatus(503), fallback: .otherSource("Frankfurter"))
            ])
    }

    @Test
    func whenEverySourceFailsTheFirstOnesCacheAnswers() async throws {
        let ecb = FakeRateSource(failing: .httpStatus(503))
        let frankfurter = FakeRateSource(id: .frankfurter, name: "Frankfurter", [.failure(.transport(.timedOut(seconds: 15)))])
        let rates = service(
            [ecb, frankfurter],
            store: MemoryRateStore([
                CachedRates(
                    source: .ecb, table: RateTable(base: .eur, date: day("2026-10-29"), rates: Sample.friday.rates),
                    fetchedAt: frankfurt("2026-10-29", 16, 5))
            ]))
        let quote = try await rates.quote(from: code("USD"), to: code("EUR"))
        #expect(quote.provenance.source == .ecb)
        #expect(quote.provenance.date == day("2026-10-29"))
        let diagnostics = await rates.takeDiagnostics()
        #expect(diagnostics.count == 1)
    }

    @Test
    func aPairNoSourceHasAloneIsCrossedThroughACurrencyTwoSourcesShare() async throws {
        let ecb = FakeRateSource(answering: Sample.friday)
        let dunamu = FakeRateSource(id: Self.dunamu, name: "Dunamu", [.success(.fetched(Self.krwTable, Validators()))])
        let quote = try await service([ecb, dunamu]).quote(from: code("JPY"), to: code("MNT"))
        #expect(quote.provenance.source == .ecb)
        #expect(quote.secondLeg?.source == Self.dunamu)
        // Through Dunamu's own base, which the ECB also prices: 1 JPY = 1491.76 / 175.68 KRW (ECB),
        // 1 KRW = 2.46 MNT (Dunamu). 10,000 JPY → 208,887.16 MNT.
        #expect(quote.via == code("KRW"))
        #expect(quote.convert(10_000, places: 2)! == dec("208887.16"))
    }

    @Test
    func aCurrencyNoSourceHasIsNamed() async throws {
        let ecb = FakeRateSource(answering: Sample.friday)
        await #expect(throws: RateError.notCovered(code("KWD"), sourceNames: ["European Central Bank"])) {
            try await service([ecb]).quote(from: code("KWD"), to: code("USD"))
        }
    }

    @Test
    func requestsAndWastedRequestsAreCountedPerSourceAndMonth() async throws {
        let usage = MemoryUsageStore()
        let ecb = FakeRateSource([.success(.fetched(Sample.friday, Validators())), .success(.notModified), .failure(.httpStatus(500))])
        let rates = service([ecb], store: MemoryRateStore(), usage: usage)
        _ = try await rates.refresh()
        _ = try await rates.refresh()
        _ = try await rates.refresh()
        let record = try #require(usage.load()[.ecb])
        #expect(record.month == "2026-10")
        #expect(record.requests == 3)
        #expect(record.wasted == 1)
        #expect(record.lastError == String(describing: FetchFailure.httpStatus(500)))
        // A new month starts from zero.
        #expect(record.current(at: frankfurt("2026-11-02", 9)).requests == 0)
    }

    @Test
    func nearItsQuotaASourceIsNotAskedAutomaticallyRefreshMaySpendTheRestThenStops() async throws {
        let usage = MemoryUsageStore([Self.oxr: SourceUsage(month: "2026-10", requests: 900)])
        let oxrTable = RateTable(base: code("USD"), date: day("2026-10-30"), rates: [code("EUR"): dec("0.8951")])
        let oxr = FakeRateSource(id: Self.oxr, name: "Open Exchange Rates", [.success(.fetched(oxrTable, Validators()))])
        // Thursday's table: a newer one is due, so without the quota the source would be asked.
        let thursday = RateTable(base: code("USD"), date: day("2026-10-29"), rates: oxrTable.rates)
        let cached = CachedRates(source: Self.oxr, table: thursday, fetchedAt: frankfurt("2026-10-29", 17))
        let rates = service([oxr], store: MemoryRateStore([cached]), usage: usage, quotas: [Self.oxr: 1000])
        let quote = try await rates.quote(from: code("USD"), to: code("EUR"))
        #expect(quote.provenance.origin == .cache)
        #expect(oxr.calls == 0)
        #expect(
            await rates.takeDiagnostics().contains {
                if case .fetchFailed(_, _, .quotaUsedUp(900, 1000), _) = $0 { true } else { false }
            })
        // Explicit refresh still asks while requests are left…
        _ = try await rates.refresh(only: [Self.oxr])
        #expect(oxr.calls == 1)
        // …and not once they are used up.
        let spent = MemoryUsageStore([Self.oxr: SourceUsage(month: "2026-10", requests: 1000)])
        let oxr2 = FakeRateSource(id: Self.oxr, name: "Open Exchange Rates", [.success(.fetched(oxrTable, Validators()))])
        let reports = try await service([oxr2], usage: spent, quotas: [Self.oxr: 1000]).refresh()
        #expect(reports.first?.outcome == .failed(.quotaUsedUp(used: 1000, quota: 1000)))
        #expect(oxr2.calls == 0)
    }

    @Test
    func refreshAsksEverySourceInParallelAndReportsEachInOrder() async throws {
        let ecb = FakeRateSource(answering: Sample.friday)
        let boc = FakeRateSource(id: Self.boc, name: "Bank of Canada", [.failure(.htmlBody)])
        let dunamu = FakeRateSource(id: Self.dunamu, name: "Dunamu", [.success(.fetched(Self.krwTable, Validators()))])
        let reports = try await service([ecb, boc, dunamu]).refresh()
        #expect(reports.map(\.source) == [.ecb, Self.boc, Self.dunamu])
        #expect(reports[1].outcome == .failed(.htmlBody))
        #expect(reports[0].outcome.entry?.table == Sample.friday)
        #expect([ecb.calls, boc.calls, dunamu.calls] == [Int](repeating: 1, count: 3))
    }

    @Test
    func statusShowsWhatIsCachedAndCountedWithoutAskingAnyone() async throws {
        let usage = MemoryUsageStore([.ecb: SourceUsage(month: "2026-10", requests: 4, wasted: 1)])
        let ecb = FakeRateSource(answering: Sample.friday)
        let rates = service([ecb], store: MemoryRateStore([Sample.fridayEntry()]), usage: usage, quotas: [:])
        let status = try #require(await rates.status().first)
        #expect(status.table == Sample.friday)
        #expect(status.usage?.requests == 4 && status.usage?.wasted == 1)
        #expect(status.nextExpected == frankfurt("2026-11-02", 16))
        #expect(ecb.calls == 0)
    }

    /// TAB's list: every currency (bases too) the cached tables of the sources asked cover, read
    /// from the store at each call, so a refresh since counts; a disabled source's table does not.
    @Test
    func cachedCurrenciesAreTheUnionOfTheSourcesAskedTablesReadAtEachCall() throws {
        let store = MemoryRateStore([
            CachedRates(source: Self.boc, table: Self.cadTable, fetchedAt: Self.now),
            CachedRates(source: Self.dunamu, table: Self.krwTable, fetchedAt: Self.now),
        ])
        let ecb = FakeRateSource(answering: Sample.friday)
        let boc = FakeRateSource(id: Self.boc, name: "Bank of Canada", [])
        let service = service([ecb, boc], store: store)
        #expect(service.cachedCurrencies() == ["CAD", "EUR", "TWD", "USD"].map(code))
        try store.save(CachedRates(source: .ecb, table: Sample.friday, fetchedAt: Self.now))
        let both = Set(Sample.friday.currencies + Self.cadTable.currencies)
        #expect(service.cachedCurrencies() == both.sorted())
        #expect(!service.cachedCurrencies().contains(code("MNT")))
        #expect(ecb.calls == 0 && boc.calls == 0)
    }
}

/// The change `rate` shows: against the table a new one replaced, kept in the cache.
@Suite("Rate service: change against the previous publication")
struct PreviousPublicationTests {
    @Test
    func aNewTableKeepsTheOneItReplacedQuotesCarryTheEarlierRate() async throws {
        let clock = FixedClock(frankfurt("2026-11-02", 16, 10))
        let store = MemoryRateStore([Sample.fridayEntry()])
        let source = FakeRateSource(answering: Sample.monday)
        let service = RateService(sources: [source], store: store, clock: clock, usage: MemoryUsageStore())
        let quote = try await service.quote(from: code("USD"), to: code("JPY"))
        // Friday: 175.68 / 1.1172; Monday: 176.02 / 1.1201.
        #expect(quote.previous?.day == day("2026-10-30"))
        #expect(quote.previous?.rate == dec("175.68") / dec("1.1172"))
        #expect(quote.rate == dec("176.02") / dec("1.1201"))
        // The cache file format carries it across runs.
        let file = makeFileStore()
        defer { try? FileManager.default.removeItem(atPath: file.directory) }
        try file.save(try #require(store.load().entries[.ecb]))
        #expect(file.load().entries[.ecb]?.table.previous == PreviousRates(date: day("2026-10-30"), rates: Sample.friday.rates))
    }

    private func makeFileStore() -> FileRateStore {
        FileRateStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("fx-prev-\(UUID().uuidString)").path)
    }
}

/// Sources that publish more than once a day are judged by their publication instant.
@Suite("Rate service: intraday schedules")
struct IntradayScheduleTests {
    /// An hourly source: a new table can exist an hour after the last one's instant.
    final class HourlySource: RateSource, @unchecked Sendable {
        let id = SourceID("oxr")
        let name = "Open Exchange Rates"
        let table: RateTable
        private let lock = NSLock()
        private var count = 0
        var calls: Int { lock.withLock { count } }

        init(_ table: RateTable) { self.table = table }

        func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
            lock.withLock { count += 1 }
            return .fetched(table, Validators())
        }
        func nextPublication(after day: Day) -> Date { day.startUTC + 3600 }
        func nextPublication(after table: RateTable) -> Date { (table.publishedAt ?? table.date.startUTC) + 3600 }
    }

    @Test
    func noRequestWithinTheHourAfterAPublicationOneAfterIt() async throws {
        let published = utc("2026-10-30T10:00:00Z")
        let table = RateTable(base: code("USD"), date: day("2026-10-30"), rates: [code("EUR"): dec("0.8951")], publishedAt: published)
        let source = HourlySource(table)
        let clock = FixedClock(utc("2026-10-30T10:05:00Z"))
        let service = RateService(sources: [source], store: MemoryRateStore(), clock: clock, usage: MemoryUsageStore())
        _ = try await service.quote(from: code("USD"), to: code("EUR"))
        #expect(source.calls == 1)
        clock.set(utc("2026-10-30T10:50:00Z"))
        _ = try await service.quote(from: code("USD"), to: code("EUR"))
        #expect(source.calls == 1)
        clock.set(utc("2026-10-30T11:00:30Z"))
        _ = try await service.quote(from: code("USD"), to: code("EUR"))
        #expect(source.calls == 2)
    }
}

/// Remembered failures, whole tables by base, and which answers count as requests.
@Suite("Rate service: remembered failures, whole tables, request counts")
struct RateServiceBookkeepingTests {
    static let now = frankfurt("2026-10-30", 17)

    @Test
    func aSourceThatFailedWithNothingToFallBackOnIsNotAskedAgainForTheNextQuestion() async throws {
        let boc = FakeRateSource(id: SourceID("boc"), name: "Bank of Canada", [.failure(.httpStatus(500))])
        let ecb = FakeRateSource(answering: Sample.friday)
        let service = RateService(sources: [boc, ecb], store: MemoryRateStore(), clock: FixedClock(Self.now), usage: MemoryUsageStore())
        _ = try await service.quote(from: code("USD"), to: code("JPY"))
        _ = try await service.quote(from: code("USD"), to: code("GBP"))
        #expect(boc.calls == 1)
    }

    @Test
    func aWholeTableComesFromTheFirstSourceThatHasTheBase() async throws {
        let ecb = FakeRateSource(answering: Sample.friday)
        let cad = RateTable(base: code("CAD"), date: day("2026-10-30"), rates: [code("TWD"): dec("22.97"), code("USD"): dec("0.7173")])
        let boc = FakeRateSource(id: SourceID("boc"), name: "Bank of Canada", [.success(.fetched(cad, Validators()))])
        let service = RateService(sources: [ecb, boc], store: MemoryRateStore(), clock: FixedClock(Self.now), usage: MemoryUsageStore())
        let (table, provenance) = try await service.latestTable(covering: code("TWD"))
        #expect(table.base == code("CAD") && provenance.source == SourceID("boc"))
        await #expect(throws: RateError.notCovered(code("XAF"), sourceNames: ["European Central Bank", "Bank of Canada"])) {
            try await service.latestTable(covering: code("XAF"))
        }
    }

    @Test
    func answersRefusedAfterTheyArrivedCountAsRequestsRequestsNeverSentDoNot() async throws {
        let usage = MemoryUsageStore()
        let future = RateTable(base: .eur, date: day("2026-11-05"), rates: Sample.friday.rates)
        let source = FakeRateSource([.success(.notModified), .success(.fetched(future, Validators())), .failure(.transport(.insecureURL))])
        let service = RateService(sources: [source], store: MemoryRateStore(), clock: FixedClock(Self.now), usage: usage)
        for _ in 0..<3 { _ = try await service.refresh() }
        #expect(usage.load()[.ecb]?.requests == 2)
    }

    @Test
    func aPublicationAFewMinutesAheadOfThisClockKeepsItsScheduleNotADaysFallback() async throws {
        let published = Self.now.addingTimeInterval(120)
        let table = RateTable(base: code("USD"), date: day("2026-10-30"), rates: [code("EUR"): dec("0.8951")], publishedAt: published)
        let source = IntradayScheduleTests.HourlySource(table)
        let clock = FixedClock(Self.now)
        let service = RateService(sources: [source], store: MemoryRateStore(), clock: clock, usage: MemoryUsageStore())
        _ = try await service.quote(from: code("USD"), to: code("EUR"))
        clock.advance(by: 3 * 3600)
        _ = try await service.quote(from: code("USD"), to: code("EUR"))
        #expect(source.calls == 2)
    }
}
