import Foundation
import Testing
import FXRates
import FXTestSupport

// MARK: - Test doubles shared with DatedRateTests

/// The real ECB history since 1999 (7,126 publications to Friday 2026-10-30), parsed once.
enum RealECBHistory {
    static let all: RateHistory = try! ECBHistoryCSV.history(ecbFullHistoryCSV)

    static let lastDay = day("2026-10-30")

    /// Every publication up to `last`, as the ECB's full-history file had it on that day.
    static func through(_ last: Day) -> RateHistory { all.restricted(to: all.first!...last) }

    /// The ECB's 90-day file as seen on `today`, its newest publication `last`.
    static func recent(today: Day, through last: Day) -> RateHistory { all.restricted(to: today.adding(days: -90)...last) }

    /// The complete history to `last`, as a run that fetched it at `checkedAt` saved it.
    static func entry(through last: Day = lastDay, checkedAt: Date, complete: Bool = true) -> CachedHistory {
        CachedHistory(source: .ecb, history: through(last), complete: complete, fetchedAt: checkedAt)
    }
}

/// A history source that answers the way the ECB does, from the real CSV, or fails on request,
/// and records every `fetchHistory(since:today:)` call.
final class ScriptedHistorySource: HistorySource, @unchecked Sendable {
    struct Call: Equatable, CustomStringConvertible {
        let since: Day?
        let today: Day
        var description: String { "since \(since.map(\.description) ?? "nil") today \(today)" }
    }

    enum Answer {
        /// Like `ECBSource`: since a recent day, the 90-day file; otherwise the full history.
        case ecb
        case history(RateHistory)
        case failure(FetchFailure)
    }

    let id: SourceID
    let name: String
    private let lock = NSLock()
    private var answerValue: Answer
    private var latestValue: Day
    private var recorded: [Call] = []

    init(id: SourceID = .ecb, name: String = "European Central Bank", latest: Day = RealECBHistory.lastDay, _ answer: Answer = .ecb) {
        self.id = id
        self.name = name
        self.latestValue = latest
        self.answerValue = answer
    }

    var answer: Answer {
        get { lock.withLock { answerValue } }
        set { lock.withLock { answerValue = newValue } }
    }

    /// The newest publication the source has.
    var latest: Day {
        get { lock.withLock { latestValue } }
        set { lock.withLock { latestValue = newValue } }
    }

    var calls: [Call] { lock.withLock { recorded } }

    func fetchHistory(since start: Day?, today: Day) async throws(FetchFailure) -> RateHistory {
        let (answer, latest) = lock.withLock { () -> (Answer, Day) in
            recorded.append(Call(since: start, today: today))
            return (answerValue, latestValue)
        }
        switch answer {
        case .failure(let failure):
            throw failure
        case .history(let history):
            return history
        case .ecb:
            if let start, start >= today.adding(days: -85) { return RealECBHistory.recent(today: today, through: latest) }
            return try ECBHistoryCSV.history(ECBFiles.csv(through: latest))
        }
    }

    /// The ECB schedule: 16:00 Frankfurt time on the next TARGET working day.
    func nextPublication(after day: Day) -> Date {
        CentralEuropeanTime.instant(on: TargetCalendar.nextWorkingDay(after: day), hour: 16)
    }
}

private let ecbName = "European Central Bank"
private let jpy = code("JPY")
private let gbp = code("GBP")
private let chf = code("CHF")

/// Units of `quote` per `base` on `day`, straight from the real history: q / b.
private func realRate(_ base: CurrencyCode, _ quote: CurrencyCode, on day: Day) -> Decimal {
    let history = RealECBHistory.all
    let index = history.days.firstIndex(of: day)!
    let b = history.rate(base, at: index)!, q = history.rate(quote, at: index)!
    return b == 1 ? q : q / b
}

// MARK: - Schedule

@Suite("History service: when to ask the source")
struct HistoryServiceScheduleTests {
    @Test func fullHistoryOnceThenOnlyTheNewDays() async throws {
        let source = ScriptedHistorySource(latest: day("2026-10-29"))
        let store = MemoryHistoryStore()
        let clock = FixedClock(frankfurt("2026-10-29", 17))
        let service = HistoryService(sources: [source], store: store, clock: clock)

        let first = try await service.pair(base: .usd, quote: jpy, range: nil)
        #expect(source.calls == [.init(since: nil, today: day("2026-10-29"))])
        #expect(first.points.count == 7125)
        #expect(first.requested == day("1999-01-04")...day("2026-10-29"))
        #expect(first.points.first == RatePoint(day: day("1999-01-04"), rate: dec("133.73") / dec("1.1789")))
        #expect(first.points.last == RatePoint(day: day("2026-10-29"), rate: dec("175.92") / dec("1.113")))
        #expect(first.provenance.origin == .network)
        #expect(first.provenance.date == day("2026-10-29"))
        #expect(first.provenance.fetchedAt == clock.now())
        #expect(store.saveCount == 1)
        let saved = try #require(store.load(.ecb, currencies: nil).0)
        #expect(saved.complete)
        #expect(saved.history.days.count == 7125)
        #expect(saved.fetchedAt == clock.now())

        // Same time: memory answers, then the store answers a new run.
        _ = try await service.pair(base: gbp, quote: chf, range: nil)
        #expect(source.calls.count == 1)
        let nextRun = HistoryService(sources: [source], store: store, clock: clock)
        let cached = try await nextRun.pair(base: .usd, quote: jpy, range: nil)
        #expect(source.calls.count == 1)
        #expect(cached.provenance.origin == .cache)
        #expect(cached.points == first.points)

        // Not before Friday's publication is due.
        clock.set(frankfurt("2026-10-30", 15, 59))
        _ = try await service.pair(base: .usd, quote: jpy, range: nil)
        #expect(source.calls.count == 1)

        // Friday 16:01: only the days after the last one held are asked for.
        source.latest = day("2026-10-30")
        clock.set(frankfurt("2026-10-30", 16, 1))
        let later = try await service.pair(base: .usd, quote: jpy, range: nil)
        #expect(source.calls == [.init(since: nil, today: day("2026-10-29")), .init(since: day("2026-10-30"), today: day("2026-10-30"))])
        #expect(later.points.count == 7126)
        #expect(later.points.last == RatePoint(day: day("2026-10-30"), rate: dec("175.68") / dec("1.1172")))
        #expect(later.points.dropLast() == first.points[...])
        #expect(later.provenance.origin == .network)
        #expect(later.provenance.date == day("2026-10-30"))
        let merged = try #require(store.load(.ecb, currencies: nil).0)
        #expect(merged.complete)
        #expect(merged.history == RealECBHistory.all)
        #expect(merged.fetchedAt == clock.now())
        #expect(merged.checkedAt == clock.now())
        #expect(store.saveCount == 2)
        #expect(await service.takeDiagnostics().isEmpty)
    }

