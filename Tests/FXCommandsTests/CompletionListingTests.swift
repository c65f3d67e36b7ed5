import FXCommands
import FXRates
import Testing

/// `count` candidates whose texts are all `length` characters long: c000, c001, …
private func uniform(_ count: Int, length: Int = 4) -> [Candidate] {
    (0..<count).map { index in
        let digits = String(index)
        return Candidate("c" + String(repeating: "0", count: max(0, length - 1 - digits.count)) + digits)
    }
}

private func codes(_ texts: String...) -> [Candidate] { texts.map { Candidate($0) } }

@Suite("CompletionListing")
struct CompletionListingTests {
    static let emptyCases: [(width: Int, maxRows: Int)] = [(80, 20), (1, 1), (0, 0), (200, 1)]

    @Test(arguments: emptyCases)
    func noCandidatesNoLines(width: Int, maxRows: Int) {
        #expect(CompletionListing.lines([], width: width, maxRows: maxRows) == [])
    }

    // MARK: - Exact layouts

    static let seven = codes("AAA", "BBB", "CCC", "DDD", "EEE", "FFF", "GGG")

    static let layoutCases: [(candidates: [Candidate], width: Int, maxRows: Int, expected: [String])] = [
        // Cells are 5 wide (3 + 2 spaces): 4 columns in 20, filled down the columns.
        (
            seven, 20, 10,
            [
                "AAA  CCC  EEE  GGG",
                "BBB  DDD  FFF",
            ]
        ),
        (seven, 80, 10, ["AAA  BBB  CCC  DDD  EEE  FFF  GGG"]),
        (
            seven, 10, 10,
            [
                "AAA  EEE",
                "BBB  FFF",
                "CCC  GGG",
                "DDD",
            ]
        ),
        (seven, 9, 10, ["AAA", "BBB", "CCC", "DDD", "EEE", "FFF", "GGG"]),
        // Too few rows: what fits, then how many more.
        (seven, 20, 1, ["AAA  BBB  CCC  DDD", "(and 3 more)"]),
        (seven, 10, 2, ["AAA  CCC", "BBB  DDD", "(and 3 more)"]),
        (seven, 9, 3, ["AAA", "BBB", "CCC", "(and 4 more)"]),
        (seven, 10, 0, ["AAA  BBB", "(and 5 more)"]),
        (seven, 10, -1, ["AAA  BBB", "(and 5 more)"]),
        // Cells take the widest candidate's width.
        (
            codes("to", "in", "as", "AUD", "BRL"), 12, 10,
            [
                "to   AUD",
                "in   BRL",
                "as",
            ]
        ),
        (codes("convert"), 80, 10, ["convert"]),
        // A width narrower than one cell still shows one column.
        (codes("convert", "rate"), 3, 10, ["convert", "rate"]),
        // Details follow the code after two spaces.
        (
            [Candidate("USD", detail: "US Dollar"), Candidate("EUR", detail: "Euro"), Candidate("JPY", detail: "Yen")], 80, 10,
            ["USD  US Dollar  EUR  Euro       JPY  Yen"]
        ),
        (
            [Candidate("USD", detail: "US Dollar"), Candidate("EUR", detail: "Euro"), Candidate("JPY", detail: "Yen")], 32, 10,
            [
                "USD  US Dollar  JPY  Yen",
                "EUR  Euro",
            ]
        ),
        ([Candidate("to"), Candidate("USD", detail: "US Dollar")], 40, 10, ["to              USD  US Dollar"]),
        // Details that do not fit are cut to 22 characters: 21 and an ellipsis.
        (
            [Candidate("XTS", detail: "Codes specifically reserved for testing purposes")], 27, 10,
            ["XTS  Codes specifically re…"]
        ),
        ([Candidate("ABC", detail: "abcdefghijklmnopqrstuv")], 27, 10, ["ABC  abcdefghijklmnopqrstuv"]),
        ([Candidate("ABC", detail: "abcdefghijklmnopqrstuvw")], 27, 10, ["ABC  abcdefghijklmnopqrstu…"]),
        // Where the width allows, details are whole.
        (
            [Candidate("XTS", detail: "Codes specifically reserved for testing purposes")], 80, 10,
            ["XTS  Codes specifically reserved for testing purposes"]
        ),
        // As long as they fit the width: cut to what does.
        ([Candidate("ABC", detail: "abcdefghijklmnopqrstuvwxyz")], 30, 10, ["ABC  abcdefghijklmnopqrstuv…"]),
    ]

    @Test(arguments: layoutCases)
    func laysCandidatesOutDownTheColumns(candidates: [Candidate], width: Int, maxRows: Int, expected: [String]) {
        #expect(CompletionListing.lines(candidates, width: width, maxRows: maxRows) == expected)
    }

