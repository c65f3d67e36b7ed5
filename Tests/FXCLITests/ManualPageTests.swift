import FXCommands
import FXRates
import Foundation
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
                "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GRAMMAR", "\"DATES AND RANGES\"", "OPTIONS", "SOURCES", "FILES",
                "ENVIRONMENT",
                "\"EXIT STATUS\"", "EXAMPLES",
            ])
        #expect(Self.page.hasPrefix(".TH FX 1 "))
    }

    /// Each registered source has its entry, written from its description alone.
    @Test func everyRegisteredSourceHasItsEntry() {
        let toy = SourceDescription(
            id: SourceID("toy"), name: "Toy Bank", quoting: .currency(.usd), keyVariable: "FX_TOY_KEY",
            defaultURL: URL(string: "https://toy.example/api/")!, requires: [.key],
            capabilities: SourceCapabilities(frequency: .continuous, calendar: "every day", precision: .decimals(8)),
            make: ECBSource.about.make)
        let page = ManualPage.render(sources: SourceRegistry(SourceRegistry.standard.descriptions + [toy]), files: [], environment: [])
        let sources = page.components(separatedBy: ".SH SOURCES\n")[1].components(separatedBy: ".SH ")[0]
        for about in SourceRegistry.standard.descriptions + [toy] {
            #expect(sources.contains(".TP\n" + Roff.bold(about.id.rawValue) + " \\(em " + Roff.escape(about.name) + "\n"), "\(about.id)")
        }
        let joined = sources.replacingOccurrences(of: "\n", with: " ")
        #expect(joined.contains("Rates against USD: latest; continuously, every day; 8 decimals."), "\(joined)")
        #expect(joined.contains("Asked once its key (FX_TOY_KEY) is set."), "\(joined)")
    }
}