    @Test func datedQuoteWithAnEmptyStoreAsksFromThatDay() async throws {
        let source = ScriptedHistorySource()
        let store = MemoryHistoryStore()
        let clock = FixedClock(utc("2026-11-02T12:00:00Z"))
        let service = HistoryService(sources: [source], store: store, clock: clock)

        // A recent day: the source is asked from that day only (the ECB's 90-day file).
        let recent = try await service.quote(from: .usd, to: jpy, on: day("2026-10-20"))
        #expect(source.calls == [.init(since: day("2026-10-20"), today: day("2026-11-02"))])
        // 2026-10-20: USD 1.1215, JPY 177.34 → 100 USD = 15,812.75… JPY
        #expect(recent.fromPerBase == dec("1.1215"))
        #expect(recent.toPerBase == dec("177.34"))
        #expect(recent.convert(100, places: 0)! == 15813)
        #expect(recent.provenance.date == day("2026-10-20"))
        #expect(recent.provenance.requested == nil)
        #expect(recent.provenance.origin == .network)
        let partial = try #require(store.load(.ecb, currencies: nil).0)
        #expect(!partial.complete)
        #expect(partial.history == RealECBHistory.recent(today: day("2026-11-02"), through: day("2026-10-30")))

        // Another day the partial history holds: no new request.
        let september = try await service.quote(from: .eur, to: gbp, on: day("2026-09-01"))
        #expect(source.calls.count == 1)
        #expect(september.provenance.date == day("2026-09-01"))

        // 2005: asked from that day too; the source chooses to send everything, so the history is complete.
        let old = try await service.quote(from: gbp, to: .usd, on: day("2005-06-15"))
        #expect(source.calls.last == .init(since: day("2005-06-15"), today: day("2026-11-02")))
        #expect(source.calls.count == 2)
        // 2005-06-15: USD 1.2069, GBP 0.6667 → 100 GBP = 100 × 1.2069 / 0.6667 = 181.0259… USD
        #expect(old.rate == dec("1.2069") / dec("0.6667"))
        #expect(old.convert(100, places: 2)! == dec("181.03"))
        let complete = try #require(store.load(.ecb, currencies: nil).0)
        #expect(complete.complete)
        #expect(complete.history == RealECBHistory.all)

        // The answer for any day since 1999 now needs no request.
        _ = try await service.quote(from: .usd, to: jpy, on: day("1999-01-04"))
        #expect(source.calls.count == 2)
        #expect(await service.takeDiagnostics().isEmpty)
    }

    @Test func aHistoryCheckedInTheFutureIsAskedAgain() async throws {
        // Checked by a clock a week ahead, since corrected: its age is unknown, so it is asked again.
        let store = MemoryHistoryStore([RealECBHistory.entry(checkedAt: frankfurt("2026-11-07", 12, 0))])
        let source = ScriptedHistorySource()
        let clock = FixedClock(frankfurt("2026-10-31", 12, 0))
        let service = HistoryService(sources: [source], store: store, clock: clock)
        let quote = try await service.quote(from: .usd, to: jpy, on: day("2026-10-30"))
        #expect(source.calls == [.init(since: day("2026-10-31"), today: day("2026-10-31"))])
        #expect(quote.provenance.fetchedAt == clock.now())
    }

    @Test func nothingIsAskedBeforeTheNextPublicationIsDue() async throws {
        let checked = frankfurt("2026-10-30", 16, 5)
        let store = MemoryHistoryStore([RealECBHistory.entry(checkedAt: checked)])
        let source = ScriptedHistorySource()
        let quiet: [(String, Int, Int)] = [("2026-10-30", 18, 0), ("2026-10-31", 12, 0), ("2026-11-01", 23, 59), ("2026-11-02", 15, 59)]
        for (date, hour, minute) in quiet {
            let service = HistoryService(sources: [source], store: store, clock: FixedClock(frankfurt(date, hour, minute)))
            let saturday = try await service.quote(from: .usd, to: jpy, on: day(date))
            #expect(saturday.provenance.origin == .cache)
            #expect(saturday.provenance.date == day("2026-10-30"))
            #expect(saturday.provenance.fetchedAt == checked)
            _ = try await service.pair(base: .usd, quote: jpy, range: nil)
            #expect(source.calls.isEmpty, "\(date) \(hour):\(minute)")
        }
        #expect(store.saveCount == 0)

        // Monday 16:01: asked from the day after Friday. The source has nothing newer yet (late).
        let clock = FixedClock(frankfurt("2026-11-02", 16, 1))
        let monday = HistoryService(sources: [source], store: store, clock: clock)
        _ = try await monday.pair(base: .usd, quote: jpy, range: nil)
        #expect(source.calls == [.init(since: day("2026-10-31"), today: day("2026-11-02"))])
        let kept = try #require(store.load(.ecb, currencies: nil).0)
        #expect(kept.history == RealECBHistory.all)
        #expect(kept.complete)
        #expect(kept.fetchedAt == checked)
        #expect(kept.checkedAt == clock.now())

        // Late: asked again after the recheck interval (15 minutes), not before.
        clock.set(frankfurt("2026-11-02", 16, 15))
        _ = try await monday.pair(base: .usd, quote: jpy, range: nil)
        #expect(source.calls.count == 1)
        clock.set(frankfurt("2026-11-02", 16, 17))
        _ = try await monday.pair(base: .usd, quote: jpy, range: nil)
        #expect(source.calls.count == 2)
        #expect(source.calls.last == .init(since: day("2026-10-31"), today: day("2026-11-02")))
    }

