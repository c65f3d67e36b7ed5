import FXRates
import FXTestSupport
import Foundation
import Testing

/// Every provider answering 500, through the real fx run after run: one warning line naming the
/// sources and how old the answer is, then no request at all while the back-off lasts.
@Suite struct AllSourcesDownEndToEndTests {
    @Test func everySourceDownIsOneWarningAndTheNextRunAsksNobody() async throws {
        let rig = try FaultRig(first: .ecb, timeout: "3")
        defer { rig.cleanUp() }
        for provider in ProviderPlay.allCases { rig.server.inject(.status500, into: provider) }
        let names = ProviderPlay.allCases.map(\.name)
        let everyone = names.dropLast().joined(separator: ", ") + " and " + names.last!
        let answer = "; using cached European Central Bank rates of 2018-01-02 (fetched "

        let first = try await rig.fx.timedRun(["convert", "100", "usd", "eur"])
        expectSafe(first, "first run")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "100.00 USD = 80.00 EUR\n", "\(first.stdout)")
        #expect(first.stderrLines.count == 1, "\(first.stderr)")
        #expect(first.stderr.hasPrefix("warning: \(everyone) failed (HTTP 500)\(answer)"), "\(first.stderr)")
        // One fetch each (Coinbase's is a request per asset).
        let once = ProviderPlay.allCases.map(\.requestsPerFetch)
        #expect(ProviderPlay.allCases.map { rig.server.requests(to: $0).count } == once)

        // Within the minute's back-off: no request, the same one line saying when they are asked again.
        var last = first.finished
        for arguments in [["convert", "100", "usd", "eur"], ["--json", "convert", "100", "usd", "eur"]] {
            try rig.closeGap(since: last)
            let again = try await rig.fx.timedRun(arguments)
            last = again.finished
            expectSafe(again, "\(arguments)")
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stderrLines.count == 1, "\(arguments): \(again.stderr)")
            #expect(again.stderr.hasPrefix("warning: \(everyone) failed "), "\(arguments): \(again.stderr)")
            #expect(again.stderr.contains(" and are asked again in "), "\(arguments): \(again.stderr)")
            #expect(again.stderr.contains(answer), "\(arguments): \(again.stderr)")
        }
        #expect(ProviderPlay.allCases.map { rig.server.requests(to: $0).count } == once, "asked during the back-off")

        // `refresh` is not held back: the user asked.
        let refresh = try await rig.fx.timedRun(["refresh", "ecb"])
        #expect(refresh.stdout.hasPrefix("ecb: failed: server answered HTTP 500"), "\(refresh.stdout)")
        #expect(rig.server.requests(to: .ecb).count == 2)
    }
}
