import FXRates
import FXTestSupport
import Foundation
import Testing

/// `Retry-After` through the real fx, run after run as a cron job would: no request to that
/// source until the instant passes, `refresh` saying so in one line, the cache answering meanwhile.
@Suite struct RetryAfterEndToEndTests {
    static let restricted = fixtureOfRates("oxr/error-access-restricted.json")

    @Test func noRequestUntilTheWaitIsOverAcrossRuns() async throws {
        let rig = try FaultRig(first: .oxr, timeout: "3")
        defer { rig.cleanUp() }
        // The runs below fall within it (`closeGap` takes out the time the test itself waited);
        // its end is then brought forward in usage.json rather than waited for.
        let wait = 120
        rig.server.answer(.oxr) { _ in
            .response(status: 429, headers: ["Retry-After": "\(wait)", "Content-Type": "application/json"], body: Self.restricted)
        }
        // The 429 itself: one line naming the source, the status and the instant.
        let first = try await rig.fx.timedRun(["refresh", "oxr"])
        expectSafe(first, "first refresh")
        #expect(first.status == 1)
        #expect(
            first.stdout.hasPrefix("oxr: failed: server answered HTTP 429 (Too Many Requests) and asked for no request before "),
            "\(first.stdout)")
        #expect(first.stderr == "fx: no source could be refreshed (oxr); the cache is as it was\n")
        #expect(rig.server.requests(to: .oxr).count == 1)
        let usage = String(decoding: try Data(contentsOf: rig.usageFile), as: UTF8.self)
        #expect(usage.contains("\"retryAfter\""), "\(usage)")
        let printed = String(first.stdout.split(separator: "before ").last ?? "").trimmingCharacters(in: .newlines)
        // Runs as if each came right after the one before (`closeGap`); the wait moves with them.
        var moved = 0
        var last = first.finished
        func nextRun(_ arguments: [String]) async throws -> TimedResult {
            moved += try rig.closeGap(since: last)
            let run = try await rig.fx.timedRun(arguments)
            last = run.finished
            return run
        }
        func instant() -> String { Self.utcTime(printed, plus: moved) }

        // Later runs, as a cron job's: refresh is not sent and says until when; a conversion
        // answers from the cache with one warning; `refresh` of everything refreshes the others.
        let again = try await nextRun(["refresh", "oxr"])
        expectSafe(again, "refresh during the wait")
        #expect(again.status == 1)
        #expect(
            again.stdout == "oxr: not asked: the server asked for no request before \(instant()); 'refresh --force oxr' asks anyway\n",
            "\(again.stdout)")
        let converted = try await nextRun(["convert", "100", "usd", "kwd"])
        expectSafe(converted, "convert during the wait")
        #expect(converted.status == 0)
        #expect(converted.stdout == "100.00 USD = 30.000 KWD\n", "\(converted.stdout) \(converted.stderr)")
        #expect(
            converted.stderr.hasPrefix(
                "warning: Open Exchange Rates: the server asked for no request before \(instant()); using cached rates of 2018-01-02"),
            "\(converted.stderr)")
        let all = try await nextRun(["refresh"])
        expectSafe(all, "refresh of all")
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.contains("oxr: not asked: "), "\(all.stdout)")
        // The others answered (the conversion before had asked them already: unchanged is an answer too).
        let others = all.stdout.split(separator: "\n").filter { !$0.hasPrefix("oxr:") }
        #expect(others.count == 7 && others.allSatisfy { $0.contains(": updated") || $0.contains(": unchanged") }, "\(all.stdout)")
        #expect(rig.server.requests(to: .oxr).count == 1, "asked during the wait")

        // Once the wait is over, the (healed) provider is asked again and answers.
        rig.server.answer(.oxr, with: nil)
        try rig.endWait(of: .oxr)
        let after = try await rig.fx.timedRun(["refresh", "oxr"])
        expectSafe(after, "refresh after the wait")
        #expect(after.status == 0, "\(after.stdout) \(after.stderr)")
        #expect(after.stdout.hasPrefix("oxr: updated"), "\(after.stdout)")
        #expect(rig.server.requests(to: .oxr).count == 2)
        let cleared = String(decoding: try Data(contentsOf: rig.usageFile), as: UTF8.self)
        #expect(!cleared.contains("\"retryAfter\""), "\(cleared)")
    }

    /// `2026-11-27 18:02:03 UTC`, as fx prints an instant, `seconds` later.
    static func utcTime(_ printed: String, plus seconds: Int) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        guard let date = format.date(from: printed) else { return printed }
        return format.string(from: date.addingTimeInterval(TimeInterval(seconds)))
    }

    @Test func aStatusWithoutRetryAfterIsAskedAgainNextRun() async throws {
        let rig = try FaultRig(first: .boc, timeout: "3")
        defer { rig.cleanUp() }
        rig.server.answer(.boc) { _ in .status(503, body: "busy") }
        for _ in 0..<2 {
            let run = try await rig.fx.timedRun(["refresh", "boc"])
            #expect(run.stdout == "boc: failed: server answered HTTP 503 (Service Unavailable)\n", "\(run.stdout)")
        }
        #expect(rig.server.requests(to: .boc).count == 2)
    }

    @Test func anAbsurdWaitIsCappedAtADay() async throws {
        let rig = try FaultRig(first: .dunamu, timeout: "3")
        defer { rig.cleanUp() }
        rig.server.answer(.dunamu) { _ in
            .response(status: 503, headers: ["Retry-After": "999999999999"], body: Data())
        }
        let run = try await rig.fx.timedRun(["refresh", "dunamu"])
        #expect(run.status == 1)
        let usage = try JSONSerialization.jsonObject(with: Data(contentsOf: rig.usageFile)) as? [String: Any]
        let record = (usage?["sources"] as? [String: Any])?["dunamu"] as? [String: Any]
        let until = (record?["retryAfter"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
        #expect(until != nil, "\(String(describing: record))")
        if let until {
            let wait = until.timeIntervalSince(run.finished)
            #expect(wait <= RetryAfter.longest + 1 && wait > RetryAfter.longest - 60, "\(wait)")
        }
    }
}

/// A sample from `Tests/FXRatesTests/Fixtures`.
func fixtureOfRates(_ name: String) -> Data {
    fixture(
        name,
        file: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FXRatesTests/x").path)
}
