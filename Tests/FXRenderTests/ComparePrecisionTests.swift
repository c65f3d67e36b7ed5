import FXRates
import FXAnswers
import FXRender
import Foundation
import Testing

/// `sources compare` flags a rate further from the median than its precision explains.
@Suite struct ComparePrecisionTests {
    typealias F = RenderFixtures

    func row(_ id: String, _ rate: Decimal, coarse: Int? = nil) -> SourceComparison.Row {
        var quote = Quote(
            from: F.code("USD"), to: F.code("IDR"), fromPerBase: 1, toPerBase: rate, provenance: F.provenance())
        quote.coarse = coarse.map { CoarseRate(source: SourceID(id), sourceName: id, currency: F.code("IDR"), significand: $0) }
        return .init(source: SourceID(id), name: id, quote: quote, problem: nil)
    }

    @Test func aRateOffByMoreThanItsPrecisionIsFlaggedAndACoarseOneWithinItIsNot() {
        let comparison = SourceComparison(
            base: F.code("USD"), quote: F.code("IDR"),
            rows: [row("ecb", 16000), row("oxr", 16010), row("boc", 16100, coarse: 81), row("bad", 20000)])
        #expect(comparison.rows.map(comparison.beyondPrecision) == [false, false, false, true])
        let text = SourcesRenderer(style: Style(color: false)).text(comparison)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  boc") && $0.hasSuffix("2 significant digits (±0.6%)") }, "\(text)")
        #expect(lines.contains { $0.hasPrefix("  bad") && $0.hasSuffix(Messages.beyondPrecision) }, "\(text)")
        let json = SourcesRenderer.json(comparison).serialized
        #expect(json.contains(#""significant_digits":2"#) && json.contains(#""beyond_precision":true"#), "\(json)")
    }
}

/// The rates of `sources compare`, the median's too, stand on one decimal point.
@Suite struct CompareAlignmentTests {
    @Test func ratesAlignOnTheDecimalPoint() {
        let rows = [("ecb", Decimal(string: "157.25")!), ("oxr", Decimal(string: "1572.5")!), ("boc", Decimal(string: "15.7251")!)].map {
            id, rate in
            SourceComparison.Row(
                source: SourceID(id), name: id,
                quote: Quote(
                    from: RenderFixtures.code("USD"), to: RenderFixtures.code("JPY"), fromPerBase: 1, toPerBase: rate,
                    provenance: RenderFixtures.provenance()), problem: nil)
        }
        let comparison = SourceComparison(base: RenderFixtures.code("USD"), quote: RenderFixtures.code("JPY"), rows: rows)
        let text = SourcesRenderer(style: Style(color: false)).text(comparison)
        let points = text.split(separator: "\n").dropFirst().map { line in
            line.firstIndex(of: ".").map { line.distance(from: line.startIndex, to: $0) }
        }
        #expect(points.count == 4 && Set(points).count == 1, "\(text)")
    }
}

/// A source that gave no rate says why under its own name, wrapped to the width, never past it.
@Suite struct CompareProblemTests {
    @Test(arguments: [80, 50])
    func aLongReasonWrapsUnderItself(width: Int) {
        let problem =
            "The Bank of Canada did not answer: the connection was refused by 127.0.0.1 (is FX_BOC_URL right?); "
            + "fx tries again after 2026-10-30T17:05:00Z, or now with 'fx refresh boc'."
        let rows = [
            SourceComparison.Row(
                source: SourceID("ecb"), name: "ecb",
                quote: Quote(
                    from: RenderFixtures.code("USD"), to: RenderFixtures.code("JPY"), fromPerBase: 1, toPerBase: 157,
                    provenance: RenderFixtures.provenance()), problem: nil),
            SourceComparison.Row(source: SourceID("boc"), name: "boc", quote: nil, problem: problem),
        ]
        let comparison = SourceComparison(base: RenderFixtures.code("USD"), quote: RenderFixtures.code("JPY"), rows: rows)
        let lines = SourcesRenderer(style: Style(color: false), width: width).text(comparison).split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(lines)")
        let reason = lines.drop { !$0.hasPrefix("  boc  ") }.prefix { !$0.hasSuffix("median") }
        #expect(reason.count >= 2, "\(lines)")
        #expect(reason.map { $0.dropFirst(7) }.joined(separator: " ") == problem[...], "\(lines)")
    }
}
