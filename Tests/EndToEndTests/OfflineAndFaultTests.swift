import FXRates
import FXTestSupport
import Foundation
import Testing

/// First runs without a network, damaged caches and failing providers: an answer, a warning,
/// and a cache that is either untouched or replaced whole.
@Suite struct OfflineAndFaultTests {
    @Test func firstRunWithoutNetworkUsesTheBuiltInRates() throws {
        let fx = FXRunner()  // FX_ECB_URL points at a closed port
        defer { fx.cleanUp() }
        let result = try fx.run(["100", "usd", "eur"])
        #expect(result.status == 0)
        #expect(result.stdout == "100.00 USD = 89.51 EUR\n")
        #expect(result.stderr.contains("using built-in ECB rates of 2026-10-30; run 'refresh' when online"))
        #expect(!FileManager.default.fileExists(atPath: fx.cacheFile.path))

        let offline = try fx.run(["--offline", "rate", "usd", "jpy"])
        #expect(offline.status == 0)
        #expect(offline.stderr == "warning: using built-in ECB rates of 2026-10-30; run 'refresh' when online\n")
    }

    @Test func corruptCacheIsSetAsideOnceAndReplaced() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        try FileManager.default.createDirectory(at: fx.cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"schema\": 1, \"sources\": {\"ecb\": tru".utf8).write(to: fx.cacheFile)

        let first = try fx.run(["100", "usd", "eur"])
        #expect(first.status == 0)
        #expect(first.stdout == "100.00 USD = 89.51 EUR\n")
        #expect(first.stderr.contains("was damaged"))
        #expect(FileManager.default.fileExists(atPath: fx.cacheFile.path + ".corrupt"))

        let second = try fx.run(["100", "usd", "eur"])
        #expect(second.stderr == "")
        #expect(server.requests.count == 1)
    }

    @Test(arguments: [
        ("HTTP 500", LoopbackHTTPServer.Reply.status(500, body: "oops"), "HTTP 500"),
        (
            "HTML", .ok(Data("<!DOCTYPE html><html><body>Maintenance</body></html>".utf8), contentType: "text/html"),
            "got an HTML page instead of rates"
        ),
        ("garbage", .ok(Data([0x00, 0xFF, 0x13, 0x37])), "malformed"),
        ("empty", .ok(Data()), "empty response"),
        (
            "zero rate",
            .ok(
                Data(
                    "<gesmes:Envelope xmlns:gesmes='g'><Cube><Cube time='2026-11-02'><Cube currency='USD' rate='0'/></Cube></Cube></gesmes:Envelope>"
                        .utf8)), "invalid rate '0' for USD"
        ),
    ])
    func providerFailureKeepsTheCacheByteForByte(name: String, reply: LoopbackHTTPServer.Reply, expected: String) throws {
        let server = try LoopbackHTTPServer(routes: [ECBServer.dailyPath: reply])
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        // A cache of an older publication, fetched back then, so fx must ask the server.
        try fx.writeCache(Self.cacheOf20261030)
        let before = try Data(contentsOf: fx.cacheFile)

        let result = try fx.run(["100", "usd", "eur"])
        #expect(result.status == 0, "\(name)")
        #expect(result.stdout == "100.00 USD = 89.51 EUR\n")
        // One line: the ECB's fault, the other (unreachable) sources, and the ECB's cache answering.
        #expect(result.stderr.split(separator: "\n").count == 1, "\(name): \(result.stderr)")
        #expect(result.stderr.hasPrefix("warning: European Central Bank (\(expected)"), "\(name): \(result.stderr)")
        #expect(result.stderr.contains("using cached European Central Bank rates of 2026-10-30"), "\(name): \(result.stderr)")
        #expect(try Data(contentsOf: fx.cacheFile) == before, "\(name) changed the cache")

        let refresh = try fx.run(["refresh"])
        #expect(refresh.status == 1)
        #expect(refresh.stdout.contains("ecb: failed"))
        #expect(try Data(contentsOf: fx.cacheFile) == before)
    }

    static let cacheOf20261030 = """
        {"schema": 1, "sources": {"ecb": {"base": "EUR", "date": "2026-10-30",
         "fetchedAt": "2026-10-30T15:05:00Z", "checkedAt": "2026-10-30T15:05:00Z",
         "rates": {"USD": "1.1172", "JPY": "175.68", "GBP": "0.8338", "CHF": "0.9194"}}}}
        """

    @Test func maxAgeFailsWithStatusThreeOnSupersededRates() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        let result = try fx.run(["--offline", "--max-age", "1d", "100", "usd", "eur"])
        #expect(result.status == 3)
        #expect(result.stdout == "100.00 USD = 89.51 EUR\n")
        #expect(result.stderr.contains("longer than --max-age 1d allows"))
    }
}