    @Test func easterIsNotAskedAbout() async throws {
        // The history ends on Maundy Thursday 2026-04-02; the next publication is Tuesday 2026-04-07, 16:00 CEST.
        let store = MemoryHistoryStore([RealECBHistory.entry(through: day("2026-04-02"), checkedAt: frankfurt("2026-04-02", 16, 10))])
        let source = ScriptedHistorySource(latest: day("2026-04-07"))
        for (date, hour) in [("2026-04-03", 12), ("2026-04-05", 20), ("2026-04-06", 17), ("2026-04-07", 15)] {
            let service = HistoryService(sources: [source], store: store, clock: FixedClock(frankfurt(date, hour)))
            let quote = try await service.quote(from: .eur, to: .usd, on: day(date))
            #expect(quote.provenance.date == day("2026-04-02"))
            #expect(quote.provenance.requested == day(date))
        }
        #expect(source.calls.isEmpty)
        let tuesday = HistoryService(sources: [source], store: store, clock: FixedClock(frankfurt("2026-04-07", 16, 1)))
        let quote = try await tuesday.quote(from: .eur, to: .usd, on: day("2026-04-07"))
        #expect(source.calls == [.init(since: day("2026-04-03"), today: day("2026-04-07"))])
        #expect(quote.provenance.date == day("2026-04-07"))
        #expect(quote.provenance.requested == nil)
        #expect(store.load(.ecb, currencies: nil).0?.complete == true)
    }
}

// MARK: - Failures

@Suite("History service: failures and fallbacks")
struct HistoryServiceFallbackTests {
    @Test func failureWithACachedHistoryAnswersFromItAndWaitsBeforeRetrying() async throws {
        let entry = RealECBHistory.entry(checkedAt: frankfurt("2026-10-30", 16, 5))
        let store = MemoryHistoryStore([entry])
        let source = ScriptedHistorySource(.failure(.httpStatus(503)))
        let clock = FixedClock(frankfurt("2026-11-02", 16, 30))
        let service = HistoryService(sources: [source], store: store, clock: clock, builtIn: .ecb)

        let quote = try await service.quote(from: .usd, to: .eur, on: day("2026-11-02"))
        #expect(source.calls == [.init(since: day("2026-10-31"), today: day("2026-11-02"))])
        #expect(quote.provenance.origin == .cache)
        #expect(quote.provenance.date == day("2026-10-30"))
        #expect(quote.provenance.requested == day("2026-11-02"))
        // 2026-10-30: USD 1.1172 → 100 USD = 89.508… EUR
        #expect(quote.convert(100, places: 2)! == dec("89.51"))
        #expect(
            await service.takeDiagnostics() == [
                .fetchFailed(
                    source: .ecb, sourceName: ecbName, failure: .httpStatus(503),
                    fallback: .cached(day("2026-10-30"), fetchedAt: entry.checkedAt))
            ])
        #expect(store.saveCount == 0)

        // Within a minute (`BackOff` after one failure): no new attempt and no new warning.
        clock.advance(by: 50)
        let again = try await service.pair(base: .usd, quote: jpy, range: day("2026-10-01")...day("2026-10-30"))
        #expect(again.points.count == 22)
        #expect(source.calls.count == 1)
        #expect(await service.takeDiagnostics().isEmpty)

        clock.advance(by: 20)
        _ = try await service.quote(from: .usd, to: .eur, on: day("2026-10-30"))
        #expect(source.calls.count == 2)
        #expect(await service.takeDiagnostics().count == 1)
        #expect(store.load(.ecb, currencies: nil).0 == entry)
    }

    @Test func failureWithNothingCachedUsesTheBuiltInRates() async throws {
        let failure = FetchFailure.transport(.timedOut(seconds: 15))
        let store = MemoryHistoryStore()
        let source = ScriptedHistorySource(.failure(failure))
        let service = HistoryService(sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-03", 9)), builtIn: .ecb)

        let quote = try await service.quote(from: .usd, to: jpy, on: day("2026-10-30"))
        #expect(source.calls == [.init(since: day("2026-10-30"), today: day("2026-11-03"))])
        #expect(quote.provenance.origin == .builtIn)
        #expect(quote.provenance.fetchedAt == nil)
        #expect(quote.provenance.date == day("2026-10-30"))
        // 2026-10-30: USD 1.1172, JPY 175.68 → 100 USD = 15,724.99… JPY
        #expect(quote.convert(100, places: 0)! == 15725)
        // One warning for one event (the shell prints "…; using the built-in rates of 2026-10-30" once).
        #expect(
            await service.takeDiagnostics() == [
                .fetchFailed(source: .ecb, sourceName: ecbName, failure: failure, fallback: .builtIn(day("2026-10-30")))
            ])
        #expect(store.saveCount == 0)
        #expect(store.load(.ecb, currencies: nil).0 == nil)
    }

    @Test func failureWithNothingAtAllIsUnavailable() async {
        let failure = FetchFailure.transport(.timedOut(seconds: 15))
        let source = ScriptedHistorySource(.failure(failure))
        let service = HistoryService(sources: [source], store: MemoryHistoryStore(), clock: FixedClock(frankfurt("2026-11-03", 9)))
        await #expect(throws: RateError.unavailable(source: .ecb, sourceName: ecbName, failure: failure)) {
            try await service.quote(from: .usd, to: jpy, on: day("2026-10-30"))
        }
        await #expect(throws: RateError.unavailable(source: .ecb, sourceName: ecbName, failure: failure)) {
            try await service.pair(base: .usd, quote: jpy, range: nil)
        }
    }

    @Test func builtInRatesOnlyStandInForTheirSource() async {
        let other = SourceID("other")
        let source = ScriptedHistorySource(id: other, name: "Other Bank", .failure(.httpStatus(500)))
        let service = HistoryService(
            sources: [source], store: MemoryHistoryStore(), clock: FixedClock(frankfurt("2026-11-03", 9)), builtIn: .ecb)
        await #expect(throws: RateError.unavailable(source: other, sourceName: "Other Bank", failure: .httpStatus(500))) {
            try await service.quote(from: .usd, to: jpy, on: day("2026-10-30"))
        }
    }
}

