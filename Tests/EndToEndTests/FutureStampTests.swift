import FXRates
import FXTestSupport
import Foundation
import Testing

/// Stamps fx trusts, written in the future (a clock that was wrong and then corrected, or a hand
/// edit): a check time ahead of the clock is no age at all, and a `Retry-After` read back is capped.
@Suite struct FutureStampTests {
    @Test func aCacheCheckedInTheFutureIsAskedAgain() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        #expect(try fx.run(["100", "usd", "eur"]).status == 0)
        #expect(server.requests.count == 1)
        // Fresh by the schedule, but checked in 2100: asked again.
        let text = try String(contentsOf: fx.cacheFile, encoding: .utf8)
        let ahead = try #require(text.firstRange(of: #/"checkedAt"\s*:\s*"[^"]*"/#))
        try fx.writeCache(text.replacingCharacters(in: ahead, with: #""checkedAt":"2100-01-01T00:00:00Z""#))
        #expect(try fx.run(["100", "usd", "eur"]).status == 0)
        #expect(server.requests.count == 2)
        #expect(!(try String(contentsOf: fx.cacheFile, encoding: .utf8)).contains("2100"))
    }

    @Test func aRetryAfterIn2100DoesNotSilenceASource() throws {
        let server = try ECBServer.current()
        defer { server.stop() }
        let fx = FXRunner(ecbURL: server.ecbURL)
        defer { fx.cleanUp() }
        let month = SourceUsage.month(of: Date())
        try fx.writeCache("{}")
        try Data(
            #"{"schema":1,"sources":{"ecb":{"month":"\#(month)","requests":1,"wasted":0,"retryAfter":"2100-01-01T00:00:00Z"}}}"#.utf8
        ).write(to: fx.cacheFile.deletingLastPathComponent().appendingPathComponent("usage.json"))
        try FileManager.default.removeItem(at: fx.cacheFile)
        let refresh = try fx.run(["refresh", "ecb"])
        #expect(refresh.stdout.hasPrefix("ecb: updated"), "\(refresh.stdout) \(refresh.stderr)")
        #expect(server.requests.count == 1)
    }
}
