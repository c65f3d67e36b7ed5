/// The list a second TAB prints: candidates in columns that fit the terminal, down the
/// columns like `ls`, with "(and N more)" when they do not all fit in `maxRows`.
public enum CompletionListing {
    /// Details are cut to this when longer ones would not fit.
    static let shortDetail = 22

    public static func lines(_ candidates: [Candidate], width: Int, maxRows: Int) -> [String] {
        guard !candidates.isEmpty else { return [] }
        // The longest details that keep every candidate on screen within the width; a wide
        // terminal then shows `help`'s summaries whole.
        let longest = candidates.compactMap { $0.detail?.count }.max() ?? 0
        let cap =
            stride(from: longest, to: shortDetail, by: -1).first { cap in
                let cells = self.cells(candidates, cap: cap)
                let cellWidth = (cells.map(\.count).max() ?? 0) + 2
                let columns = width / cellWidth
                return columns >= 1 && (cells.count + columns - 1) / columns <= max(1, maxRows)
            } ?? shortDetail
        let cells = self.cells(candidates, cap: cap)
        let cellWidth = (cells.map(\.count).max() ?? 0) + 2
        let columns = max(1, width / cellWidth)
        // One column: details whole, wrapped under their column (`help ⇥⇥`), when that fits the screen.
        if columns == 1, let wrapped = wrappedColumn(candidates, width: width), wrapped.count <= max(1, maxRows) { return wrapped }
        let rowsNeeded = (cells.count + columns - 1) / columns
        let rows = min(rowsNeeded, max(1, maxRows))
        let shown = min(cells.count, rows * columns)
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                let index = column * rows + row
                guard index < shown else { break }
                let cell = cells[index]
                let last = column == columns - 1 || index + rows >= shown
                line += last ? cell : cell + String(repeating: " ", count: max(0, cellWidth - cell.count))
            }
            lines.append(line)
        }
        if shown < cells.count { lines.append("(and \(cells.count - shown) more)") }
        return lines
    }

    /// Each candidate on its line, details aligned and wrapped with a hanging indent; nil when
    /// none has a detail or none is cut.
    private static func wrappedColumn(_ candidates: [Candidate], width: Int) -> [String]? {
        let textWidth = candidates.map(\.text.count).max() ?? 0
        // Room for a few words beside the names, else details are cut as in several columns.
        guard candidates.contains(where: { $0.detail != nil }), textWidth + 2 + 30 <= width else { return nil }
        return candidates.flatMap { candidate in
            let row =
                candidate.detail.map { candidate.text + String(repeating: " ", count: textWidth - candidate.text.count) + "  " + $0 }
                ?? candidate.text
            return TextWrap.wrap(line: row, width: width)
        }
    }

    private static func cells(_ candidates: [Candidate], cap: Int) -> [String] {
        candidates.map { candidate in candidate.detail.map { candidate.text + "  " + truncated($0, to: cap) } ?? candidate.text }
    }

    private static func truncated(_ text: String, to length: Int) -> String {
        text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }
}