// MARK: - Offline

@Suite("History service: offline")
struct HistoryServiceOfflineTests {
    @Test func offlineUsesEvenAnOldCacheAndNeverAsks() async throws {
        let entry = RealECBHistory.entry(checkedAt: frankfurt("2026-10-30", 16, 5))
        let source = ScriptedHistorySource()
        let service = HistoryService(
            sources: [source], store: MemoryHistoryStore([entry]), clock: FixedClock(frankfurt("2026-11-10", 12)),
            builtIn: .ecb, options: .init(offline: true))
        let quote = try await service.quote(from: .usd, to: jpy, on: day("2005-06-15"))
        #expect(quote.provenance.origin == .cache)
        #expect(quote.provenance.date == day("2005-06-15"))
        let pair = try await service.pair(base: .usd, quote: jpy, range: nil)
        #expect(pair.points.count == 7126)
        #expect(source.calls.isEmpty)
        #expect(await service.takeDiagnostics().isEmpty)
    }

    @Test func offlineWithNothingUsesTheBuiltInRates() async throws {
        let source = ScriptedHistorySource()
        let service = HistoryService(
            sources: [source], store: MemoryHistoryStore(), clock: FixedClock(frankfurt("2026-11-03", 9)),
            builtIn: .ecb, options: .init(offline: true))
        let quote = try await service.quote(from: .usd, to: jpy, on: day("2026-10-20"))
        #expect(quote.provenance.origin == .builtIn)
        #expect(quote.provenance.date == day("2026-10-20"))
        #expect(quote.fromPerBase == dec("1.1215"))
        #expect(quote.toPerBase == dec("177.34"))
        #expect(await service.takeDiagnostics() == [.usingBuiltIn(day("2026-10-30"))])
        // Asked again: the built-in rates are held, and said once.
        _ = try await service.quote(from: .usd, to: gbp, on: day("2026-10-30"))
        #expect(await service.takeDiagnostics().isEmpty)
        #expect(source.calls.isEmpty)
    }

    @Test func aDayBeforeTheBuiltInRatesIsNotFetchedNotBeforeTheSource() async throws {
        let service = HistoryService(
            sources: [ScriptedHistorySource()], store: MemoryHistoryStore(), clock: FixedClock(frankfurt("2026-11-03", 9)),
            builtIn: .ecb, options: .init(offline: true))
        do {
            _ = try await service.quote(from: .usd, to: jpy, on: day("2001-01-02"))
            Issue.record("expected an error")
        } catch {
            guard case .history(.notFetched(let asked, let held, let builtIn, let name)) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(asked == day("2001-01-02") && builtIn && name == ecbName)
            #expect(held.upperBound == day("2026-10-30") && held.lowerBound > day("2026-01-01"))
        }
        // A part fetched (the 90-day file) is not the source's beginning either.
        let recent = RealECBHistory.recent(today: day("2026-11-02"), through: day("2026-10-30"))
        let partial = HistoryService(
            sources: [ScriptedHistorySource()],
            store: MemoryHistoryStore([
                CachedHistory(source: .ecb, history: recent, complete: false, fetchedAt: frankfurt("2026-11-02", 12))
            ]),
            clock: FixedClock(frankfurt("2026-11-03", 9)), options: .init(offline: true))
        await #expect(
            throws: RateError.history(
                .notFetched(day("2001-01-02"), held: recent.first!...recent.last!, builtIn: false, sourceName: ecbName))
        ) {
            try await partial.quote(from: .usd, to: jpy, on: day("2001-01-02"))
        }
        // The error says it; no warning repeats it.
        #expect(await partial.takeDiagnostics().isEmpty)
    }

    @Test func offlineWithNothingAndNoBuiltInIsAnError() async {
        let source = ScriptedHistorySource()
        let service = HistoryService(
            sources: [source], store: MemoryHistoryStore(), clock: FixedClock(frankfurt("2026-11-03", 9)),
            options: .init(offline: true))
        await #expect(throws: RateError.offlineWithoutData(.ecb)) {
            try await service.quote(from: .usd, to: jpy, on: day("2026-10-30"))
        }
        #expect(source.calls.isEmpty)
    }

    @Test func offlineWithAHistoryNotReachingBackSaysSo() async throws {
        // Only the 90-day file was ever fetched: 2026-08-04 to 2026-10-30.
        let recent = RealECBHistory.recent(today: day("2026-11-02"), through: day("2026-10-30"))
        let entry = CachedHistory(source: .ecb, history: recent, complete: false, fetchedAt: frankfurt("2026-11-02", 12))
        let source = ScriptedHistorySource()
        let service = HistoryService(
            sources: [source], store: MemoryHistoryStore([entry]), clock: FixedClock(frankfurt("2026-11-03", 9)),
            options: .init(offline: true))
        let pair = try await service.pair(base: .usd, quote: jpy, range: day("2026-01-01")...day("2026-10-30"))
        #expect(source.calls.isEmpty)
        #expect(pair.points.first?.day == recent.first)
        #expect(pair.points.count == recent.days.count)
        #expect(pair.requested == day("2026-01-01")...day("2026-10-30"))
        #expect(await service.takeDiagnostics() == [.partialHistory(sourceName: ecbName, from: recent.first!)])
    }
}

