import FXRates
import Foundation
import FXTestSupport
import Testing

/// When every source is down: one diagnostic for the question, a back-off kept across runs in
/// usage, and no request to a source whose table is known to lack the pair.
@Suite("Rate service: every source down")
struct AllSourcesDownTests {
    static let now = frankfurt("2026-11-02", 16, 30)
    static let boc = SourceID("boc")
    /// Friday's tables, as each source cached them: a newer publication is due, so each is asked.
    static let ecbEntry = Sample.fridayEntry()
    static let frankfurterEntry = CachedRates(source: .frankfurter, table: Sample.friday, fetchedAt: frankfurt("2026-10-30", 16, 10))
    /// The Bank of Canada's CAD table of that Friday: USD and EUR, but no JPY.
    static let bocEntry = CachedRates(
        source: boc,
        table: RateTable(base: code("CAD"), date: day("2026-10-30"), rates: [code("USD"): dec("0.7173"), code("EUR"): dec("0.6421")]),
        fetchedAt: frankfurt("2026-10-30", 17))

    static func sources(_ failures: [FetchFailure]) -> [FakeRateSource] {
        [
            FakeRateSource(failing: failures[0]),
            FakeRateSource(id: .frankfurter, name: "Frankfurter", [.failure(failures[1])]),
            FakeRateSource(id: boc, name: "Bank of Canada", [.failure(failures[2])]),
        ]
    }

    func service(_ sources: [FakeRateSource], clock: FixedClock, usage: any UsageStore) -> RateService {
        RateService(
            sources: sources, store: MemoryRateStore([Self.ecbEntry, Self.frankfurterEntry, Self.bocEntry]),
            clock: clock, builtIn: .ecb, usage: usage)
    }

