import FXRates
import FXTestSupport
import Foundation
import Testing

/// `--source nasdaq` for `history` and dated questions, with the ECB/EURUSD dataset configured,
/// against a loopback Nasdaq Data Link serving the real ECB EUR/USD rates moved by whole weeks
/// so that they end a week before the latest publication: a newer row can exist whatever the
/// hour the test runs, so an aged history is asked for the days after its last one.
@Suite struct NasdaqHistoryEndToEndTests {
    static let key = "nasdaq-SECRET-5e0c11"
    static let path = "/nasdaq/datasets/ECB/EURUSD/data.json"

    static let history: RateHistory = {
        let latest = ECBServer.latestPublicationDate().adding(days: -7)
        let shift = (latest.ordinal - Day(iso: "2026-10-30")!.ordinal) / 7 * 7
        return try! ECBHistoryCSV.history(ECBFiles.csv(shiftedBy: shift))
    }()

    /// `{"dataset_data":{…,"data":[["2026-10-30",1.1594],…]}}` for the asked window, oldest first.
    static func body(for path: String) -> Data {
        let start = queryValue("start_date", in: path).flatMap(Day.init(iso:)) ?? history.first!
        let end = queryValue("end_date", in: path).flatMap(Day.init(iso:)) ?? history.last!
        let window = start <= end ? history.restricted(to: start...end) : RateHistory(base: .eur, days: [], columns: [:])
        let rows = window.days.indices.compactMap { index in window.rate(.usd, at: index).map { #"["\#(window.days[index])",\#($0)]"# } }
        return Data(
            #"{"dataset_data":{"limit":null,"transform":null,"column_index":null,"column_names":["Date","Value"],"start_date":"\#(start)","end_date":"\#(end)","frequency":"daily","data":[\#(rows.joined(separator: ","))],"collapse":null,"order":"asc"}}"#
                .utf8)
    }

    static func rate(on day: Day) -> Decimal { history.rate(.usd, at: history.index(onOrBefore: day)!)! }

    @Test func historyAndDatedRatesFromADatasetFetchedOnlyWhereMissing() throws {
        let server = try LoopbackHTTPServer { request in
            guard request.path.hasPrefix(Self.path) else { return .status(404) }
            guard queryValue("api_key", in: request.path) == Self.key else { return .status(400) }
            return .ok(Self.body(for: request.path), contentType: "application/json")
        }
        defer { server.stop() }
        var fx = FXRunner()
        fx.environment["FX_NASDAQ_URL"] = server.baseURL.appendingPathComponent("nasdaq/").absoluteString
        fx.environment["FX_NASDAQ_API_KEY"] = Self.key
        defer { fx.cleanUp() }
        let config = fx.home.appendingPathComponent("config/fx/config.json")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(
            #"{"sources": {"nasdaq": {"enabled": true, "datasets": [{"database": "ECB", "code": "EURUSD", "base": "EUR", "quote": "USD"}]}}}"#
                .utf8
        ).write(to: config)

        let month = try fx.run(["history", "eur", "usd", "30d", "--source", "nasdaq", "--csv"])
        #expect(month.status == 0, "\(month.stderr)")
        #expect(month.stderr == "")
        #expect(server.requests.count == 1)
        let first = try #require(server.requests.first?.path)
        #expect(queryValue("order", in: first) == "asc")
        #expect(queryValue("end_date", in: first) == CentralEuropeanTime.day(at: Date()).description)
        let start = try #require(queryValue("start_date", in: first).flatMap(Day.init(iso:)))
        let last = Self.history.last!
        #expect(month.stdout.split(separator: "\n").last == "\(last),EUR,USD,\(Self.rate(on: last))", "\(month.stdout)")

        // Again at once: current, no request.
        _ = try fx.run(["history", "eur", "usd", "30d", "--source", "nasdaq"])
        #expect(server.requests.count == 1)

        // An older day: only the days before those held.
        let day = last.adding(days: -200)
        let dated = try fx.run(["--json", "rate", "eur", "usd", "on", day.description, "--source", "nasdaq"])
        #expect(dated.status == 0, "\(dated.stderr)")
        #expect(server.requests.count == 2)
        let older = server.requests[1].path
        #expect(queryValue("start_date", in: older) == day.adding(days: -7).description)
        let firstHeld = Self.history.days.first { $0 >= start }!
        #expect(queryValue("end_date", in: older) == firstHeld.adding(days: -1).description)
        #expect(dated.stdout.contains(#""source":"nasdaq""#), "\(dated.stdout)")
        #expect(dated.stdout.contains(#""rate":"\#(Self.rate(on: day))""#), "\(dated.stdout)")

        // Later: only the days after the last one held.
        try ageHistoryFile(fx, source: "nasdaq", by: 4 * 86400)
        let later = try fx.run(["history", "eur", "usd", "30d", "--source", "nasdaq"])
        #expect(later.status == 0, "\(later.stderr)")
        #expect(server.requests.count == 3)
        #expect(queryValue("start_date", in: server.requests[2].path) == last.adding(days: 1).description)

        // The key is in no output and no file fx wrote.
        for output in [month, dated, later] { #expect(!output.stdout.contains(Self.key) && !output.stderr.contains(Self.key)) }
        let file = try String(contentsOf: fx.home.appendingPathComponent("cache/fx/history-nasdaq.txt"), encoding: .utf8)
        #expect(!file.contains(Self.key))
    }
}