// MARK: - Sources

@Suite("History service: choosing the source")
struct HistoryServiceSourceTests {
    /// A USD-based source holding only CAD, for five days.
    static func dollarSource() -> ScriptedHistorySource {
        let days = ["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30"].map(day)
        let cad: [Decimal?] = ["1.3912", "1.3920", "1.3955", "1.3996", "1.3969"].map(dec)
        let history = RateHistory(base: .usd, days: days, columns: [code("CAD"): cad])
        return ScriptedHistorySource(id: SourceID("usd"), name: "Dollar Bank", .history(history))
    }

    @Test func sourceWithoutHistory() async {
        let service = HistoryService(
            sources: [ScriptedHistorySource()], store: MemoryHistoryStore(), clock: FixedClock(frankfurt("2026-11-02", 12)))
        await #expect(throws: RateError.noHistory(SourceID("nope"), keeping: [.ecb])) {
            try await service.quote(from: .usd, to: jpy, on: day("2026-10-30"), only: SourceID("nope"))
        }
        await #expect(throws: RateError.noHistory(SourceID("nope"), keeping: [.ecb])) {
            try await service.pair(base: .usd, quote: jpy, range: nil, only: SourceID("nope"))
        }
        await #expect(throws: RateError.noHistory(SourceID("nope"), keeping: [.ecb])) {
            try await service.table(on: day("2026-10-30"), only: SourceID("nope"))
        }
    }

    @Test func aSourceLackingACurrencyGivesWayToTheNext() async throws {
        let dollars = Self.dollarSource()
        let ecb = ScriptedHistorySource()
        let service = HistoryService(sources: [dollars, ecb], store: MemoryHistoryStore(), clock: FixedClock(frankfurt("2026-11-02", 12)))

        let viaFirst = try await service.quote(from: .usd, to: code("CAD"), on: day("2026-10-30"))
        #expect(viaFirst.provenance.source == SourceID("usd"))
        #expect(viaFirst.provenance.sourceName == "Dollar Bank")
        #expect(viaFirst.fromPerBase == 1)
        #expect(viaFirst.rate == dec("1.3969"))
        #expect(ecb.calls.isEmpty)

        let viaSecond = try await service.quote(from: .usd, to: jpy, on: day("2026-10-30"))
        #expect(viaSecond.provenance.source == .ecb)
        #expect(viaSecond.rate == dec("175.68") / dec("1.1172"))
        #expect(dollars.calls.count == 1)
        #expect(ecb.calls.count == 1)

        let pair = try await service.pair(base: gbp, quote: chf, range: day("2026-10-26")...day("2026-10-30"))
        #expect(pair.provenance.source == .ecb)
        #expect(pair.points.count == 5)

        await #expect(throws: RateError.notCovered(code("XAU"), sourceNames: ["Dollar Bank", "European Central Bank"])) {
            try await service.quote(from: .usd, to: code("XAU"), on: day("2026-10-30"))
        }
        await #expect(throws: RateError.notCovered(jpy, sourceNames: ["Dollar Bank"])) {
            try await service.quote(from: .usd, to: jpy, on: day("2026-10-30"), only: SourceID("usd"))
        }
    }
}

// MARK: - Reading only some currencies

@Suite("History service: histories read in part")
struct HistoryServicePartialReadTests {
    /// A cache directory holding the complete history through Thursday 2026-10-29.
    static func storeThroughThursday() throws -> (FileHistoryStore, URL) {
        let directory = makeTemporaryDirectory("fx-hist")
        let store = FileHistoryStore(directory: directory.path)
        _ = try store.save(RealECBHistory.entry(through: day("2026-10-29"), checkedAt: frankfurt("2026-10-29", 16, 5)))
        return (store, directory)
    }

    @Test func newDaysDoNotEraseTheCurrenciesThatWereNotRead() async throws {
        let (store, directory) = try Self.storeThroughThursday()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = ScriptedHistorySource(latest: day("2026-10-30"))
        let service = HistoryService(sources: [source], store: store, clock: FixedClock(frankfurt("2026-10-30", 16, 30)))

        // Reads only USD and JPY from the file, then fetches Friday.
        let pair = try await service.pair(base: .usd, quote: jpy, range: day("2026-10-01")...day("2026-10-30"))
        #expect(source.calls == [.init(since: day("2026-10-30"), today: day("2026-10-30"))])
        #expect(pair.points.last?.day == day("2026-10-30"))
        #expect(await service.takeDiagnostics().isEmpty)

        // Every other currency's past is still on disk.
        let (saved, problems) = FileHistoryStore(directory: directory.path).load(.ecb, currencies: nil)
        #expect(problems.isEmpty)
        let entry = try #require(saved)
        #expect(entry.complete)
        #expect(entry.history == RealECBHistory.all)

        // And this run answers about them too.
        let old = try await service.quote(from: gbp, to: chf, on: day("2005-01-03"))
        #expect(old.fromPerBase == RealECBHistory.all.rate(gbp, at: RealECBHistory.all.days.firstIndex(of: day("2005-01-03"))!))
        #expect(source.calls.count == 1)
    }

