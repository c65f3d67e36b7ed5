import FXCommands
import FXRates
import FXAnswers
import FXRender
import Foundation
import Testing

@Suite("HistoryRenderer")
struct HistoryRendererTests {
    typealias H = HistoryFixtures
    let plain = HistoryRenderer(style: Style(color: false), width: 40)

    @Test
    func chartHeaderBraillePlotWithAxesThenTheStatisticsInColumns() {
        // Checked by eye: the dips on 03-04 and 03-10, the plateau on 03-06 and 03-09.
        #expect(
            plain.text(H.history(H.eight), format: .chart) == """
                EUR/USD · 2026-03-02 → 2026-03-11 · 8 days
                 1.095 ┤                ⡠⠔⠉⠉⠉⠉⠙⡄
                       │    ⡠⡀       ⢀⠔⠊       ⠘⡄
                       │  ⡠⠊ ⠱⡀     ⢠⠃          ⠘⡄     ⡠
                       │⡠⠊    ⠱⡀   ⢠⠃            ⠘⡄  ⡠⠊
                       │       ⠱⡀ ⡰⠁              ⠘⡤⠊
                1.0799 ┤        ⠱⡰⠁
                       └────────────────────────────────
                        2026-03-02            2026-03-11

                first          1.085   2026-03-02
                last           1.0887  2026-03-11
                change        +0.0037  (+0.34%)
                min            1.0799  2026-03-04
                max            1.095   2026-03-06
                mean           1.0884
                observations   8
                """)
    }

    @Test(arguments: Array(20...200))
    func theChartPartNeverExceedsTheWidth(width: Int) {
        let history = H.history(H.eight)
        let lines = HistoryRenderer(style: Style(color: false), width: width).text(history, format: .chart)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let chart = lines.dropFirst().prefix { !$0.isEmpty }
        #expect(chart.count >= 4)
        #expect(chart.allSatisfy { $0.count <= width })
    }

    @Test
    func aRiseIsGreenAFallRedNoChangeUncolouredAlignmentIsTheSameAsWithoutColour() {
        let colour = HistoryRenderer(style: Style(color: true), width: 40)
        let up = colour.text(H.history(H.eight), format: .chart)
        #expect(up.contains("\u{1B}[32m+0.0037\u{1B}[0m  \u{1B}[32m(+0.34%)\u{1B}[0m"))
        #expect(
            up.replacingOccurrences(of: "\u{1B}[32m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
                == plain.text(H.history(H.eight), format: .chart))

        let down = colour.text(H.history(H.eight.reversed()), format: .chart)
        #expect(down.contains("\u{1B}[31m-0.0037\u{1B}[0m  \u{1B}[31m(-0.34%)\u{1B}[0m"))

        let level = colour.text(H.history([("2026-03-02", "1.085"), ("2026-03-03", "1.09"), ("2026-03-04", "1.085")]), format: .chart)
        #expect(!level.contains("\u{1B}"))
        let change = level.split(separator: "\n").first { $0.hasPrefix("change") }
        #expect(change?.split(separator: " ") == ["change", "0.000", "(0.00%)"])
    }

    @Test
    func tableDateAndRateDownThenAcrossAsManyColumnsAsFit() {
        #expect(
            plain.text(H.history(H.eight), format: .table) == """
                2026-03-02  1.085     2026-03-06  1.095
                2026-03-03  1.0912    2026-03-09  1.095
                2026-03-04  1.0799    2026-03-10  1.0823
                2026-03-05  1.0901    2026-03-11  1.0887
                """)
        let narrow = HistoryRenderer(style: Style(color: false), width: 30).text(H.history(H.eight), format: .table)
        #expect(narrow.split(separator: "\n").count == 8)
    }

    @Test
    func csvAHeaderAndOneExactRowPerDayNeverColoured() {
        let history = H.history([("2026-03-02", "157.25026852846401718582")] + H.eight.suffix(1), base: "USD", quote: "JPY")
        let csv = HistoryRenderer(style: Style(color: true), width: 80).text(history, format: .csv)
        #expect(
            csv == """
                date,base,quote,rate
                2026-03-02,USD,JPY,157.2502685285
                2026-03-11,USD,JPY,1.0887
                """)
    }

    /// The CSV writes cross rates from integers (HistoryCSV): each row must be the `Decimal`
    /// quotient rounded to ten places, a tie rounded away from zero, trailing zeros dropped.
    @Test
    func csvCrossRatesAreTheDecimalQuotientsRoundedToTenPlaces() {
        let pairs: [(String, String)] = [
            ("1520.75", "1.0862"), ("0.000253", "1.1172"), ("20275", "0.86044"), ("1", "3"), ("2", "3"),
            ("0.00000000015", "1"), ("0.00000000005", "1"), ("162.81", "162.81"), ("7.4608", "0.0000000001"),
            ("123456789012.5", "0.7"), ("0", "1.5"), ("1.23456789012345678901", "1"),
        ]
        let day = Day(iso: "2026-03-02")!
        let points =
            pairs.map { RatePoint(day: day, quotePerPivot: Decimal(string: $0.0)!, basePerPivot: Decimal(string: $0.1)!) }
            + pairs.map { RatePoint(day: day, rate: Decimal(string: $0.0)!) }
        let history = PairHistory(
            base: RenderFixtures.code("USD"), quote: RenderFixtures.code("NGN"), points: points, requested: day...day,
            provenance: RenderFixtures.provenance())
        let rows = plain.text(history, format: .csv).split(separator: "\n").dropFirst().map(String.init)
        let expected = points.map { point in
            "2026-03-02,USD,NGN," + DecimalFormat.plain(point.rate.rounded(scale: 10))
        }
        #expect(rows == expected)
        #expect(rows[0] == "2026-03-02,USD,NGN,1400.0644448536" && rows[3] == "2026-03-02,USD,NGN,0.3333333333")
        #expect(rows[5] == "2026-03-02,USD,NGN,0.0000000002" && rows[6] == "2026-03-02,USD,NGN,0.0000000001")
    }

    @Test
    func jsonPairRequestedRangeProvenanceStatisticsAndPointsDecimalsAsStrings() throws {
        let history = H.history(H.eight)
        #expect(
            plain.text(history, format: .json) == #"{"schema_version":1,"histories":["# + HistoryRenderer.json(history).serialized + "]}")
        let object = try RenderFixtures.object(HistoryRenderer.json(history).serialized)
        #expect(object["base"] as? String == "EUR" && object["quote"] as? String == "USD")
        #expect(object["from"] as? String == "2026-03-01" && object["to"] as? String == "2026-03-11")
        #expect(object["source"] as? String == "ecb" && object["as_of"] as? String == "2026-10-30")
        let stats = try #require(object["statistics"] as? [String: Any])
        #expect(stats["first"] as? String == "1.085" && stats["last"] as? String == "1.0887")
        #expect(stats["change"] as? String == "0.0037" && stats["change_percent"] as? String == "0.3410138249")
        #expect(stats["min"] as? [String: String] == ["date": "2026-03-04", "rate": "1.0799"])
        #expect(stats["max"] as? [String: String] == ["date": "2026-03-06", "rate": "1.095"])
        #expect(stats["mean"] as? String == "1.0884" && stats["count"] as? Int == 8)
        let points = try #require(object["points"] as? [[String: String]])
        #expect(points.count == 8)
        #expect(points[2] == ["date": "2026-03-04", "rate": "1.0799"])
    }

    @Test
    func noPointsASentenceForPeopleABareHeaderForCSVNullStatisticsForJSON() throws {
        let history = H.history([])
        #expect(plain.text(history, format: .chart) == "No EUR/USD rates between 2026-03-01 and 2026-03-11.")
        #expect(plain.text(history, format: .table) == "No EUR/USD rates between 2026-03-01 and 2026-03-11.")
        #expect(plain.text(history, format: .csv) == "date,base,quote,rate")
        let object = try RenderFixtures.object(HistoryRenderer.json(history).serialized)
        #expect(object["statistics"] is NSNull)
        #expect((object["points"] as? [Any])?.isEmpty == true)
    }
}

/// A week and a half of EUR/USD, small enough to check every number by hand:
/// sum 8.7072, mean 1.0884; min 1.0799 on 03-04; max 1.095 first on 03-06, again on 03-09.
enum HistoryFixtures {
    static let eight: [(String, String)] = [
        ("2026-03-02", "1.0850"), ("2026-03-03", "1.0912"), ("2026-03-04", "1.0799"), ("2026-03-05", "1.0901"),
        ("2026-03-06", "1.0950"), ("2026-03-09", "1.0950"), ("2026-03-10", "1.0823"), ("2026-03-11", "1.0887"),
    ]

    static func points(_ rows: [(String, String)]) -> [RatePoint] {
        rows.map { RatePoint(day: Day(iso: $0.0)!, rate: Decimal(string: $0.1)!) }
    }

    static func history(_ rows: [(String, String)], base: String = "EUR", quote: String = "USD") -> PairHistory {
        PairHistory(
            base: RenderFixtures.code(base), quote: RenderFixtures.code(quote), points: points(rows),
            requested: Day(iso: "2026-03-01")!...Day(iso: "2026-03-11")!, provenance: RenderFixtures.provenance())
    }
}
