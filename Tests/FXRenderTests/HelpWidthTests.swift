import FXCommands
import FXRender
import Testing

/// Help fits the terminal (issue 33): at 80 columns no line is longer and no word is split.
@Suite struct HelpWidthTests {
    static var texts: [String] {
        let tree = CommandTree()
        return [HelpText.overview(tree)] + tree.commands.map(HelpText.command) + HelpTopic.all.map(HelpText.topic)
    }

    static func words(_ text: String) -> [Substring] { text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }

    @Test(arguments: [80, 60])
    func helpWrapsToTheWidthWithoutSplittingAWord(width: Int) {
        let renderer = TextRenderer(style: Style(color: false), showProvenance: false, width: width)
        for text in Self.texts {
            let shown = renderer.render(.help(text), now: .distantPast) ?? ""
            for line in shown.split(separator: "\n") where line.count > width {
                // Only a word longer than the width may stand out, alone on its line.
                #expect(Self.words(String(line)).count == 1, "\(line.count): \(line)")
            }
            #expect(Self.words(shown) == Self.words(text))
        }
    }

    /// A continuation stands under the column it continues: `Usage: ` and a listing's second column.
    @Test func continuationsHangUnderTheirColumn() {
        let usage = TextWrap.wrap(line: "Usage: " + Array(repeating: "word", count: 30).joined(separator: " "), width: 40)
        #expect(usage.count > 1 && usage.dropFirst().allSatisfy { $0.hasPrefix("       word") && $0.count <= 40 })
        let row = TextWrap.wrap(line: "  convert   " + Array(repeating: "summary", count: 12).joined(separator: " "), width: 40)
        #expect(row.dropFirst().allSatisfy { $0.hasPrefix("            summary") })
        #expect(TextWrap.wrap(line: "short", width: 40) == ["short"])
    }

    /// `help ⇥⇥`: each command and topic with its whole summary, wrapped under the summaries' column.
    @Test func helpTabTabListsWholeSummariesWithinTheWidth() {
        let candidates = Completer().complete(line: "help ", cursor: 5).candidates
        let lines = CompletionListing.lines(candidates, width: 80, maxRows: 60)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        #expect(!lines.joined().contains("…"))
        #expect(Self.words(lines.joined(separator: "\n")).count == candidates.map { 1 + Self.words($0.detail ?? "").count }.reduce(0, +))
    }
}

/// Under a locale that is not UTF-8, charts and separators in ASCII (issue 33).
@Suite struct ASCIIFallbackTests {
    @Test func theLocaleDecides() {
        #expect(!ASCIIFallback.localeIsUTF8(["LANG": "C"]))
        #expect(!ASCIIFallback.localeIsUTF8(["LANG": "en_US.UTF-8", "LC_ALL": "POSIX"]))
        #expect(!ASCIIFallback.localeIsUTF8(["LANG": "de_DE.ISO-8859-1"]))
        #expect(ASCIIFallback.localeIsUTF8(["LANG": "en_US.UTF-8"]))
        #expect(ASCIIFallback.localeIsUTF8(["LC_CTYPE": "C.utf8", "LANG": "C"]))
        #expect(ASCIIFallback.localeIsUTF8([:]))
    }

    @Test func chartsAndSeparatorsBecomeASCII() {
        #expect(ASCIIFallback.text("USD/JPY · 2024-01-01 → 2024-02-01") == "USD/JPY - 2024-01-01 -> 2024-02-01")
        #expect(ASCIIFallback.text("150.2 ┤⠁⣀⣿⠀\n      └───") == "150.2 +'.: \n      +---")
        #expect(ASCIIFallback.text("▁▄█ 100 € São Tomé") == "_-# 100 € São Tomé")
    }
}