    /// A CSV meets its currencies one by one: each new one adds its column to what was read, and
    /// a file another process replaced meanwhile is read again whole, never mixed with the old.
    @Test func currenciesMetOneByOneAddTheirColumnsUnlessTheFileWasReplaced() async throws {
        let (store, directory) = try Self.storeThroughThursday()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = ScriptedHistorySource()
        let service = HistoryService(sources: [source], store: store, clock: FixedClock(frankfurt("2026-10-29", 18)))
        let all = RealECBHistory.all
        func rate(_ code: CurrencyCode, _ text: String) -> Decimal? { all.rate(code, at: all.days.firstIndex(of: day(text))!) }

        #expect(try await service.quote(from: .usd, to: jpy, on: day("2026-10-29")).toPerBase == rate(jpy, "2026-10-29"))
        #expect(try await service.quote(from: gbp, to: chf, on: day("2008-03-14")).fromPerBase == rate(gbp, "2008-03-14"))
        #expect(try await service.quote(from: .usd, to: chf, on: day("2008-03-14")).toPerBase == rate(chf, "2008-03-14"))

        // Another process writes a file whose SEK differs on Thursday, with its own fetch time.
        var columns = RealECBHistory.through(day("2026-10-29")).columns
        let sek = CurrencyCode("SEK")!
        columns[sek]![columns[sek]!.count - 1] = Decimal(string: "11.1111")!
        let replaced = CachedHistory(
            source: .ecb, history: RateHistory(base: .eur, days: RealECBHistory.through(day("2026-10-29")).days, columns: columns),
            complete: true, fetchedAt: frankfurt("2026-10-29", 17))
        try HistoryFileFormat.encode(replaced).write(to: URL(fileURLWithPath: store.path(of: .ecb)))

        let quote = try await service.quote(from: sek, to: jpy, on: day("2026-10-29"))
        #expect(quote.fromPerBase == Decimal(string: "11.1111")!)
        #expect(quote.provenance.fetchedAt == frankfurt("2026-10-29", 17))
        #expect(source.calls.isEmpty)
        #expect(await service.takeDiagnostics().isEmpty)
    }

    @Test func aWholeTableAfterAQuoteHasEveryCurrency() async throws {
        let (store, directory) = try Self.storeThroughThursday()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = ScriptedHistorySource()
        let service = HistoryService(sources: [source], store: store, clock: FixedClock(frankfurt("2026-10-29", 18)))

        _ = try await service.quote(from: .usd, to: jpy, on: day("2026-10-29"))
        let (table, provenance) = try await service.table(on: day("2026-10-29"))
        #expect(source.calls.isEmpty)
        #expect(provenance.date == day("2026-10-29"))
        #expect(table == RealECBHistory.all.table(at: RealECBHistory.all.days.firstIndex(of: day("2026-10-29"))!))
        #expect(table.rates.count == 29)
        #expect(table.rates[gbp] == dec("0.83578"))
    }
}

/// A store holding one history that it cannot save to (a read-only cache directory).
private struct UnsavableHistoryStore: HistoryStore {
    let entry: CachedHistory
    func load(_ source: SourceID, currencies: Set<CurrencyCode>?) -> (CachedHistory?, [Diagnostic]) {
        guard source == entry.source else { return (nil, []) }
        guard let currencies else { return (entry, []) }
        var part = entry
        part.history = RateHistory(
            base: entry.history.base, days: entry.history.days,
            columns: entry.history.columns.filter { currencies.contains($0.key) })
        return (part, [])
    }
    func save(_ entry: CachedHistory) throws(StoreError) -> CachedHistory {
        throw StoreError(path: "/ro/history-ecb.txt", reason: "read-only file system")
    }
}

@Suite("History service: a cache that cannot be written")
struct HistoryServiceUnsavableTests {
    @Test func otherCurrenciesAreReadAgainRatherThanAnsweredBlank() async throws {
        let store = UnsavableHistoryStore(
            entry: RealECBHistory.entry(through: day("2026-10-29"), checkedAt: frankfurt("2026-10-29", 16, 5)))
        let source = ScriptedHistorySource(latest: day("2026-10-30"))
        let service = HistoryService(sources: [source], store: store, clock: FixedClock(frankfurt("2026-10-30", 16, 30)))
        let friday = try await service.quote(from: .usd, to: jpy, on: day("2026-10-30"))
        #expect(friday.provenance.date == day("2026-10-30"))
        #expect(source.calls == [.init(since: day("2026-10-30"), today: day("2026-10-30"))])
        #expect(await service.takeDiagnostics() == [.cacheWriteFailed(path: "/ro/history-ecb.txt", reason: "read-only file system")])

        // GBP and CHF were not read: their past comes from the store, not from the fetched days alone.
        // 2005-01-03: GBP 0.70725, CHF 1.5444 → 100 GBP = 100 × 1.5444 / 0.70725 = 218.3669… CHF
        let old = try await service.quote(from: gbp, to: chf, on: day("2005-01-03"))
        #expect(old.fromPerBase == dec("0.70725"))
        #expect(old.toPerBase == dec("1.5444"))
        #expect(old.convert(100, places: 2)! == dec("218.37"))
        let recent = try await service.quote(from: gbp, to: chf, on: day("2026-10-30"))
        #expect(recent.provenance.date == day("2026-10-30"))
    }

    @Test func nothingNewKeepsACompleteHistoryComplete() async throws {
        let store = UnsavableHistoryStore(entry: RealECBHistory.entry(checkedAt: frankfurt("2026-10-30", 16, 5)))
        let empty = RateHistory(base: .eur, days: [], columns: [:])
        let source = ScriptedHistorySource(.history(empty))
        let service = HistoryService(sources: [source], store: store, clock: FixedClock(frankfurt("2026-11-02", 16, 30)))
        _ = try await service.quote(from: .usd, to: jpy, on: day("2026-11-02"))
        #expect(source.calls == [.init(since: day("2026-10-31"), today: day("2026-11-02"))])
        // Still complete: a day before the first publication has no rate, and the whole history is not asked for again.
        await #expect(throws: RateError.history(.beforeFirstPublication(day("1998-12-31"), first: day("1999-01-04"), sourceName: ecbName)))
        {
            try await service.quote(from: .usd, to: jpy, on: day("1998-12-31"))
        }
        #expect(source.calls.count == 1)
    }
}

