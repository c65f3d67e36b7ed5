import FXRates
import FXRender
import Foundation
import Testing

/// Answers from a snapshot name it where an age would be: the line is the same on every run.
@Suite struct SnapshotProvenanceTests {
    typealias F = RenderFixtures

    @Test
    func theProvenanceLineNamesTheSnapshotInsteadOfAnAge() {
        let renderer = TextRenderer(style: Style(color: false), showProvenance: true, snapshot: "q3-close")
        let conversion = F.conversion(100, "USD", to: ["EUR"], provenance: F.provenance(origin: .cache, fetchedSecondsAgo: 30 * 86400))
        for now in [F.now, F.now + 90 * 86400] {
            #expect(renderer.render(.conversion(conversion), now: now) == "100.00 USD = 89.51 EUR\nECB · 2026-10-30 · snapshot q3-close")
        }
    }
}
