import FXCommands
@testable import FXCLI
import Testing

/// The manual is written from the command tree and the argv options, so it names every one.
@Suite struct ManualPageTests {
    static let page = ManualPage.render(files: [.init("$XDG_CACHE_HOME/fx/", "The cache.")], environment: [.init("FX_TIMEOUT", "Seconds.")])

    @Test func everyCommandHasItsSectionSynopsisAndExamples() {
        for spec in CommandTree().commands {
            #expect(Self.page.contains(".SS \(spec.name)\n"))
            #expect(Self.page.contains(Roff.bold(spec.synopsis)))
            for example in spec.examples { #expect(Self.page.contains("\n" + Roff.escape(example) + "\n"), "\(example)") }
        }
    }

    @Test func everyVisibleOptionIsListedAndHiddenOnesAreNot() {
        let options = ManualOption.all().map(\.names)
        #expect(options.contains("--json") && options.contains("--max-age") && options.contains("--version"))
        #expect(!options.contains { $0.contains("--complete") || $0.contains("--generate-man") })
        for option in options { #expect(Self.page.contains(Roff.bold(option)), "\(option)") }
    }

    @Test func sectionsComeInTheUsualOrder() {
        let titles = Self.page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
        #expect(
            titles == [
                "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GRAMMAR", "\"DATES AND RANGES\"", "OPTIONS", "FILES", "ENVIRONMENT",
                "\"EXIT STATUS\"", "EXAMPLES",
            ])
        #expect(Self.page.hasPrefix(".TH FX 1 "))
    }
}
