import FXRates
import FXRender
import Foundation
import Testing

/// The one warning line when several sources failed for a question, and the words for a source
/// held back after a failure.
@Suite("Failure line")
struct FailureLineTests {
    static let now = Date(timeIntervalSince1970: 1_795_334_730)  // 2026-11-22 08:05:30 UTC
    static let ecb = FailedSource(source: .ecb, sourceName: "European Central Bank", failure: .httpStatus(500))
    static let cached = Diagnostic.Fallback.cached(Day(iso: "2026-10-30")!, fetchedAt: now - 3 * 3600)

    static func line(_ failed: [FailedSource], _ fallback: Diagnostic.Fallback = cached) -> String {
        Messages.text(for: .fetchesFailed(failed, fallback: fallback, answeredBy: "European Central Bank"), now: now)
    }

    @Test func eachSourceWithItsReasonThenWhatAnsweredAndHowOld() {
        let failed = [
            Self.ecb,
            FailedSource(source: .frankfurter, sourceName: "Frankfurter", failure: .transport(.timedOut(seconds: 15))),
            FailedSource(source: SourceID("boc"), sourceName: "Bank of Canada", failure: .transport(.cannotConnect("refused"))),
        ]
        #expect(
            Self.line(failed)
                == "European Central Bank (HTTP 500), Frankfurter (no answer within 15 s, FX_TIMEOUT) and Bank of Canada (cannot connect) failed; "
                + "using cached European Central Bank rates of 2026-10-30 (fetched 3h ago)")
    }

    @Test func sourcesThatFailedAlikeShareTheirReason() {
        let frankfurter = FailedSource(source: .frankfurter, sourceName: "Frankfurter", failure: .httpStatus(500))
        #expect(
            Self.line([Self.ecb, frankfurter], .builtIn(Day(iso: "2026-10-30")!))
                == "European Central Bank and Frankfurter failed (HTTP 500); using built-in ECB rates of 2026-10-30; run 'refresh' when online"
        )
        #expect(Self.line([Self.ecb, frankfurter], .otherSource("Dunamu")).hasSuffix("failed (HTTP 500); using Dunamu instead"))
    }

    @Test func sourcesHeldBackSayWhenTheyFailedAndWhenTheyAreAskedAgain() {
        let held = FetchFailure.backingOff(failedAt: Self.now - 20, reason: "server answered HTTP 500", until: Self.now + 40)
        let failed = [
            FailedSource(source: .ecb, sourceName: "European Central Bank", failure: held),
            FailedSource(source: .frankfurter, sourceName: "Frankfurter", failure: held),
        ]
        #expect(
            Self.line(failed)
                == "European Central Bank and Frankfurter failed 20s ago and are asked again in 40s ('refresh' asks now); "
                + "using cached European Central Bank rates of 2026-10-30 (fetched 3h ago)")
        // One source alone keeps the usual wording, with the reason recorded when it failed.
        let one = Diagnostic.fetchFailed(source: .ecb, sourceName: "European Central Bank", failure: held, fallback: Self.cached)
        #expect(
            Messages.text(for: one, now: Self.now)
                == "European Central Bank: failed 20s ago (server answered HTTP 500), asked again in 40s ('refresh' asks now); "
                + "using cached rates of 2026-10-30 (fetched 3h ago)")
        #expect(
            Messages.text(for: held)
                == "failed at 2026-11-22 08:05:10 UTC (server answered HTTP 500) and is not asked before 2026-11-22 08:06:10 UTC")
    }
}