    @Test func everySourceFailingIsOneDiagnosticNamingEachAndTheCacheThatAnswered() async throws {
        let sources = Self.sources([.httpStatus(500), .htmlBody, .transport(.cannotConnect("refused"))])
        let rates = service(sources, clock: FixedClock(Self.now), usage: MemoryUsageStore())
        let quote = try await rates.quote(from: code("USD"), to: code("EUR"))
        #expect(quote.provenance.source == .ecb && quote.provenance.origin == .cache)
        #expect(sources.map(\.calls) == [1, 1, 1])
        #expect(
            await rates.takeDiagnostics() == [
                .fetchesFailed(
                    [
                        FailedSource(source: .ecb, sourceName: "European Central Bank", failure: .httpStatus(500)),
                        FailedSource(source: .frankfurter, sourceName: "Frankfurter", failure: .htmlBody),
                        FailedSource(source: Self.boc, sourceName: "Bank of Canada", failure: .transport(.cannotConnect("refused"))),
                    ],
                    fallback: .cached(day("2026-10-30"), fetchedAt: Self.ecbEntry.checkedAt), answeredBy: "European Central Bank")
            ])
    }

    @Test func aWholeTableAfterEverySourceFailedIsOneDiagnosticNamingThoseWithNothingCachedToo() async throws {
        let sources = Self.sources([.httpStatus(500), .httpStatus(502), .httpStatus(503)])
        let rates = RateService(
            sources: sources, store: MemoryRateStore([Self.bocEntry]), clock: FixedClock(Self.now), usage: MemoryUsageStore())
        let (_, provenance) = try await rates.latestTable()
        #expect(provenance.source == Self.boc)
        #expect(
            await rates.takeDiagnostics() == [
                .fetchesFailed(
                    [
                        FailedSource(source: .ecb, sourceName: "European Central Bank", failure: .httpStatus(500)),
                        FailedSource(source: .frankfurter, sourceName: "Frankfurter", failure: .httpStatus(502)),
                        FailedSource(source: Self.boc, sourceName: "Bank of Canada", failure: .httpStatus(503)),
                    ],
                    fallback: .cached(day("2026-10-30"), fetchedAt: Self.bocEntry.checkedAt), answeredBy: "Bank of Canada")
            ])
    }

    @Test func aSecondRunWithinTheBackOffAsksNoSourceAndSaysWhenEachIsAskedAgain() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fx-down-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let usage = FileUsageStore(directory: directory)
        let clock = FixedClock(Self.now)
        let sources = Self.sources([.httpStatus(500), .httpStatus(500), .httpStatus(500)])
        _ = try await service(sources, clock: clock, usage: usage).quote(from: code("USD"), to: code("EUR"))
        #expect(sources.map(\.calls) == [1, 1, 1])
        #expect(usage.load()[.ecb]?.failures == 1)

        // Run 2, 40 s later, with a new service (a new process): nobody asked, one diagnostic.
        clock.set(Self.now + 40)
        let second = service(sources, clock: clock, usage: usage)
        #expect(try await second.quote(from: code("USD"), to: code("EUR")).provenance.origin == .cache)
        #expect(sources.map(\.calls) == [1, 1, 1])
        let reason = String(describing: FetchFailure.httpStatus(500))
        let held = FetchFailure.backingOff(failedAt: Self.now, reason: reason, until: Self.now + 60)
        #expect(
            await second.takeDiagnostics() == [
                .fetchesFailed(
                    [
                        FailedSource(source: .ecb, sourceName: "European Central Bank", failure: held),
                        FailedSource(source: .frankfurter, sourceName: "Frankfurter", failure: held),
                        FailedSource(source: Self.boc, sourceName: "Bank of Canada", failure: held),
                    ],
                    fallback: .cached(day("2026-10-30"), fetchedAt: Self.ecbEntry.checkedAt), answeredBy: "European Central Bank")
            ])

        // Run 3, after the minute: asked again; a second failure in a row doubles the wait.
        clock.set(Self.now + 61)
        _ = try await service(sources, clock: clock, usage: usage).quote(from: code("USD"), to: code("EUR"))
        #expect(sources.map(\.calls) == [2, 2, 2])
        #expect(usage.load()[.ecb]?.failures == 2)
        clock.set(Self.now + 61 + 119)
        _ = try await service(sources, clock: clock, usage: usage).quote(from: code("USD"), to: code("EUR"))
        #expect(sources.map(\.calls) == [2, 2, 2])
        clock.set(Self.now + 61 + 121)
        _ = try await service(sources, clock: clock, usage: usage).quote(from: code("USD"), to: code("EUR"))
        #expect(sources.map(\.calls) == [3, 3, 3])
    }

    @Test func aSuccessEndsTheBackOff() async throws {
        let usage = MemoryUsageStore()
        let clock = FixedClock(Self.now)
        let ecb = FakeRateSource([.failure(.httpStatus(500)), .failure(.httpStatus(500)), .success(.fetched(Sample.monday, Validators()))])
        for offset: TimeInterval in [0, 61, 182] {
            clock.set(Self.now + offset)
            _ = try await RateService(sources: [ecb], store: MemoryRateStore([Self.ecbEntry]), clock: clock, usage: usage)
                .quote(from: code("USD"), to: code("EUR"))
        }
        #expect(ecb.calls == 3)
        #expect(usage.load()[.ecb]?.failures == 0)
        #expect(usage.load()[.ecb]?.backingOffUntil(at: clock.now()) == nil)
    }

    @Test func refreshIsNotHeldBackByTheBackOff() async throws {
        let usage = MemoryUsageStore()
        let clock = FixedClock(Self.now)
        let ecb = FakeRateSource([.failure(.httpStatus(500)), .success(.fetched(Sample.monday, Validators()))])
        _ = try await RateService(sources: [ecb], store: MemoryRateStore([Self.ecbEntry]), clock: clock, usage: usage)
            .quote(from: code("USD"), to: code("EUR"))
        clock.advance(by: 10)
        let reports = try await RateService(sources: [ecb], store: MemoryRateStore([Self.ecbEntry]), clock: clock, usage: usage).refresh()
        #expect(ecb.calls == 2)
        #expect(reports.first?.outcome.entry?.table.date == Sample.monday.date)
        #expect(usage.load()[.ecb]?.failures == 0)
    }

    @Test func aSourceWhoseTableLacksThePairIsNotAskedWhenAnotherQuotesIt() async throws {
        // The Bank of Canada first, with no JPY in its cached table: the ECB (failing, cached) answers alone.
        let boc = FakeRateSource(id: Self.boc, name: "Bank of Canada", [.failure(.httpStatus(500))])
        let ecb = FakeRateSource(failing: .httpStatus(500))
        let rates = RateService(
            sources: [boc, ecb], store: MemoryRateStore([Self.ecbEntry, Self.bocEntry]), clock: FixedClock(Self.now),
            usage: MemoryUsageStore())
        let quote = try await rates.quote(from: code("USD"), to: code("JPY"))
        #expect(quote.provenance.source == .ecb)
        #expect(boc.calls == 0 && ecb.calls == 1)
        #expect(
            await rates.takeDiagnostics() == [
                .fetchFailed(
                    source: .ecb, sourceName: "European Central Bank", failure: .httpStatus(500),
                    fallback: .cached(day("2026-10-30"), fetchedAt: Self.ecbEntry.checkedAt))
            ])
    }

    @Test func sourcesLackingThePairAreAskedForACrossRateWhenNothingQuotesItDirectly() async throws {
        // JPY only at the ECB, TWD only at the Bank of Canada: both tables lack the pair, both are asked.
        let cad = RateTable(base: code("CAD"), date: day("2026-10-30"), rates: [code("EUR"): dec("0.6421"), code("TWD"): dec("22.97")])
        let boc = FakeRateSource(id: Self.boc, name: "Bank of Canada", [.success(.fetched(cad, Validators()))])
        let ecb = FakeRateSource(answering: Sample.monday)
        let rates = RateService(
            sources: [ecb, boc],
            store: MemoryRateStore([Self.ecbEntry, CachedRates(source: Self.boc, table: cad, fetchedAt: Self.now - 86_400)]),
            clock: FixedClock(Self.now), usage: MemoryUsageStore())
        let quote = try await rates.quote(from: code("JPY"), to: code("TWD"))
        #expect(quote.via != nil && quote.secondLeg?.source == Self.boc, "\(quote)")
        #expect(ecb.calls == 1 && boc.calls == 1)
    }
}

