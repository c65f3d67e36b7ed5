import Foundation
import FXRates

/// NBP's table A as Frankfurter v2 relays it (`/v2/providers/nbp/rates`), for tests: the mid rates
/// of `Fixtures/nbp/table-a.constructed.csv`, stored as Frankfurter's NBP adapter stores them,
/// `{base: "USD", quote: "PLN", rate: mid}` (PLN per one unit, JPY 0.026486), and served as the
/// server's `RateQuery` serves one provider's raw rows (lib/versions/v2/rate_query.rb): each record
/// rebased by float division to the base asked and rounded by `Roundable`, except a record whose
/// (base, quote) is a stored row's, which echoes the stored figure (`base=USD&quotes=PLN`); `quotes`
/// filters after; a range holds the days published within `from`…`to` (none on weekends or Polish
/// holidays) and, when `from` itself has no table, the newest one of the 14 days before it.
public struct NBPRelay: Sendable {
    /// The publication days, oldest first.
    public let days: [Day]
    /// Table A's currencies, in the table's order.
    public let codes: [CurrencyCode]
    /// Each day's mids as NBP's API writes them.
    private let mids: [Day: [CurrencyCode: String]]
    /// The server's day: the end of an open range, and what "latest" means (the last table by default).
    public var today: Day

    public static let pln = CurrencyCode("PLN")!

    /// The fixture's 68 tables: 2026-03-02 to 03-05 as NBP published them, the rest constructed around them.
    public static let tableA = NBPRelay(csv: String(decoding: fixture("nbp/table-a.constructed.csv"), as: UTF8.self))

    /// `date,THB,USD,…` then one line of mids a day.
    public init(csv: String) {
        let lines = csv.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        let codes = lines[0].dropFirst().map { CurrencyCode($0)! }
        var mids: [Day: [CurrencyCode: String]] = [:]
        for line in lines.dropFirst() {
            mids[Day(iso: line[0])!] = Dictionary(uniqueKeysWithValues: zip(codes, line.dropFirst()))
        }
        self.codes = codes
        self.mids = mids
        self.days = mids.keys.sorted()
        self.today = days.last!
    }

    /// NBP's figure for one unit of `code` on `day` (PLN per unit, its published places), nil when
    /// no table of that day lists it.
    public func mid(_ code: CurrencyCode, on day: Day) -> Decimal? {
        mids[day]?[code].flatMap { Decimal(string: $0) }
    }

    /// The table a transaction on `day` takes under `pl-nbp`: the last published before it.
    public func tableBefore(_ day: Day) -> Day? { days.last { $0 < day } }

    /// The answer to `GET …/providers/nbp/rates?<query>`, as JSON or (asked for) NDJSON.
    public func reply(query: String, accept: String?) -> (status: Int, contentType: String, body: Data) {
        var params: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            params[parts[0]] = parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : ""
        }
        let unknown = params.keys.filter { !["base", "quotes", "date", "from", "to", "providers", "group", "expand"].contains($0) }
        if !unknown.isEmpty { return Self.error("unknown parameter: \(unknown.sorted().joined(separator: ", "))") }
        let base = (params["base"] ?? "EUR").uppercased()
        let quotes = params["quotes"].map { $0.uppercased().split(separator: ",").map(String.init) }
        let invalid = ([base] + (quotes ?? [])).filter { CurrencyCode($0) == nil }
        if !invalid.isEmpty { return Self.error("invalid currency: \(invalid.joined(separator: ","))") }
        var records: [Record] = []
        if let from = params["from"].flatMap(Day.init(iso:)) {
            let to = params["to"].flatMap(Day.init(iso:)) ?? today
            var anchors = days.filter { $0 >= from && $0 <= to }
            if from <= to, !days.contains(from) { anchors.insert(from, at: 0) }
            var seen = Set<String>()
            for anchor in anchors {
                for record in snapshot(anchor, base: base, quotes: quotes) where seen.insert("\(record.quote) \(record.day)").inserted {
                    records.append(record)
                }
            }
        } else {
            let day = params["date"].flatMap(Day.init(iso:)) ?? today.adding(days: 1)
            records = snapshot(day, base: base, quotes: quotes).sorted { $0.quote < $1.quote }
        }
        let rows = records.map { #"{"date":"\#($0.day)","base":"\#(base)","quote":"\#($0.quote)","rate":\#($0.rate)}"# }
        if accept?.contains("application/x-ndjson") == true {
            return (200, "application/x-ndjson", Data(rows.map { $0 + "\n" }.joined().utf8))
        }
        return (200, "application/json", Data(("[" + rows.joined(separator: ",") + "]").utf8))
    }

