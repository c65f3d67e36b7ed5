import FXRates
import FXTestSupport
import Foundation
import Testing

/// `history` and dated questions through the built binary, against a loopback ECB that serves
/// the real full history (zipped) and a 90-day file, re-dated so the data ends this week.
@Suite struct HistoryTests {
    static let zipPath = "/ecb/eurofxref-hist.zip"
    static let recentPath = "/ecb/eurofxref-hist-90d.xml"

    /// The real history moved by whole weeks so its last day (2026-10-30) is the latest publication.
    struct Data_ {
        let full: RateHistory
        let last: Day
        let cut: Day
        let zip: Data
        let recent: Data

        init() throws {
            let latest = ECBServer.latestPublicationDate()
            let shift = (latest.ordinal - Day(iso: "2026-10-30")!.ordinal) / 7 * 7
            let csv = ECBFiles.csv(shiftedBy: shift)
            full = try ECBHistoryCSV.history(csv)
            last = full.last!
            // The first fetch gets the history up to a month ago; the 90-day file brings the rest.
            cut = last.adding(days: -30)
            zip = try ECBFiles.zip(csv: ECBFiles.csv(through: cut, from: csv))
            let recent = full.restricted(to: last.adding(days: -90)...last)
            self.recent = ECBFiles.xml(recent.days.indices.map(recent.table(at:)))
        }
    }

    @Test func fullHistoryOnceThenNothingThenOnlyTheRecentFile() throws {
        let data = try Data_()
        let server = try LoopbackHTTPServer(routes: [
            Self.zipPath: .ok(data.zip, contentType: "application/zip"),
            Self.recentPath: .ok(data.recent),
        ])
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }

        let first = try fx.run(["history", "usd", "jpy", "all", "--csv"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr == "")
        #expect(server.requests.map(\.path) == [Self.zipPath])
        let rows = first.stdout.split(separator: "\n")
        #expect(rows.first == "date,base,quote,rate")
        #expect(rows.count == 1 + data.full.restricted(to: data.full.first!...data.cut).days.count)
        // 1999-01-04 (moved): JPY 133.73 / USD 1.1789 per euro.
        #expect(rows.dropFirst().first?.hasPrefix("\(data.full.first!),USD,JPY,113.43625") == true)
        #expect(rows.last?.hasPrefix("\(data.full.index(onOrBefore: data.cut).map { data.full.days[$0] }!),USD,JPY,") == true)

        // Within the recheck interval nothing is asked again, whatever the question.
        let second = try fx.run(["history", "usd", "jpy", "1y"])
        #expect(second.status == 0)
        #expect(second.stdout.contains("USD/JPY"))
        #expect(server.requests.count == 1)

        // A later day: the history is behind, and only the 90-day file is fetched to catch up.
        try ageHistoryFile(fx, source: "ecb", by: 2 * 3600)
        let third = try fx.run(["history", "usd", "jpy", "30d", "--csv"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(server.requests.map(\.path) == [Self.zipPath, Self.recentPath])
        // 2026-10-30 (moved): JPY 175.68 / USD 1.1172 = 157.2502685…
        #expect(third.stdout.split(separator: "\n").last == "\(data.last),USD,JPY,157.2502685285")

        // Dated questions answer from the same file, without a request.
        let rate = try fx.run(["rate", "usd", "jpy", "on", data.last.description])
        #expect(rate.stdout == "1 USD = 157.25 JPY   (1 JPY = 0.00635929 USD)\n")
        let sunday = data.last.adding(days: 7 - data.last.weekday + 7 > 7 ? (7 - data.last.weekday) : 0)
        if sunday > data.last, sunday <= LocalToday.day {
            let json = try fx.run(["--json", "convert", "100", "usd", "eur", "on", sunday.description])
            #expect(json.stdout.contains("\"requested_date\":\"\(sunday)\""))
            #expect(json.stdout.contains("\"date\":\"\(data.last)\""))
            #expect(json.stdout.contains("\"result\":\"89.51\""))
        }
        #expect(server.requests.count == 2)
    }

    @Test func offlineWithoutHistoryUsesTheBuiltInRatesAndSaysSo() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline", "rate", "usd", "jpy", "on", "2026-10-30"])
        #expect(result.status == 0)
        #expect(result.stdout == "1 USD = 157.25 JPY   (1 JPY = 0.00635929 USD)\n")
        #expect(result.stderr.contains("built-in ECB rates"))
        let old = try fx.run(["--offline", "rate", "usd", "jpy", "on", "2001-01-02"])
        #expect(old.status == 1)
        // The ECB's rates begin in 1999: what is missing is the history, not yet fetched, and how to fetch it.
        #expect(
            old.stderr.contains("the European Central Bank history has not been fetched, and the built-in rates cover only "),
            "\(old.stderr)")
        #expect(old.stderr.contains("Online, 'fx history eur usd all' fetches all of it."), "\(old.stderr)")
        #expect(!old.stderr.contains("begin on") && !old.stderr.contains("run 'history'") && !old.stderr.contains("begins only on"))
    }