// MARK: - File store

@Suite("File history store")
struct FileHistoryStoreTests {
    static let checked = utc("2026-10-30T15:05:00Z")

    @Test func fullRealHistoryRoundTrips() throws {
        let directory = makeTemporaryDirectory("fx-hist")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileHistoryStore(directory: directory.path)
        let entry = RealECBHistory.entry(checkedAt: Self.checked)
        let saved = try store.save(entry)
        #expect(saved == entry)
        #expect(FileManager.default.fileExists(atPath: directory.path + "/history-ecb.txt"))

        let (loaded, problems) = FileHistoryStore(directory: directory.path).load(.ecb, currencies: nil)
        #expect(problems.isEmpty)
        let back = try #require(loaded)
        #expect(back.history.days.count == 7126)
        #expect(back.history.first == day("1999-01-04"))
        #expect(back.history.last == day("2026-10-30"))
        #expect(back.complete)
        #expect(back.fetchedAt == Self.checked)
        #expect(back.checkedAt == Self.checked)
        #expect(back.history.currencies.count == 42)
        let first = 0, last = 7125
        #expect(back.history.rate(.usd, at: first) == dec("1.1789"))
        #expect(back.history.rate(code("CYP"), at: first) == dec("0.58231"))
        #expect(back.history.rate(code("TRL"), at: first) == dec("372274"))
        #expect(back.history.rate(code("ZAR"), at: last) == dec("18.6455"))
        #expect(back.history.rate(code("CYP"), at: last) == nil)
        #expect(back.history.span(of: code("ISK")) == day("1999-01-04")...day("2026-10-30"))
        #expect(back == entry)
    }

    @Test func onlyTheCurrenciesAskedForAreRead() throws {
        let directory = makeTemporaryDirectory("fx-hist")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileHistoryStore(directory: directory.path)
        _ = try store.save(RealECBHistory.entry(checkedAt: Self.checked))

        let (loaded, problems) = store.load(.ecb, currencies: [.usd, code("JPY")])
        #expect(problems.isEmpty)
        let entry = try #require(loaded)
        #expect(Set(entry.history.columns.keys) == [.usd, code("JPY")])
        #expect(entry.history.days == RealECBHistory.all.days)
        #expect(entry.history.columns[.usd] == RealECBHistory.all.columns[.usd])
        #expect(entry.history.columns[code("JPY")] == RealECBHistory.all.columns[code("JPY")])
        #expect(entry.complete)
        #expect(store.load(SourceID("frankfurter"), currencies: nil).0 == nil)
    }

