import FXCommands
import FXRates
import FXRender
import Foundation
import Testing

/// The `watch` board and its line form, as pure functions of rows, time and size.
@Suite("Watch board")
struct WatchBoardTests {
    static func row(_ from: String, _ to: String, previous: String? = nil, closes: [Double] = []) -> WatchRow {
        var row = WatchRow(pair: WatchRequest.Pair(RenderFixtures.code(from), RenderFixtures.code(to)))
        row.quote = RenderFixtures.quote(from, to)
        row.previous = previous.map { Decimal(exactly: $0)! }
        row.closes = closes
        return row
    }

    @Test
    func eachPairShowsPriceChangeSparklineSourceAndAge() {
        let rows = [Self.row("USD", "JPY", previous: "156.91", closes: [1, 2, 3, 2]), Self.row("EUR", "GBP")]
        let lines = WatchBoard(style: Style(color: false), columns: 100, rows: 10).lines(rows, now: RenderFixtures.now, every: "every 1m")
        #expect(
            lines == [
                "fx watch · every 1m · any key leaves" + String(repeating: " ", count: 100 - 36 - 20) + "2026-10-30T17:00:00Z", "",
                "USD/JPY  157.25  +0.34 (+0.22%)  ▁▅█▅  European Central Bank · 2026-10-30 · 3m 12s ago",
                "EUR/GBP  0.8338                  European Central Bank · 2026-10-30 · 3m 12s ago",
            ])
    }

    @Test
    func colourMarksUpAndDownOnlyWhenAsked() {
        let up = [Self.row("USD", "JPY", previous: "156.91")], down = [Self.row("USD", "JPY", previous: "158")]
        let colour = WatchBoard(style: Style(color: true), columns: 100, rows: 10)
        #expect(colour.lines(up, now: RenderFixtures.now, every: "")[2].contains("\u{1B}[32m+0.34 (+0.22%)\u{1B}[0m"))
        #expect(colour.lines(down, now: RenderFixtures.now, every: "")[2].contains("\u{1B}[31m-0.75 (-0.47%)\u{1B}[0m"))
        let plain = WatchBoard(style: Style(color: false), columns: 100, rows: 10).lines(up, now: RenderFixtures.now, every: "")
        #expect(!plain.joined().contains("\u{1B}"))
    }

    /// A narrow terminal drops the source, then the sparkline, and cuts what still does not fit.
    @Test(arguments: [60, 40, 20, 10])
    func aNarrowTerminalKeepsEveryLineWithinItsWidth(columns: Int) {
        let rows = [Self.row("USD", "JPY", previous: "156.91", closes: [1, 2, 3])]
        let lines = WatchBoard(style: Style(color: false), columns: columns, rows: 10).lines(
            rows, now: RenderFixtures.now, every: "every 1m")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= columns })
        #expect(lines[2].hasPrefix(String("USD/JPY  157.25".prefix(columns))))
    }

    /// A row without a price says why, before anything else, cut to the width when long.
    @Test(arguments: [130, 50, 24])
    func aRowWithoutAPriceSaysWhy(columns: Int) {
        var row = WatchRow(pair: WatchRequest.Pair(RenderFixtures.code("USD"), RenderFixtures.code("XAU")))
        row.problem = "No rate for USD/XAU from any enabled source: enable one that prices gold (sources enable frankfurter)."
        row.closes = [1, 2, 3]
        let board = WatchBoard(style: Style(color: false), columns: columns, rows: 10)
        let line = board.lines([row], now: RenderFixtures.now, every: "")[2]
        #expect(line.hasPrefix("USD/XAU  —  No rate"), "\(line)")
        #expect(DisplayWidth.of(line) <= columns)
        if columns == 130 { #expect(line.hasSuffix("(sources enable frankfurter).  ▁▅█")) } else { #expect(line.hasSuffix("…")) }
    }

    @Test
    func aShortTerminalShowsTheRowsThatFit() {
        let rows = (0..<10).map { _ in Self.row("USD", "JPY") }
        #expect(WatchBoard(style: Style(color: false), columns: 80, rows: 5).lines(rows, now: RenderFixtures.now, every: "").count == 5)
    }

    @Test
    func sparklinesSpanTheirOwnRange() {
        #expect(Sparkline.text([1, 2, 3, 4, 5, 6, 7, 8]) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.text([5, 5, 5]) == "▄▄▄")
        #expect(Sparkline.text([1]) == "")
    }

    @Test
    func theLineFormHasFixedFieldsForAScript() {
        #expect(
            WatchLogLine.text(Self.row("USD", "JPY", previous: "156.91"), now: RenderFixtures.now)
                == "2026-10-30T17:00:00Z USD/JPY 157.25 +0.34 (+0.22%) ecb 192s")
        #expect(
            WatchLogLine.text(Self.row("EUR", "GBP"), now: RenderFixtures.now) == "2026-10-30T17:00:00Z EUR/GBP 0.8338 n/a (n/a) ecb 192s")
    }
}
