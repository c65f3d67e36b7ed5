import FXRates
import FXTestSupport
import Foundation
import Testing

/// `--source boc` for `history` and dated questions, against a loopback Valet that answers any
/// span with the real capture's observations, re-dated.
@Suite struct BankOfCanadaHistoryEndToEndTests {
    static let path = "/boc/observations/group/FX_RATES_DAILY/json"

    /// Valet as it is today, or as it was on `cutoff`: nothing after Toronto's today.
    static func handler(through cutoff: Day? = nil) -> LoopbackHTTPServer.Handler {
        { request in
            guard request.path.hasPrefix(Self.path), let span = ValetFixture.span(of: request.path) else {
                return .status(404, body: #"{"message":"Series not found.","docs":"https://www.bankofcanada.ca/valet/docs"}"#)
            }
            let last = min(span.upperBound, cutoff ?? EasternTime.day(at: Date()))
            return .ok(
                ValetFixture.group(from: span.lowerBound, through: max(last, span.lowerBound.adding(days: -1))),
                contentType: "application/json")
        }
    }

    static func lastBusinessDay(onOrBefore day: Day) -> Day {
        var day = day
        while !BankOfCanadaCalendar.isBusinessDay(day) { day = day.adding(days: -1) }
        return day
    }

    static func firstBusinessDay(onOrAfter day: Day) -> Day {
        var day = day
        while !BankOfCanadaCalendar.isBusinessDay(day) { day = day.adding(days: 1) }
        return day
    }

    @Test func historyAndDatedRatesFromValetFetchedOnlyWhereMissing() throws {
        let toronto = EasternTime.day(at: Date())
        let cutoff = toronto.adding(days: -7)
        let server = try LoopbackHTTPServer(handler: Self.handler(through: cutoff))
        defer { server.stop() }
        var fx = FXRunner()
        fx.environment["FX_BOC_URL"] = server.baseURL.appendingPathComponent("boc/").absoluteString
        defer { fx.cleanUp() }

        // A month: one request, from a week before the month to today.
        let month = try fx.run(["history", "usd", "cad", "30d", "--source", "boc", "--csv"])
        #expect(month.status == 0, "\(month.stderr)")
        #expect(month.stderr == "")
        #expect(server.requests.count == 1)
        let first = try #require(server.requests.first?.path)
        #expect(first.hasPrefix(Self.path))
        let start = try #require(queryValue("start_date", in: first).flatMap(Day.init(iso:)))
        #expect(queryValue("end_date", in: first) == CentralEuropeanTime.day(at: Date()).description)
        let rows = month.stdout.split(separator: "\n").map(String.init)
        #expect(rows.first == "date,base,quote,rate")
        let last = Self.lastBusinessDay(onOrBefore: cutoff)
        let value = try #require(ValetFixture.value("FXUSDCAD", on: last))
        // CAD per USD as the Bank published it: the inverse of the inverse lands back on it.
        #expect(rows.last == "\(last),USD,CAD,\(value)", "\(rows.suffix(2))")

        // Again at once: the history is current, no request.
        let again = try fx.run(["history", "usd", "cad", "30d", "--source", "boc"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(server.requests.count == 1)

        // An older day: only the days before those held are asked for.
        let dated = try fx.run(["--json", "rate", "usd", "cad", "on", "2024-03-01", "--source", "boc"])
        #expect(dated.status == 0, "\(dated.stderr)")
        #expect(server.requests.count == 2)
        let older = server.requests[1].path
        #expect(queryValue("start_date", in: older) == "2024-02-23")
        #expect(queryValue("end_date", in: older) == Self.firstBusinessDay(onOrAfter: start).adding(days: -1).description)
        let march1 = try #require(ValetFixture.value("FXUSDCAD", on: Day(iso: "2024-03-01")!))
        #expect(dated.stdout.contains(#""source":"boc""#), "\(dated.stdout)")
        #expect(dated.stdout.contains(#""as_of":"2024-03-01""#), "\(dated.stdout)")
        #expect(dated.stdout.contains(#""rate":"\#(march1)""#), "\(dated.stdout)")
        let plain = try fx.run(["rate", "usd", "cad", "on", "2024-03-01", "--source", "boc"])
        #expect(plain.stdout.hasPrefix("1 USD = \(march1) CAD"), "\(plain.stdout)")
        #expect(server.requests.count == 2)

        // Averages and price files over what is held: no request either.
        let average = try fx.run(["rate", "usd", "cad", "avg", "from", "2024-02-26", "to", "2024-03-08", "--source", "boc"])
        #expect(average.status == 0, "\(average.stderr)")
        // 1.3706, 1.3617, 1.3716, 1.3675, 1.3699, 1.3716, 1.3675, 1.3699, 1.3706, 1.3617: 13.6826 / 10.
        #expect(average.stdout.hasPrefix("1 USD = 1.36826 CAD   mean of 2024-02-26 to 2024-03-08\n"), "\(average.stdout)")
        #expect(average.stdout.contains("10 daily Bank of Canada reference rates"), "\(average.stdout)")
        #expect(average.stdout.contains("arithmetic mean of the daily rates;"), "\(average.stdout)")
        let ledger = try fx.run(["history", "usd", "cad", "from", "2024-03-01", "to", "2024-03-08", "--ledger", "--source", "boc"])
        #expect(ledger.status == 0, "\(ledger.stderr)")
        #expect(ledger.stdout.contains("\nP 2024-03-01 USD \(march1) CAD\n"), "\(ledger.stdout)")
        #expect(server.requests.count == 2)

        // Each source's rate on that day: the Bank's from its history, the others say why not.
        let compare = try fx.run(["sources", "compare", "usd", "cad", "on", "2024-03-01"])
        let bocRow = compare.stdout.split(separator: "\n").first { $0.hasPrefix("  boc") }
        #expect(bocRow?.contains(march1) == true, "\(compare.stdout) \(compare.stderr)")
        #expect(bocRow?.contains("2024-03-01") == true, "\(compare.stdout)")
        #expect(compare.stdout.contains("keeps no history"), "\(compare.stdout)")
        #expect(server.requests.count == 2)

        // Later, after newer publications: only the days after the last one held are asked for.
        try ageHistoryFile(fx, source: "boc", by: 2 * 3600)
        server.setHandler(Self.handler())
        let later = try fx.run(["history", "usd", "cad", "30d", "--source", "boc", "--csv"])
        #expect(later.status == 0, "\(later.stderr)")
        #expect(server.requests.count == 3)
        #expect(queryValue("start_date", in: server.requests[2].path) == last.adding(days: 1).description)
        let newest = Self.lastBusinessDay(onOrBefore: toronto)
        #expect(later.stdout.split(separator: "\n").last?.hasPrefix("\(newest),USD,CAD,") == true, "\(later.stdout)")
    }

    @Test func aDayBeforeTheSeriesBeganSaysWhenItBegan() throws {
        let server = try LoopbackHTTPServer(handler: Self.handler())
        defer { server.stop() }
        var fx = FXRunner()
        fx.environment["FX_BOC_URL"] = server.baseURL.appendingPathComponent("boc/").absoluteString
        defer { fx.cleanUp() }
        let result = try fx.run(["rate", "usd", "cad", "on", "2016-06-01", "--source", "boc"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("2017-01-03"), "\(result.stderr)")
        #expect(queryValue("start_date", in: server.requests.first?.path ?? "") == "2017-01-03")
    }
}