    @Test func unreachableSourceIsOneClearError() throws {
        let server = try LoopbackHTTPServer(routes: [
            Self.zipPath: .ok(Data("<html><body>Service Unavailable</body></html>".utf8), contentType: "text/html")
        ])
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        let result = try fx.run(["history", "usd", "jpy", "from", "2001-01-01", "to", "2001-12-31"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        // Why the source failed, and that the built-in rates hold none of the range (not that it has no rates).
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.contains("HTML page") == true)
        let expected =
            "fx: Not the whole of 2001-01-01 to 2001-12-31: the built-in European Central Bank rates hold none of it. "
            + "The rest could not be fetched; ask again later."
        #expect(lines.last.map(String.init) == expected)
        #expect(!FileManager.default.fileExists(atPath: fx.home.appendingPathComponent("cache/fx/history-ecb.txt").path))
    }

    @Test func frankfurterAnswersWhenTheECBCannot() throws {
        let data = try Data_()
        let recent = data.full.restricted(to: data.last.adding(days: -60)...data.last)
        let server = try LoopbackHTTPServer { request in
            if request.path.hasPrefix("/ecb/") { return .status(503, body: "down for maintenance") }
            guard request.path.hasPrefix("/frankfurter/rates?") else { return .status(404) }
            if request.path.contains("from=") {
                return .ok(Data(FrankfurterV2Body.ndjson(recent).utf8), contentType: "application/x-ndjson")
            }
            return .ok(Data(FrankfurterV2Body.latest(recent.table(at: recent.days.count - 1)).utf8), contentType: "application/json")
        }
        defer { server.stop() }
        var fx = FXRunner(ecbURL: server.ecbURL)
        fx.environment["FX_FRANKFURTER_URL"] = server.baseURL.appendingPathComponent("frankfurter/").absoluteString
        defer { fx.cleanUp() }

        let result = try fx.run(["history", "usd", "jpy", "30d", "--csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").last == "\(data.last),USD,JPY,157.2502685285")
        #expect(
            result.stderr == "warning: European Central Bank: server answered HTTP 503 (Service Unavailable); using Frankfurter instead\n")
        let frankfurterRequest = try #require(server.requests.first { $0.path.hasPrefix("/frankfurter/") })
        #expect(frankfurterRequest.path.contains("base=EUR"))

        // --source picks Frankfurter alone, for dated questions and for the latest rates.
        let forced = try fx.run(["--source", "frankfurter", "rate", "usd", "jpy", "on", data.last.description])
        #expect(forced.stdout == "1 USD = 157.25 JPY   (1 JPY = 0.00635929 USD)\n")
        let latest = try fx.run(["--source", "frankfurter", "rate", "usd", "jpy"])
        #expect(latest.status == 0, "\(latest.stderr)")
        #expect(latest.stdout == "1 USD = 157.25 JPY   (1 JPY = 0.00635929 USD)\n")
        #expect(server.requests.contains { $0.path == "/frankfurter/rates?base=EUR&expand=providers" })
    }
}

private enum LocalToday {
    static var day: Day { Day(utc: Date().addingTimeInterval(TimeInterval(TimeZone.current.secondsFromGMT()))) }
}
