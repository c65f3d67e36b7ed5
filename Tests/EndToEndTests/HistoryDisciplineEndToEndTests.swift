import FXRates
import FXTestSupport
import Foundation
import Testing

/// Dated questions through the real fx under the request discipline of the latest rates: a
/// `Retry-After` and the back-off hold every history source back across runs, each request is
/// recorded in usage.json, and a stalled network costs one deadline (`FX_TIMEOUT`), not one per
/// source nor a longer hidden one.
@Suite struct HistoryDisciplineEndToEndTests {
    static let question = ["rate", "usd", "eur", "on", "2026-10-30"]

    /// Requests each provider received, in `ProviderPlay` order.
    static func counts(_ rig: FaultRig) -> [Int] { ProviderPlay.allCases.map { rig.server.requests(to: $0).count } }

    @Test func afterARetryAfterADatedQuestionSendsNoRequestAndUsageRecordsTheHistoryRequests() async throws {
        let rig = try FaultRig(first: .ecb, timeout: "3")
        defer { rig.cleanUp() }
        for provider in ProviderPlay.allCases { rig.server.injectEverywhere(.status429RetryAfterSeconds, into: provider) }

        let first = try await rig.fx.timedRun(Self.question)
        expectSafe(first, "first dated question")
        // The built-in rates hold 2026-10-30.
        #expect(first.status == 0, "\(first.stdout) \(first.stderr)")
        let asked = Self.counts(rig)
        #expect(asked.reduce(0, +) >= 3, "\(asked)")
        let written = try? Data(contentsOf: rig.usageFile)
        #expect(written != nil, "usage.json not written")
        let usage = try written.map { try JSONSerialization.jsonObject(with: $0) } as? [String: Any]
        let records = usage?["sources"] as? [String: Any] ?? [:]
        for (provider, count) in zip(ProviderPlay.allCases, asked) where count > 0 {
            let record = records[provider.rawValue] as? [String: Any]
            #expect(record?["requests"] as? Int == count, "\(provider): \(String(describing: record))")
            #expect(record?["retryAfter"] != nil, "\(provider): \(String(describing: record))")
        }

        // Later runs within the 120 s: no request at all, the built-in rates answer with a warning.
        var last = first.finished
        for arguments in [Self.question, ["convert", "100", "usd", "eur", "on", "2026-10-29"]] {
            try rig.closeGap(since: last)
            let again = try await rig.fx.timedRun(arguments)
            last = again.finished
            expectSafe(again, "\(arguments)")
            #expect(again.status == 0, "\(arguments): \(again.stdout) \(again.stderr)")
            #expect(again.stderr.contains("asked for no request before"), "\(arguments): \(again.stderr)")
        }
        #expect(Self.counts(rig) == asked, "asked during the server's wait")
    }

    @Test func withEveryProviderStalledADatedQuestionTakesOneDeadlineAndTheNextRunNone() async throws {
        let rig = try FaultRig(first: .ecb, timeout: "4")
        defer { rig.cleanUp() }
        for provider in ProviderPlay.allCases { rig.server.injectEverywhere(.stall, into: provider) }

        let first = try await rig.fx.timedRun(Self.question)
        expectSafe(first, "first dated question")
        #expect(first.status == 0, "\(first.stdout) \(first.stderr)")
        // One deadline of 4 s and the helper's start; before, 4 + 30 + 30 s (and more for Nasdaq).
        #expect(first.seconds < 15, "took \(first.seconds) s: \(first.stderr)")
        let asked = Self.counts(rig)
        #expect(asked.reduce(0, +) == 1, "after a timeout the others were asked too: \(asked)")

        // The next run, within the back-off: no request, so no wait.
        try rig.closeGap(since: first.finished)
        let next = try await rig.fx.timedRun(Self.question)
        expectSafe(next, "next run")
        #expect(next.status == 0, "\(next.stdout) \(next.stderr)")
        #expect(Self.counts(rig) == asked, "asked again during the back-off")
        #expect(next.seconds < 4, "waited \(next.seconds) s: \(next.stderr)")
    }
}
