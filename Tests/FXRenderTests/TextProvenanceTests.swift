import FXRates
import FXAnswers
import FXRender
import Foundation
import Testing

/// The dim line under an answer that says where its rates came from.
@Suite("TextRenderer: provenance")
struct TextProvenanceTests {
    typealias F = RenderFixtures

    func render(_ provenance: Provenance, show: Bool = true, targets: [String] = ["EUR"]) -> String? {
        TextRenderer(style: Style(color: false), showProvenance: show)
            .render(.conversion(F.conversion(100, "USD", to: targets, provenance: provenance)), now: F.now)
    }

    @Test
    func fetchedRatesSayWhen() {
        #expect(
            render(F.provenance(origin: .network, fetchedSecondsAgo: 192))
                == "100.00 USD = 89.51 EUR\nECB · 2026-10-30 · fetched 3m 12s ago")
    }

    @Test
    func aDayMovedByTheRuleIsSaidAsTheRuleNotAsAGap() {
        var moved = F.provenance(origin: .cache, fetchedSecondsAgo: 60)
        moved.requested = Day(iso: "2026-11-02")!
        moved.previousBusinessDay = true
        #expect(render(moved) == "100.00 USD = 89.51 EUR\nECB · 2026-10-30 (the publication before 2026-11-02) · fetched 1m ago")
        // Said on stderr when piped, as the default rule's substituted day is (issue 24 §2.8: nil before).
        #expect(
            Messages.substitutedDay(moved)
                == "the rates of 2026-10-30 answered 2026-11-02 (rule previous-business-day: the publication before)")
        moved.previousBusinessDay = false
        #expect(render(moved) == "100.00 USD = 89.51 EUR\nECB · 2026-10-30 (no rates on 2026-11-02) · fetched 1m ago")
        #expect(Messages.substitutedDay(moved) == "no rates on 2026-11-02; the rates of 2026-10-30 answered")
    }

    @Test
    func cachedRatesSayWhenTheyWereFetched() {
        #expect(
            render(F.provenance(origin: .cache, fetchedSecondsAgo: 2 * 3600 + 300))
                == "100.00 USD = 89.51 EUR\nECB · 2026-10-30 · fetched 2h 5m ago")
    }

    @Test
    func ratesWhoseSuccessorIsLongOverdueSaySoAndThatTheyWereOnlyChecked() {
        let stalled = Provenance(
            source: .ecb, sourceName: "European Central Bank", date: Day(year: 2026, month: 10, day: 30)!,
            fetchedAt: F.now - 5, origin: .network, supersededAt: F.now - 22 * 86_400)
        #expect(render(stalled) == "100.00 USD = 89.51 EUR\nECB · 2026-10-30 · newer rates 22d overdue · checked 5s ago")
        // Late by minutes, as sources often are: nothing said.
        let late = Provenance(
            source: .ecb, sourceName: "European Central Bank", date: Day(year: 2026, month: 10, day: 30)!,
            fetchedAt: F.now - 5, origin: .network, supersededAt: F.now - 900)
        #expect(render(late) == "100.00 USD = 89.51 EUR\nECB · 2026-10-30 · fetched 5s ago")
    }

    @Test
    func builtInRatesSaySo() {
        #expect(
            render(F.provenance(origin: .builtIn, fetchedSecondsAgo: nil))
                == "100.00 USD = 89.51 EUR\nECB · 2026-10-30 · built-in rates")
    }

    @Test
    func oneProvenanceLineForSeveralTargetsFromOneTable() {
        #expect(
            render(F.provenance(), targets: ["EUR", "JPY"])
                == "100.00 USD = 89.51 EUR\n100.00 USD = 15,725 JPY\nECB · 2026-10-30 · fetched 3m 12s ago")
    }

    @Test(arguments: [Provenance.Origin.network, .cache, .builtIn])
    func nothingWhenProvenanceIsOff(origin: Provenance.Origin) {
        #expect(render(F.provenance(origin: origin), show: false) == "100.00 USD = 89.51 EUR")
    }
}
