import FXRates
import FXAnswers
import FXRender
import Foundation
import Testing

@Suite("BrailleChart")
struct BrailleChartTests {
    /// `count` weekdays from 2026-01-05 with `rate(index)`.
    static func series(_ count: Int, _ rate: (Int) -> Decimal) -> [RatePoint] {
        var day = Day(iso: "2026-01-05")!
        return (0..<count).map { index in
            while day.weekday > 5 { day = day.adding(days: 1) }
            defer { day = day.adding(days: 1) }
            return RatePoint(day: day, rate: rate(index))
        }
    }

    /// The plot rows' cells (after the axis) as braille dot bits, 0 for blank.
    static func cells(_ lines: [String], rows: Int) -> [[UInt32]] {
        lines.prefix(rows).map { line in
            line.drop { $0 != "┤" && $0 != "│" }.dropFirst().unicodeScalars
                .map { (0x2800...0x28FF).contains($0.value) ? $0.value - 0x2800 : 0 }
        }
    }

    @Test
    func noLineIsWiderThanAskedFrom20To200Columns() {
        let shapes: [[RatePoint]] = [
            Self.series(1) { _ in Decimal(string: "0.000670349")! },
            Self.series(2) { Decimal($0) + 20275 },
            Self.series(8) { Decimal($0 % 3) / 100 + 1 },
            Self.series(60) { Decimal(($0 * 37) % 11) + 150 },
            Self.series(1000) { Decimal(($0 * 7919) % 1000) / 1000 + Decimal(string: "0.00741")! },
        ]
        for points in shapes {
            for width in 20...200 {
                let lines = BrailleChart.lines(points, width: width, height: 10)
                #expect(lines.count == 12)
                #expect(lines.allSatisfy { $0.count <= width }, "\(points.count) points at width \(width)")
            }
        }
    }

    @Test
    func maxLabelsTheTopRowMinTheBottomDatesSitUnderTheEnds() {
        let lines = BrailleChart.lines(Self.series(5) { [3, 1, 4, 1, 5][$0] }, width: 30, height: 4)
        #expect(lines[0].hasPrefix("5 ┤") && lines[3].hasPrefix("1 ┤"))
        #expect(lines[1].hasPrefix("  │") && lines[2].hasPrefix("  │"))
        #expect(lines[4] == "  └" + String(repeating: "─", count: 27))
        #expect(lines[5] == "   2026-01-05       2026-01-09")
    }

    @Test
    func fewPointsAreJoinedIntoALineEveryColumnOfThePlotHasADot() {
        let lines = BrailleChart.lines(Self.series(5) { [3, 1, 4, 1, 5][$0] }, width: 30, height: 4)
        let cells = Self.cells(lines, rows: 4)
        #expect(cells[0].count == 27)
        for column in 0..<27 {
            let bits = cells.map { $0.indices.contains(column) ? $0[column] : 0 }.reduce(0, |)
            // Both dot columns of the cell (bits 1-3,7 and 4-6,8) are set.
            #expect(bits & 0x47 != 0 && bits & 0xB8 != 0, "column \(column)")
        }
    }

    @Test
    func morePointsThanDotsAOneDaySpikeStillReachesTheTopAsAFullStroke() {
        let points = Self.series(1000) { $0 == 500 ? 200 : 100 }
        let lines = BrailleChart.lines(points, width: 40, height: 5)
        let cells = Self.cells(lines, rows: 5)
        let top = cells[0].indices.filter { cells[0][$0] != 0 }
        #expect(top.count == 1)
        let column = top[0]
        #expect(cells.allSatisfy { $0.indices.contains(column) && $0[column] != 0 })
        // The rest of the series runs along the bottom.
        #expect(cells[4].count == 35 && cells[4].allSatisfy { $0 != 0 })
    }

    @Test
    func aFlatSeriesIsOneLineThroughTheMiddleLabelledThere() {
        let lines = BrailleChart.lines(Self.series(10) { _ in Decimal(string: "1.5")! }, width: 24, height: 4)
        // 16 dot rows: the middle one is the 8th (index 7), the bottom dots of row 1.
        #expect(lines[0] == "    │" && lines[2] == "    │" && lines[3] == "    │")
        #expect(lines[1] == "1.5 ┤" + String(repeating: "⣀", count: 19))
    }

    @Test
    func onePointIsOneDotWithItsSingleDate() {
        let lines = BrailleChart.lines(Self.series(1) { _ in 7 }, width: 24, height: 4)
        let dots = Self.cells(lines, rows: 4).joined().map(\.nonzeroBitCount).reduce(0, +)
        #expect(dots == 1)
        #expect(lines[5] == "   2026-01-05")
    }

    @Test
    func noPointsNoChart() {
        #expect(BrailleChart.lines([], width: 40, height: 10).isEmpty)
    }
}
