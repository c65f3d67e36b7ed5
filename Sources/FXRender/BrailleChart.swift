import FXAnswers
import FXRates

/// A line chart in braille cells (U+2800–U+28FF). Each cell is a 2×4 grid of dots, so a
/// terminal row gives four vertical steps and a column two horizontal ones: the finest
/// plain-text resolution that every UTF-8 terminal shows.
///
///     157.25 ┤         ⡔⠢⠤⠒⠉⠉⠉
///            │     ⢀⠤⠒⠊
///     150.12 ┤⡠⠔⠒⠤⠔⠁
///            └────────────────
///        2026-01-05 2026-01-15
public enum BrailleChart {
    /// The chart's lines, none longer than `width` (for any width that fits the labels):
    /// `height` braille rows, then the x axis and the first and last dates. Empty for no points.
    /// Points are spaced by index, not by date: publications skip weekends and holidays, and
    /// gaps for them would only add flat steps.
    public static func lines(_ points: [RatePoint], width: Int, height: Int) -> [String] {
        guard !points.isEmpty else { return [] }
        // Double only to pick dot rows, converted once: Decimal arithmetic per point would cost
        // more than the rest of `history` together. The labels are the exact extreme points.
        let values = points.map(\.approximation)
        let lowIndex = values.indices.min { values[$0] < values[$1] }!, highIndex = values.indices.max { values[$0] < values[$1] }!
        let low = points[lowIndex].rate, high = points[highIndex].rate
        let lowValue = values[lowIndex], highValue = values[highIndex]
        let rows = max(1, height)
        let flat = low == high
        let top = DecimalFormat.rate(high), bottom = DecimalFormat.rate(low)
        // Label, space, axis; too narrow for labels, the plot wins (the statistics carry the values).
        var labelWidth = max(top.count, bottom.count)
        if width - labelWidth - 2 < 2 { labelWidth = 0 }
        let prefix = labelWidth == 0 ? 1 : labelWidth + 2
        let columns = max(1, width - prefix)

        var canvas = Canvas(columns: columns, rows: rows)
        let n = points.count
        func x(_ index: Int) -> Int {
            if n == 1 { return (canvas.dotsWide - 1) / 2 }
            // More points than dot columns: each column takes a bucket of consecutive points.
            if n > canvas.dotsWide { return index * canvas.dotsWide / n }
            // Fewer: spread them over the full width, rounded to the nearest dot.
            return (2 * index * (canvas.dotsWide - 1) + n - 1) / (2 * (n - 1))
        }
        func y(_ value: Double) -> Int {
            guard !flat, highValue > lowValue else { return (canvas.dotsHigh - 1) / 2 }
            let fraction = (highValue - value) / (highValue - lowValue)
            return Int((fraction * Double(canvas.dotsHigh - 1)).rounded())
        }
        // Joining consecutive points draws the line; where a bucket's points share a column the
        // joins stack into a vertical stroke over its min…max, so a one-day spike still shows.
        var previous = (x: x(0), y: y(values[0]))
        canvas.plot(previous.x, previous.y)
        for index in points.indices.dropFirst() {
            let next = (x: x(index), y: y(values[index]))
            canvas.line(from: previous, to: next)
            previous = next
        }

        // Max on the top row, min on the bottom; a flat series has one level, labelled where its line is.
        var labels = [flat ? y(lowValue) / 4 : 0: top]
        if !flat, rows > 1 { labels[rows - 1] = bottom }
        var lines = canvas.text.enumerated().map { row, cells in
            let axis = labels[row] == nil ? "│" : "┤"
            let head = labelWidth == 0 ? axis : pad(labels[row] ?? "", labelWidth) + " " + axis
            return trimmed(head + cells)
        }
        lines.append(String(repeating: " ", count: prefix - 1) + "└" + String(repeating: "─", count: columns))
        lines.append(dates(points.first!.day, points.last!.day, start: prefix, end: prefix + columns))
        return lines
    }

    /// First date under the start of the plot and last date ending under its end; shifted left,
    /// or only the first, when the plot is narrower than the two.
    private static func dates(_ first: Day, _ last: Day, start: Int, end: Int) -> String {
        let a = first.description, b = last.description
        if first != last, end - start >= a.count + 1 + b.count {
            return String(repeating: " ", count: start) + a + String(repeating: " ", count: end - start - a.count - b.count) + b
        }
        if first != last, end >= a.count + 1 + b.count {
            return String(repeating: " ", count: end - a.count - 1 - b.count) + a + " " + b
        }
        guard end >= a.count else { return "" }
        return String(repeating: " ", count: min(start, end - a.count)) + a
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private static func trimmed(_ line: String) -> String {
        String(line.reversed().drop { $0 == " " }.reversed())
    }
}

/// Braille cells as a bitmap of dots, origin top left.
private struct Canvas {
    let columns: Int, rows: Int
    private var cells: [[UInt8]]
    var dotsWide: Int { columns * 2 }
    var dotsHigh: Int { rows * 4 }

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: 0, count: columns), count: rows)
    }

    /// Unicode's dot numbering: 1 2 3 down the left, 4 5 6 down the right, then 7 and 8 below.
    private static let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    mutating func plot(_ x: Int, _ y: Int) {
        guard x >= 0, x < dotsWide, y >= 0, y < dotsHigh else { return }
        cells[y / 4][x / 2] |= Self.bits[y % 4][x % 2]
    }

    /// Bresenham's line, both ends included.
    mutating func line(from a: (x: Int, y: Int), to b: (x: Int, y: Int)) {
        var (x, y) = a
        let dx = abs(b.x - x), dy = -abs(b.y - y)
        let sx = x < b.x ? 1 : -1, sy = y < b.y ? 1 : -1
        var error = dx + dy
        while true {
            plot(x, y)
            if x == b.x, y == b.y { return }
            let doubled = 2 * error
            if doubled >= dy { error += dy; x += sx }
            if doubled <= dx { error += dx; y += sy }
        }
    }

    /// One string per row; blank cells as spaces so copied text stays plain.
    var text: [String] {
        cells.map { row in
            String(row.map { $0 == 0 ? " " : Character(Unicode.Scalar(0x2800 + UInt32($0))!) })
        }
    }
}
