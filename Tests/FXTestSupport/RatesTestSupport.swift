import Foundation
import FXRates

/// Fixture files copied beside the calling test file, or shared with the end-to-end tests in
/// `Tests/FXTestSupport/Fixtures`; located from the caller's path, not from a bundle.
public enum Fixture {
    public static func url(_ name: String, file: String = #filePath) -> URL {
        let tests = URL(fileURLWithPath: file).deletingLastPathComponent()
        let own = tests.appendingPathComponent("Fixtures/\(name)")
        if FileManager.default.fileExists(atPath: own.path) { return own }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    }

    public static func data(_ name: String, file: String = #filePath) throws -> Data {
        try Data(contentsOf: url(name, file: file))
    }

    public static func text(_ name: String, file: String = #filePath) throws -> String {
        try String(contentsOf: url(name, file: file), encoding: .utf8)
    }
}

/// A date literal in tests; a typo is a test bug, so it traps.
public func day(_ iso: String) -> Day {
    guard let day = Day(iso: iso) else { fatalError("bad test date \(iso)") }
    return day
}

/// A decimal literal parsed exactly (never through Double).
public func dec(_ text: String) -> Decimal {
    guard let value = Decimal(exactly: text) else { fatalError("bad test decimal \(text)") }
    return value
}

public func code(_ text: String) -> CurrencyCode {
    guard let code = CurrencyCode(text) else { fatalError("bad test currency \(text)") }
    return code
}

/// Frankfurt wall-clock time on `date` at `hour`:`minute`.
public func frankfurt(_ date: String, _ hour: Int, _ minute: Int = 0) -> Date {
    CentralEuropeanTime.instant(on: day(date), hour: hour).addingTimeInterval(TimeInterval(minute * 60))
}

/// A UTC instant written as ISO 8601, parsed independently of the code under test.
public func utc(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
    return date
}

/// A rate source that answers from a script and counts what it was asked.
/// Each call consumes the next scripted answer; the last one repeats.
public final class FakeRateSource: RateSource, @unchecked Sendable {
    public let id: SourceID
    public let name: String
    private let lock = NSLock()
    private var script: [Result<FetchOutcome, FetchFailure>]
    private var asked: [Validators?] = []

    public init(id: SourceID = .ecb, name: String = "European Central Bank", _ script: [Result<FetchOutcome, FetchFailure>] = []) {
        self.id = id
        self.name = name
        self.script = script
    }

    public convenience init(answering table: RateTable, validators: Validators = Validators()) {
        self.init([.success(.fetched(table, validators))])
    }

    public convenience init(failing failure: FetchFailure) {
        self.init([.failure(failure)])
    }

    /// How many times `fetchLatest` was called.
    public var calls: Int { lock.withLock { asked.count } }

    /// The validators passed to each call, in order.
    public var validatorsAsked: [Validators?] { lock.withLock { asked } }

    public func fetchLatest(validators: Validators?) async throws(FetchFailure) -> FetchOutcome {
        let answer: Result<FetchOutcome, FetchFailure> = lock.withLock {
            asked.append(validators)
            guard let first = script.first else { return .failure(.malformed("nothing scripted")) }
            if script.count > 1 { script.removeFirst() }
            return first
        }
        return try answer.get()
    }

    /// The real ECB schedule: 16:00 Frankfurt time on the next TARGET working day.
    public func nextPublication(after day: Day) -> Date {
        CentralEuropeanTime.instant(on: TargetCalendar.nextWorkingDay(after: day), hour: 16)
    }
}

/// ECB data used across the service tests.
public enum Sample {
    /// The real ECB table of Friday 2026-10-30 (USD 1.1172, JPY 175.68, GBP 0.8338).
    public static let friday = BuiltInRates.ecb.latest

    /// An invented table for Monday 2026-11-02, distinguishable from Friday's.
    public static let monday = RateTable(
        base: .eur, date: day("2026-11-02"),
        rates: [
            code("USD"): dec("1.1201"), code("JPY"): dec("176.02"), code("GBP"): dec("0.8351"),
        ])

    /// Monday's table as the service keeps it after Friday's: with Friday's rates as the previous ones.
    public static var mondayAfterFriday: RateTable {
        var table = monday
        table.previous = PreviousRates(date: friday.date, rates: friday.rates)
        return table
    }

    /// Friday's table as a cache entry fetched shortly after publication.
    public static func fridayEntry(validators: Validators = Validators(etag: "\"friday\"")) -> CachedRates {
        CachedRates(source: .ecb, table: friday, fetchedAt: frankfurt("2026-10-30", 16, 5), validators: validators)
    }
}
