import FXRates
import FXTestSupport
import Foundation
import Testing

/// A provider that lies (issue 34, item 1): the built `fx` against a loopback ECB whose daily
/// file holds a rate that cannot be true. The answer never rests on it, `latest.json` never
/// keeps it, and one warning names the source, the pair and the figure.
@Suite struct ImplausibleRateEndToEndTests {
    /// The real daily file, dated the latest publication, with USD's rate replaced.
    static func lying(usd: String, dated day: Day = ECBServer.latestPublicationDate()) -> Data {
        let text = String(decoding: ECBServer.daily(dated: day), as: UTF8.self)
        return Data(text.replacingOccurrences(of: "currency='USD' rate='1.1172'", with: "currency='USD' rate='\(usd)'").utf8)
    }

    /// The issue's own case: a first run, `--source ecb`, USD at 0.0000000001.
    @Test func aTinyRateNeverAnswersAndIsNeverCached() throws {
        let server = try LoopbackHTTPServer(routes: [ECBServer.dailyPath: .ok(Self.lying(usd: "0.0000000001"))])
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }

        let result = try fx.run(["--source", "ecb", "100", "usd", "eur"])
        #expect(!result.stdout.contains("1,000,000,000,000"), "\(result.stdout)")
        // The built-in rates answer, and say so; the one line names the source, pair and figure.
        #expect(result.stdout == "100.00 USD = 89.51 EUR\n", "\(result.stdout)")
        let day = ECBServer.latestPublicationDate()
        #expect(
            result.stderr.contains(
                "warning: European Central Bank: implausible rate 1 EUR = 0.0000000001 USD (\(day)): no real rate is below 0.000000001; "
                    + "using built-in ECB rates of 2026-10-30"),
            "\(result.stderr)")
        let cached = (try? String(contentsOf: fx.cacheFile, encoding: .utf8)) ?? ""
        #expect(!cached.contains("0.0000000001"), "\(cached)")
    }

    @Test(arguments: ["100000000000000000000", "0.0000000001"])
    func aRateBeyondTheBoundsKeepsTheCacheByteForByte(usd: String) throws {
        let server = try LoopbackHTTPServer(routes: [ECBServer.dailyPath: .ok(Self.lying(usd: usd))])
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        try fx.writeCache(Self.cache(dated: ECBServer.latestPublicationDate().adding(days: -1)))
        let before = try Data(contentsOf: fx.cacheFile)

        let result = try fx.run(["100", "usd", "eur"])
        #expect(result.status == 0)
        #expect(result.stdout == "100.00 USD = 89.51 EUR\n", "\(result.stdout)")
        #expect(result.stderr.contains("implausible rate 1 EUR = \(usd) USD"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try Data(contentsOf: fx.cacheFile) == before)

        let refresh = try fx.run(["refresh"])
        #expect(refresh.status == 1)
        #expect(try Data(contentsOf: fx.cacheFile) == before)
    }

    /// USD from 1.1172 to 3.5 overnight, with no other source to confirm it: refused, the
    /// previous day's table answers; once the server tells the truth again, it is taken.
    @Test func aJumpNothingConfirmsIsRefusedAndTheTruthTakenAfter() throws {
        let body = Served(Self.lying(usd: "3.5"))
        let server = try LoopbackHTTPServer { request in
            request.path == ECBServer.dailyPath ? .ok(body.data) : .status(404, body: "not found")
        }
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        let yesterday = ECBServer.latestPublicationDate().adding(days: -1)
        try fx.writeCache(Self.cache(dated: yesterday))
        let before = try Data(contentsOf: fx.cacheFile)

        let result = try fx.run(["100", "usd", "eur"])
        #expect(result.stdout == "100.00 USD = 89.51 EUR\n", "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "implausible rate 1 EUR = 3.5 USD (\(ECBServer.latestPublicationDate())), 3.13× its 1.1172 of \(yesterday)"),
            "\(result.stderr)")
        #expect(try Data(contentsOf: fx.cacheFile) == before)

        body.data = ECBServer.daily(dated: ECBServer.latestPublicationDate())
        let refresh = try fx.run(["refresh", "ecb"])
        #expect(refresh.status == 0, "\(refresh.stdout)\(refresh.stderr)")
        #expect(try String(contentsOf: fx.cacheFile, encoding: .utf8).contains(#""date" : "\#(ECBServer.latestPublicationDate())""#))
    }

    static func cache(dated day: Day) -> String {
        """
        {"schema": 1, "sources": {"ecb": {"base": "EUR", "date": "\(day)",
         "fetchedAt": "2026-10-30T15:05:00Z", "checkedAt": "2026-10-30T15:05:00Z",
         "rates": {"USD": "1.1172", "JPY": "175.68", "GBP": "0.8338", "CHF": "0.9194"}}}}
        """
    }
}

/// A body the test changes while the server runs.
private final class Served: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Data
    init(_ data: Data) { current = data }
    var data: Data {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}
