import FXRates
import FXTestSupport
import Foundation
import Testing

/// A dated question to Frankfurter's blend on a day some of its institutions published and the
/// asked currency's did not (25 December: the ruble's and the dollar's rows, not the naira's): the
/// server repeats a quote in a range only when it changed, so the naira's last row stands for the
/// day, as the server itself carries it (14 days), and the answer says which day's rate it took.
@Suite struct BlendCarryForwardTests {
    /// Weekdays of December 2023 for every currency, but NGN silent from 25 to 29 December and
    /// USD and GBP published on the 25th (another institution's day), each rate a function of the day.
    static func history() -> RateHistory {
        let days = (day("2023-12-01").ordinal...day("2024-01-12").ordinal).map(Day.init(ordinal:)).filter { $0.weekday <= 5 }
        let silent = day("2023-12-25")...day("2023-12-29")
        let base: [CurrencyCode: Int] = [code("GBP"): 8_500, code("JPY"): 1_600_000, code("NGN"): 17_000_000, .usd: 10_800]
        var columns: [CurrencyCode: [Decimal?]] = [:]
        for (code, start) in base {
            columns[code] = days.enumerated().map { index, day in
                if code == CurrencyCode("NGN")!, silent.contains(day) { return nil }
                if code == CurrencyCode("JPY")!, day == Day(iso: "2023-12-25") { return nil }
                return Decimal(start + index % 97) / 10_000
            }
        }
        return RateHistory(base: .eur, days: days, columns: columns)
    }

    /// `rates?from=…[&to=…][&quotes=…]` as the v2 server answers a range: each quote's rows within
    /// it, and at its start each quote's newest row of the 14 days before when it has none that day
    /// (the server's carry-forward at the range's first anchor), dated by its own day.
    static func server(_ history: RateHistory) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            guard let parts = URLComponents(string: request.path), parts.path == "/frankfurter/rates" else { return .status(404) }
            let query = Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
            guard query["base"] == "EUR", let from = query["from"].flatMap({ Day(iso: $0) }) else { return .status(422) }
            let to = query["to"].flatMap { Day(iso: $0) } ?? history.last!
            let quotes = query["quotes"].map { Set($0.split(separator: ",").compactMap { CurrencyCode(String($0)) }) }
            var rows: [(day: Day, code: CurrencyCode, rate: Decimal)] = []
            for (code, column) in history.columns where quotes?.contains(code) ?? true {
                let inRange = history.days.indices.filter { history.days[$0] >= from && history.days[$0] <= to && column[$0] != nil }
                if inRange.first.map({ history.days[$0] != from }) ?? true,
                    let carried = history.days.indices.last(where: {
                        history.days[$0] < from && history.days[$0] >= from.adding(days: -14) && column[$0] != nil
                    })
                {
                    rows.append((history.days[carried], code, column[carried]!))
                }
                rows += inRange.map { (history.days[$0], code, column[$0]!) }
            }
            rows.sort { ($0.day, $0.code) < ($1.day, $1.code) }
            let body = rows.map { #"{"date":"\#($0.day)","base":"EUR","quote":"\#($0.code)","rate":\#($0.rate)}"# + "\n" }.joined()
            return .ok(Data(body.utf8), contentType: "application/x-ndjson")
        }
    }

    @Test func aQuoteSilentOnADayOthersPublishedIsCarriedWithTheDaySaid() throws {
        let history = Self.history()
        let server = try Self.server(history)
        defer { server.stop() }
        let fx = FrankfurterRequestTests.runner(server)
        defer { fx.cleanUp() }
        let friday = try #require(history.days.firstIndex(of: day("2023-12-22")))
        let ngn = try #require(history.columns[code("NGN")]?[friday] ?? nil)
        for asked in ["2023-12-25", "2023-12-27", "2023-12-30"] {
            let index = try #require(history.index(onOrBefore: day(asked)))
            let usd = try #require(history.columns[.usd]?[index] ?? nil)
            let result = try fx.run(["--json", "convert", "1000", "usd", "ngn", "on", asked])
            #expect(result.status == 0, "\(asked): \(result.stderr)")
            let json = try #require(jsonAnswer(result.stdout))
            let expected = (1000 * ngn / usd).rounded(scale: 2)
            #expect(json["result"].flatMap { Decimal(string: "\($0)") } == expected, "\(asked): \(result.stdout)")
            // Dated by the naira's own row, the day asked said beside it.
            #expect(json["as_of"] as? String == "2023-12-22", "\(asked): \(result.stdout)")
            let text = try fx.run(["convert", "1000", "usd", "ngn", "on", asked])
            #expect(
                text.stderr.contains("no rates on \(asked)") && text.stderr.contains("the rates of 2023-12-22 answered"), "\(text.stderr)")
        }
        // The whole table of that day carries each silent quote too.
        let table = try fx.run(["--source", "frankfurter", "rate", "eur", "on", "2023-12-25"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("NGN") && table.stdout.contains("JPY"), "\(table.stdout)")
    }

    /// Beyond the server's own window a silence is a gap, said as one.
    @Test func aSilenceLongerThanTheWindowIsAGap() throws {
        var history = Self.history()
        let days = history.days
        let columns = history.columns.mapValues { column in
            column.enumerated().map { index, rate in days[index] >= day("2023-12-11") && days[index] <= day("2024-01-05") ? nil : rate }
        }
        var usd = columns[.usd]!
        usd = usd.enumerated().map { index, rate in rate ?? Decimal(10_800 + index) / 10_000 }
        history = RateHistory(base: .eur, days: days, columns: columns.merging([.usd: usd]) { $1 })
        let server = try Self.server(history)
        defer { server.stop() }
        let fx = FrankfurterRequestTests.runner(server)
        defer { fx.cleanUp() }
        // Held from 4 December, so the gap is known whole.
        #expect(try fx.run(["convert", "1000", "usd", "ngn", "on", "2023-12-04"]).status == 0)
        let result = try fx.run(["convert", "1000", "usd", "ngn", "on", "2024-01-02"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("published none between 2023-12-08 and 2024-01-08"), "\(result.stderr)")
    }
}