    /// One record as served: its day, its quote, and its rate as the server writes it.
    private struct Record {
        var day: Day
        var quote: String
        var rate: String
    }

    /// The records of one anchor: the newest table within the 14 days up to `day` (CarryForward),
    /// each currency rebased to `base`, then filtered by `quotes`, and the base's identity row.
    private func snapshot(_ day: Day, base: String, quotes: [String]?) -> [Record] {
        guard let table = days.last(where: { $0 <= day && $0 >= day.adding(days: -14) }), let row = mids[table] else { return [] }
        var perUnit: [String: Double] = ["PLN": 1]
        for (code, text) in row { perUnit[code.rawValue] = Double(text)! }
        // A base NBP does not publish gives no path to derive through: nothing.
        guard let basePLN = perUnit[base] else { return [] }
        var records: [Record] = []
        for (quote, quotePLN) in perUnit.sorted(by: { $0.key < $1.key }) where quote != base {
            guard quotes?.contains(quote) ?? true else { continue }
            // NBP's rows are stored (code, PLN): only that record echoes the stored figure.
            let rate = quote == "PLN" ? Self.float(basePLN) : Self.roundable(basePLN / quotePLN)
            records.append(Record(day: table, quote: quote, rate: rate))
        }
        if quotes?.contains(base) ?? true { records.append(Record(day: table, quote: base, rate: "1.0")) }
        return records.sorted { $0.quote < $1.quote }
    }

    /// `Roundable#round`: an integer above 5000, else 2, 3, 4, 5 or 6 places by size.
    static func roundable(_ value: Double) -> String {
        if value > 5000 { return "\(Int(value.rounded()))" }
        let places = value > 80 ? 2 : value > 20 ? 3 : value > 1 ? 4 : value > 0.0001 ? 5 : 6
        return float(Double(String(format: "%.\(places)f", value))!)
    }

    /// A Ruby Float as JSON writes it: the shortest digits that read back, with `.0` when whole.
    static func float(_ value: Double) -> String { "\(value)" }

    private static func error(_ message: String) -> (status: Int, contentType: String, body: Data) {
        (422, "application/json", Data(#"{"status":422,"message":"\#(message)"}"#.utf8))
    }

    /// The same answer for a loopback server's request.
    public func reply(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
        let query = request.path.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        let answer = reply(query: query, accept: request.headers["accept"])
        return .response(status: answer.status, headers: ["Content-Type": answer.contentType], body: answer.body)
    }
}

/// The relay in process, for tests of the source alone: answers every request as `NBPRelay` does
/// and records it.
public final class NBPRelayTransport: HTTPTransport, @unchecked Sendable {
    private let relay: NBPRelay
    private let lock = NSLock()
    private var seen: [HTTPRequest] = []

    public init(_ relay: NBPRelay = .tableA) { self.relay = relay }

    public var requests: [HTTPRequest] { lock.withLock { seen } }

    public func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        lock.withLock { seen.append(request) }
        let answer = relay.reply(query: request.url.query ?? "", accept: request.headers["Accept"])
        return HTTPResponse(status: answer.status, headers: ["Content-Type": answer.contentType], body: answer.body)
    }
}