    /// The file's index takes a reader to the lines it needs; a file written before the index,
    /// or one whose index disagrees with its lines, is read whole and gives the same answer.
    @Test(arguments: ["as written", "no index", "index off by one", "index past the end", "length wrong"])
    func theIndexIsUsedOnlyWhenItHolds(_ variant: String) throws {
        let directory = makeTemporaryDirectory("fx-hist")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileHistoryStore(directory: directory.path)
        let path = store.path(of: .ecb)
        let entry = RealECBHistory.entry(checkedAt: Self.checked)
        var text = String(decoding: HistoryFileFormat.encode(entry), as: UTF8.self)
        let header = String(text.prefix { $0 != "\n" })
        let jpy = try #require(header.firstMatch(of: /"JPY":(\d+)/)).output.1
        let length = try #require(header.firstMatch(of: /"length":(\d+)/)).output.1
        var changed = header
        switch variant {
        case "no index":
            changed = header.replacing(/"index":\{[^}]*\},"length":\d+,/, with: "")
        case "index off by one":
            changed = header.replacingOccurrences(of: "\"JPY\":\(jpy)", with: "\"JPY\":\(Int(jpy)! + 1)")
        case "index past the end":
            changed = header.replacingOccurrences(of: "\"JPY\":\(jpy)", with: "\"JPY\":\(Int(length)! + 5)")
        case "length wrong":
            changed = header.replacingOccurrences(of: "\"length\":\(length)", with: "\"length\":\(Int(length)! - 1)")
        default: break
        }
        #expect((changed == header) == (variant == "as written"))
        text = changed + text.dropFirst(header.count)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))

        let (loaded, problems) = store.load(.ecb, currencies: [.usd, code("JPY")])
        #expect(problems.isEmpty)
        let read = try #require(loaded)
        #expect(read.history.days == entry.history.days)
        #expect(read.history.columns == [.usd: entry.history.columns[.usd]!, code("JPY"): entry.history.columns[code("JPY")]!])
        #expect(read.fetchedAt == entry.fetchedAt && read.checkedAt == entry.checkedAt && read.complete)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(text.utf8), "a reader never rewrites the file")
    }

    enum Damage: String, CaseIterable, Sendable {
        case truncatedMidLine, truncatedInTheLastValue, garbage, schema0, otherSourcesFile, directory
    }

    @Test(arguments: Damage.allCases)
    func damagedFileIsSetAsideOnce(_ damage: Damage) throws {
        let directory = makeTemporaryDirectory("fx-hist")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileHistoryStore(directory: directory.path)
        let path = store.path(of: .ecb)
        let good = HistoryFileFormat.encode(RealECBHistory.entry(checkedAt: Self.checked))
        switch damage {
        case .truncatedMidLine:
            try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: path))
        case .truncatedInTheLastValue:
            // "…,18.6455\n" cut to "…,18.645": every line still has a value per day.
            try good.dropLast(2).write(to: URL(fileURLWithPath: path))
        case .garbage:
            try Data("\u{1}\u{2}PK garbage, not a history\n\u{FF}".utf8).write(to: URL(fileURLWithPath: path))
        case .schema0:
            // No fx writes schema 0: damage. (A newer fx's schema is not; see the next test.)
            let text = String(decoding: good, as: UTF8.self).replacingOccurrences(of: #""schema":1"#, with: #""schema":0"#)
            #expect(text.contains(#""schema":0"#))
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        case .otherSourcesFile:
            var other = RealECBHistory.entry(through: day("1999-01-29"), checkedAt: Self.checked)
            other.source = SourceID("frankfurter")
            try HistoryFileFormat.encode(other).write(to: URL(fileURLWithPath: path))
        case .directory:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }

        let (loaded, problems) = store.load(.ecb, currencies: [.usd])
        #expect(loaded == nil)
        #expect(problems.count == 1)
        guard case .cacheSetAside(let from, let to, let reason)? = problems.first else {
            Issue.record("expected .cacheSetAside, got \(problems)")
            return
        }
        #expect(from == path)
        #expect(to == path + ".corrupt")
        #expect(!reason.isEmpty)
        if damage == .schema0 { #expect(reason == "schema 0 is not the supported 1") }
        if damage == .directory { #expect(reason == "a directory stands where the history file should be") }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(FileManager.default.fileExists(atPath: path + ".corrupt"))

        // Set aside once: the next load finds nothing, quietly, and a save starts afresh.
        let (again, quiet) = store.load(.ecb, currencies: nil)
        #expect(again == nil)
        #expect(quiet.isEmpty)
        let fresh = RealECBHistory.entry(through: day("1999-01-29"), checkedAt: Self.checked)
        #expect(try store.save(fresh) == fresh)
        #expect(store.load(.ecb, currencies: nil).0 == fresh)
    }

    /// A newer fx's history (its header changed too) is left exactly as it is and never written over.
    @Test func newerSchemaIsLeftAlone() throws {
        let directory = makeTemporaryDirectory("fx-hist")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileHistoryStore(directory: directory.path)
        let path = store.path(of: .ecb)
        let newer = Data("{\"schema\":2,\"source\":\"ecb\",\"layout\":\"binary\"}\n\u{0}\u{1}".utf8)
        try newer.write(to: URL(fileURLWithPath: path))
        let reason = "written by a newer version of fx (schema 2); left as it is, and this run does not cache"

        let (loaded, problems) = store.load(.ecb, currencies: [.usd])
        #expect(loaded == nil)
        #expect(problems == [.cacheUnreadable(path: path, reason: reason)])
        #expect(throws: StoreError(path: path, reason: reason)) {
            try store.save(RealECBHistory.entry(through: day("1999-01-29"), checkedAt: Self.checked))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == newer)
        #expect(!FileManager.default.fileExists(atPath: path + ".corrupt"))
    }

    @Test func saveMergesWithWhatAnotherWriterPutThere() throws {
        let directory = makeTemporaryDirectory("fx-hist")
        defer { try? FileManager.default.removeItem(at: directory) }
        let mine = FileHistoryStore(directory: directory.path)
        let theirs = FileHistoryStore(directory: directory.path)

        // Another process saved the complete history through Thursday…
        _ = try theirs.save(RealECBHistory.entry(through: day("2026-10-29"), checkedAt: utc("2026-10-29T15:05:00Z")))
        // …while this one, knowing nothing of it, fetched the 90-day file on Friday evening.
        let recent = CachedHistory(
            source: .ecb, history: RealECBHistory.recent(today: day("2026-10-30"), through: day("2026-10-30")),
            complete: false, fetchedAt: Self.checked)
        let merged = try mine.save(recent)
        #expect(merged.complete)
        #expect(merged.history == RealECBHistory.all)
        #expect(merged.fetchedAt == Self.checked)
        #expect(merged.checkedAt == Self.checked)
        #expect(theirs.load(.ecb, currencies: nil).0 == merged)

        // An older history saved later (checked a moment before ours) does not take away the newer days.
        _ = try theirs.save(RealECBHistory.entry(through: day("2000-12-29"), checkedAt: Self.checked - 30))
        let after = try #require(mine.load(.ecb, currencies: nil).0)
        #expect(after.history == RealECBHistory.all)
        #expect(after.checkedAt == Self.checked)

        // A stamp more than a minute ahead of the one being written came from a clock since moved
        // back: the writer's own is kept, or the history would look checked in the future.
        let corrected = try theirs.save(RealECBHistory.entry(through: day("2000-12-29"), checkedAt: Self.checked - 3600))
        #expect(corrected.checkedAt == Self.checked - 3600)
        #expect(corrected.history == RealECBHistory.all)
    }

    @Test func anUnwritableDirectoryIsAStoreErrorAndAWarning() async throws {
        let directory = makeTemporaryDirectory("fx-hist")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A file where the cache directory should be made.
        let blocker = directory.path + "/cache"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let store = FileHistoryStore(directory: blocker + "/fx")
        #expect(throws: StoreError.self) { try store.save(RealECBHistory.entry(through: day("1999-01-29"), checkedAt: Self.checked)) }

        let source = ScriptedHistorySource()
        let service = HistoryService(sources: [source], store: store, clock: FixedClock(frankfurt("2026-10-30", 17)))
        // An old day: the source sends the full history, which cannot be saved.
        let quote = try await service.quote(from: .usd, to: jpy, on: day("2001-05-02"))
        #expect(quote.provenance.origin == .network)
        let diagnostics = await service.takeDiagnostics()
        #expect(diagnostics.count == 1)
        guard case .cacheWriteFailed(let path, _)? = diagnostics.first else {
            Issue.record("expected .cacheWriteFailed, got \(diagnostics)")
            return
        }
        #expect(path == store.path(of: .ecb))
        // The fetched history still answers this run, without asking again.
        let recent = try await service.quote(from: gbp, to: chf, on: day("2026-10-30"))
        #expect(recent.provenance.origin == .network)
        #expect(source.calls.count == 1)
    }
}