/// The back-off rule read from a usage record: doubling from a minute, capped at 30, read capped.
@Suite("Back-off")
struct BackOffTests {
    static let now = utc("2026-11-22T08:00:00Z")

    @Test func theWaitDoublesFromAMinuteUpToHalfAnHour() {
        #expect((0...8).map { BackOff.delay(afterFailures: $0) } == [0, 60, 120, 240, 480, 960, 1800, 1800, 1800])
        #expect(BackOff.delay(afterFailures: -3) == 0)
        #expect(BackOff.delay(afterFailures: Int.max) == 1800)
    }

    @Test func aCorruptedCountOrAFailureStampedInTheFutureNeverHoldsASourceLongerThanTheCap() {
        let huge = SourceUsage(month: "2026-11", lastError: "x", lastErrorAt: Self.now - 10, failures: 1_000_000)
        #expect(huge.backingOffUntil(at: Self.now) == Self.now - 10 + BackOff.longest)
        let negative = SourceUsage(month: "2026-11", lastError: "x", lastErrorAt: Self.now - 10, failures: -5)
        #expect(negative.backingOffUntil(at: Self.now) == nil)
        // A clock since moved back: a failure far ahead has no age, and is not waited for.
        let future = SourceUsage(month: "2026-11", lastError: "x", lastErrorAt: utc("2100-01-01T00:00:00Z"), failures: 6)
        #expect(future.backingOffUntil(at: Self.now) == nil)
        // A few seconds ahead (clocks of two processes): honoured, but never past now plus the cap.
        let close = SourceUsage(month: "2026-11", lastError: "x", lastErrorAt: Self.now + 30, failures: 6)
        #expect(close.backingOffUntil(at: Self.now) == Self.now + BackOff.longest)
        #expect(SourceUsage(month: "2026-11", lastErrorAt: Self.now, failures: 0).backingOffUntil(at: Self.now) == nil)
    }

    @Test func theCountIsKeptAcrossAMonthAndReadAsZeroFromAnOlderFile() throws {
        let record = UsageUpdate.apply(.failed("x", suggestsNoNetwork: true), requests: 1, to: nil, at: utc("2026-11-30T23:59:30Z"))
        let next = record.current(at: utc("2026-12-01T00:00:10Z"))
        #expect(next.failures == 1 && next.lastErrorSuggestsNoNetwork && next.requests == 0)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let old = try decoder.decode(SourceUsage.self, from: Data(#"{"month":"2026-11","requests":2,"wasted":0}"#.utf8))
        #expect(old == SourceUsage(month: "2026-11", requests: 2))
    }
}
