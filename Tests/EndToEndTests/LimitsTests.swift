import FXRates
import FXTestSupport
import Foundation
import Testing

/// Timeouts, the size cap, configuration and a cache that cannot be written.
@Suite struct LimitsTests {
    @Test func oversizedBodyIsRefused() throws {
        let padding = String(repeating: "<!-- padding -->\n", count: 8_000)  // ~136 KiB, over the 64 KiB cap
        let body = Data(
            String(decoding: ECBServer.daily(dated: ECBServer.latestPublicationDate()), as: UTF8.self)
                .replacingOccurrences(of: "<Cube>", with: padding + "<Cube>").utf8)
        let server = try LoopbackHTTPServer(routes: [ECBServer.dailyPath: .ok(body)])
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        let result = try fx.run(["100", "usd", "eur"])
        #expect(result.status == 0)
        // Named with the other sources, unreachable here, in one line.
        #expect(result.stderr.hasPrefix("warning: European Central Bank (response larger than 64 KiB), "), "\(result.stderr)")
        #expect(result.stderr.contains("; using built-in ECB rates"))
        #expect(!FileManager.default.fileExists(atPath: fx.cacheFile.path))
    }

    @Test func silentServerTimesOutWithinTheConfiguredLimit() throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        var fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        fx.environment["FX_TIMEOUT"] = "1"
        let started = Date()
        let result = try fx.run(["100", "usd", "eur"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 0)
        #expect(result.stdout == "100.00 USD = 89.51 EUR\n")
        #expect(result.stderr.contains("no answer within 1 s"), "\(result.stderr)")
        #expect(elapsed < 5, "took \(elapsed) s")
    }

    @Test func configFileSetsTheSourceURLAndTheEnvironmentWins() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        var fx = FXRunner()
        defer { fx.cleanUp() }
        let config = fx.home.appendingPathComponent("config/fx/config.json")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"sources": {"ecb": {"url": "\#(server.ecbURL.absoluteString)"}}}"#.utf8).write(to: config)
        fx.environment.removeValue(forKey: "FX_ECB_URL")
        let fromConfig = try fx.run(["100", "usd", "eur"])
        #expect(fromConfig.stderr == "")
        #expect(server.requests.count == 1)

        try? FileManager.default.removeItem(at: fx.cacheFile)
        fx.environment["FX_ECB_URL"] = "http://127.0.0.1:9/ecb/"
        let overridden = try fx.run(["100", "usd", "eur"])
        #expect(overridden.stderr.contains("failed (cannot connect)"), "\(overridden.stderr)")
        #expect(server.requests.count == 1)

        try Data("{not json".utf8).write(to: config)
        let broken = try fx.run(["--offline", "100", "usd", "eur"])
        #expect(broken.status == 0)
        #expect(broken.stderr.contains("ignoring \(config.path): not valid JSON"))
        #expect(FileManager.default.fileExists(atPath: config.path))
    }

    @Test func plainHTTPToAnotherHostIsRefused() throws {
        var fx = FXRunner()
        defer { fx.cleanUp() }
        fx.environment["FX_ECB_URL"] = "http://ecb.example/"
        let result = try fx.run(["100", "usd", "eur"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("European Central Bank (refusing plain HTTP)"), "\(result.stderr)")
    }

    @Test func unwritableCacheStillAnswersWithOneWarning() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        // A file where the cache directory should be: nothing can be written below it.
        try Data("x".utf8).write(to: fx.home.appendingPathComponent("cache"))
        let result = try fx.run(["100", "usd", "eur"])
        #expect(result.status == 0)
        #expect(result.stdout == "100.00 USD = 89.51 EUR\n")
        #expect(result.stderr.hasPrefix("warning: could not update the cache"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func offlineWithSupersededCacheSaysHowOld() throws {
        let fx = FXRunner()
        defer { fx.cleanUp() }
        try fx.writeCache(OfflineAndFaultTests.cacheOf20261030)
        let result = try fx.run(["--offline", "100", "usd", "eur"])
        #expect(result.status == 0)
        #expect(result.stdout == "100.00 USD = 89.51 EUR\n")
        #expect(result.stderr.contains("using cached European Central Bank rates of 2026-10-30, superseded"))
    }
}
