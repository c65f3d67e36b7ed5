import Foundation
import FXRates

/// Fixture files copied beside the tests, or shared with the end-to-end tests in
/// `Tests/FXTestSupport/Fixtures`; located from this file's own path, not from a bundle.
enum Fixture {
    static func url(_ name: String) -> URL {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let own = tests.appendingPathComponent("Fixtures/\(name)")
        if FileManager.default.fileExists(atPath: own.path) { return own }
        return tests.deletingLastPathComponent().appendingPathComponent("FXTestSupport/Fixtures/\(name)")
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: url(name), encoding: .utf8)
    }
}

/// A date literal in tests; a typo is a test bug, so it traps.
func day(_ iso: String) -> Day {
    guard let day = Day(iso: iso) else { fatalError("bad test date \(iso)") }
    return day
}

/// A decimal literal parsed exactly (never through Double).
func dec(_ text: String) -> Decimal {
    guard let value = Decimal(exactly: text) else { fatalError("bad test decimal \(text)") }
    return value
}

func code(_ text: String) -> CurrencyCode {
    guard let code = CurrencyCode(text) else { fatalError("bad test currency \(text)") }
    return code
}

/// Frankfurt wall-clock time on `date` at `hour`:`minute`.
func frankfurt(_ date: String, _ hour: Int, _ minute: Int = 0) -> Date {
    CentralEuropeanTime.instant(on: day(date), hour: hour).addingTimeInterval(TimeInterval(minute * 60))
}

/// A UTC instant written as ISO 8601, parsed independently of the code under test.
func utc(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
    return date
}

/// A rate source that answers from a script and counts what it was asked.
/// Each call consumes the next scripted answer; the last one repeats.
final class FakeRateSource: RateSource, @unchecked Sendable {
    let id: SourceID
    let name: String
    private let lock = NSLock()
    private var script: [Result<FetchOutcome, FetchFailure>]
    private var asked: [Validators?] = []

    init(id: SourceID = .ecb, name: String = "European Central Bank", _ script: [Result<FetchOutcome, FetchFailure>] = []) {
        self.id = id
        self.name = name
        self.script = script
    }

    convenience init(answering table: RateTable, validators: Validators = Validators()) {
        self.init([.success(.fetched(table, validators))])
    }

    convenience init(failing failure: FetchFailure) {
        self.init([.failure(failure)])
    }

    /// How many times `fetchLatest` was called.
    var calls: Int { lock.withLock { asked.count } }

    /// The validators passed to each call, in order.
    var validatorsAsked: [Validators?] { lock.withLock { asked } }

    func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        let answer: Result<FetchOutcome, FetchFailure> = lock.withLock {
            asked.append(validators)
            guard let first = script.first else { return .failure(.malformed("nothing scripted")) }
            if script.count > 1 { script.removeFirst() }
            return first
        }
        return try answer.get()
    }

    /// The real ECB schedule: 16:00 Frankfurt time on the next TARGET working day.
    func nextPublication(after day: Day) -> Date {
        CentralEuropeanTime.instant(on: TargetCalendar.nextWorkingDay(after: day), hour: 16)
    }
}

/// ECB data used across the service tests.
enum Sample {
    /// The real ECB table of Friday 2026-10-30 (USD 1.1172, JPY 175.68, GBP 0.8338).
    static let friday = BuiltInRates.ecb.latest

    /// An invented table for Monday 2026-11-02, distinguishable from Friday's.
    static let monday = RateTable(
        base: .eur, date: day("2026-11-02"),
        rates: [
            code("USD"): dec("1.1201"), code("JPY"): dec("176.02"), code("GBP"): dec("0.8351"),
        ])

    /// Monday's table as the service keeps it after Friday's: with Friday's rates as the previous ones.
    static var mondayAfterFriday: RateTable {
        var table = monday
        table.previous = PreviousRates(date: friday.date, rates: friday.rates)
        return table
    }

    /// Friday's table as a cache entry fetched shortly after publication.
    static func fridayEntry(validators: Validators = Validators(etag: "\"friday\"")) -> CachedRates {
        CachedRates(source: .ecb, table: friday, fetchedAt: frankfurt("2026-10-30", 16, 5), validators: validators)
    }
}
