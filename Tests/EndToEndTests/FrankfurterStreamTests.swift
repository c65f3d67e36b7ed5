import FXRates
import FXTestSupport
import Foundation
import Testing

/// A Frankfurter v2 range the server cuts short is a failure, never a shorter history: the built
/// `fx` against a loopback server whose NDJSON stream ends inside a row, or before its announced
/// length, with the ECB down.
@Suite struct FrankfurterStreamTests {
    static let history: RateHistory = {
        let days = (0..<20).map { Day(year: 2026, month: 10, day: 1)!.adding(days: $0) }
        return RateHistory(
            base: .eur, days: days,
            columns: [
                .usd: days.indices.map { Decimal(11172 + $0) / 10000 },
                CurrencyCode("NGN")!: days.indices.map { Decimal(171246 + $0) / 100 },
            ])
    }()

    static func run(range: LoopbackHTTPServer.Reply) throws -> (FXRunner.Result, Bool) {
        let latest = Data(FrankfurterV2Body.latest(history.table(at: history.days.count - 1)).utf8)
        let server = try LoopbackHTTPServer { request in
            if request.path.hasPrefix("/ecb/") { return .status(503, body: "down") }
            guard request.path.hasPrefix("/frankfurter/rates?") else { return .status(404) }
            return request.path.contains("from=") ? range : .ok(latest, contentType: "application/json")
        }
        defer { server.stop() }
        var fx = FXRunner(ecbURL: server.ecbURL)
        fx.environment["FX_FRANKFURTER_URL"] = server.baseURL.appendingPathComponent("frankfurter/").absoluteString
        defer { fx.cleanUp() }
        let result = try fx.run(["--source", "frankfurter", "history", "usd", "ngn", "from", "2026-10-01", "to", "2026-10-20", "--csv"])
        let kept = FileManager.default.fileExists(atPath: fx.home.appendingPathComponent("cache/fx/history-frankfurter.txt").path)
        return (result, kept)
    }

    @Test func aWholeStreamAnswers() throws {
        let body = Data(FrankfurterV2Body.ndjson(Self.history).utf8)
        let (result, kept) = try Self.run(range: .ok(body, contentType: "application/x-ndjson"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 21, "\(result.stdout)")
        #expect(kept)
    }

    @Test func aStreamEndingInsideARowFails() throws {
        let body = Data(FrankfurterV2Body.ndjson(Self.history).utf8)
        let cut = body.prefix(body.count / 2 + 7)
        let (result, kept) = try Self.run(range: .ok(Data(cut), contentType: "application/x-ndjson"))
        #expect(result.status != 0)
        #expect(result.stderr.contains("the stream ends inside a row"), "\(result.stderr)")
        #expect(!kept)
    }

    @Test func aStreamCutBeforeItsLengthFails() throws {
        let body = Data(FrankfurterV2Body.ndjson(Self.history).utf8)
        // Cut right after a row's newline: only the announced length tells.
        let lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let half = Data(lines.prefix(lines.count / 2).joined(separator: [UInt8(ascii: "\n")]) + [UInt8(ascii: "\n")])
        let (result, kept) = try Self.run(range: .truncated(status: 200, body: half, announced: body.count))
        #expect(result.status != 0)
        #expect(result.stderr.contains("cut off"), "\(result.stderr)")
        #expect(!kept)
    }
}