    // MARK: - Generated listings: fit, order and "(and N more)"

    /// Texts of 4 characters make 6-character cells.
    static let gridCases: [(count: Int, width: Int, maxRows: Int, rows: Int, more: Int?)] = [
        (1, 80, 10, 1, nil),
        (10, 80, 10, 1, nil),
        (13, 78, 1, 1, nil),
        (14, 78, 1, 1, 1),
        (30, 80, 10, 3, nil),
        (30, 30, 10, 6, nil),
        (30, 30, 6, 6, nil),
        (30, 30, 5, 5, 5),
        (30, 30, 4, 4, 10),
        (30, 12, 10, 10, 10),
        (30, 11, 10, 10, 20),
        (5, 24, 10, 2, nil),
        (7, 12, 0, 1, 5),
        (100, 80, 20, 8, nil),
        (100, 80, 5, 5, 35),
        (100, 200, 1, 1, 67),
    ]

    @Test(arguments: gridCases)
    func fitsTheWidthFillsDownTheColumnsAndCountsWhatIsLeftOut(count: Int, width: Int, maxRows: Int, rows: Int, more: Int?) {
        let candidates = uniform(count)
        let lines = CompletionListing.lines(candidates, width: width, maxRows: maxRows)
        let grid = more == nil ? lines : Array(lines.dropLast())
        #expect(grid.count == rows)
        if let more { #expect(lines.last == "(and \(more) more)") }
        #expect(!grid.contains { $0.hasPrefix("(and") })
        for line in grid {
            #expect(line.count <= width, "\(line.debugDescription) is wider than \(width)")
            #expect(line.last?.isWhitespace == false, "\(line.debugDescription) ends in whitespace")
        }
        // Row r, column c holds candidate c × rows + r.
        let cells = grid.map { $0.split(separator: " ").map(String.init) }
        for (row, rowCells) in cells.enumerated() {
            for (column, cell) in rowCells.enumerated() {
                #expect(cell == candidates[column * rows + row].text)
            }
        }
        let shown = cells.reduce(0) { $0 + $1.count }
        #expect(shown + (more ?? 0) == count)
        // Columns line up: every cell starts at a multiple of the cell width.
        for line in grid {
            let starts = line.indices.filter { $0 == line.startIndex || line[line.index(before: $0)] == " " && line[$0] != " " }
            #expect(starts.map { line.distance(from: line.startIndex, to: $0) % 6 }.allSatisfy { $0 == 0 })
        }
    }

    // MARK: - Real completions

    static let widths = [30, 40, 60, 80, 100, 132, 200]

    @Test(arguments: widths)
    func theCandidatesAfterASourceCurrencyFitEveryTerminalWidth(width: Int) {
        let candidates = Completer().complete(line: "convert 100 usd ", cursor: 16).candidates
        let lines = CompletionListing.lines(candidates, width: width, maxRows: 100)
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.count <= width })
        #expect(!lines.contains { $0.hasPrefix("(and") })
        #expect(lines.first?.split(separator: " ").first == "to")
        #expect(lines.contains { $0.contains("USD  US Dollar") })
        #expect(lines.contains { $0.contains("MYR  Malaysian Ringgit") })
        // The names are short enough not to be cut.
        #expect(!lines.contains { $0.contains("…") })
    }

    /// `help` + TAB TAB on a wide terminal: every command's summary whole.
    @Test func helpListsWholeSummariesAt120Columns() {
        let candidates = Completer().complete(line: "help ", cursor: 5).candidates
        let lines = CompletionListing.lines(candidates, width: 120, maxRows: 26)
        #expect(!lines.isEmpty && !lines.contains { $0.contains("…") }, "\(lines)")
        #expect(lines.allSatisfy { $0.count <= 120 })
    }

    @Test
    func allOfISO4217In20RowsOfAn80ColumnTerminal() {
        let candidates = CurrencyCatalog.standard.all.map { Candidate($0.code.rawValue, detail: $0.name) }
        let lines = CompletionListing.lines(candidates, width: 80, maxRows: 20)
        // Long names are cut to 22 characters, so cells are 3 + 2 + 22 + 2 = 29 wide: two columns.
        #expect(lines.count == 21)
        #expect(lines.last == "(and \(candidates.count - 40) more)")
        #expect(lines.dropLast().allSatisfy { $0.count <= 80 })
        #expect(lines.first?.hasPrefix("AED  UAE Dirham") == true)
        #expect(lines.first?.contains(candidates[20].text + "  ") == true)
    }
}
