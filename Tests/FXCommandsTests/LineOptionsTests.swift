import FXCommands
import Testing

/// fx's options on a line at the prompt or in a script: read wherever they stand, for that line.
@Suite struct LineOptionsTests {
    static let context = ParseContext(sourceIDs: [.ecb, SourceID("boc")])

    static func read(_ line: String) throws -> (Command?, LineOptions) {
        var options = LineOptions(), understood: [Understood] = []
        let command = try Parser(context: context).parse(line, understood: &understood, options: &options)
        return (command, options)
    }

    @Test func optionsStandBeforeBetweenOrAfterTheWords() throws {
        let plain = try Self.read("100 usd eur").0
        for line in ["100 usd eur --json", "--json 100 usd eur", "100 usd --json eur", "100 USD EUR --JSON"] {
            let (command, options) = try Self.read(line)
            #expect(command == plain && options.json, "\(line)")
        }
        let (history, options) = try Self.read("history usd cad 30d --source boc --explain")
        let plainHistory = try Self.read("history usd cad 30d").0
        #expect(history == plainHistory)
        #expect(options.source == SourceID("boc") && options.explain && !options.json)
    }

    @Test func valuesAreReadWholeAndChecked() throws {
        let (command, options) = try Self.read("--rule previous-business-day 100 usd pln on 2024-05-02")
        let dated = try Self.read("100 usd pln on 2024-05-02").0
        #expect(options.rule == RuleName("previous-business-day") && command == dated)
        #expect(try Self.read("100 usd eur --rule=pl-nbp").1.rule == RuleName("pl-nbp"))
        #expect(try Self.read("100 usd eur --max-age 2d").1.maxAge == 172_800)
        #expect(try Self.read("100 usd eur --no-color").1.noColor)
        #expect(
            usageError("100 usd eur --source xyz", parser: Parser(context: Self.context))?.kind
                == .unknownSource("xyz", known: [.ecb, SourceID("boc")]))
        #expect(usageError("100 usd eur --source")?.kind == .missingOptionValue("--source", valueName: "id"))
        #expect(usageError("100 usd eur --max-age soon")?.kind == .malformedOptionValue("--max-age", value: "soon"))
    }

    /// A command's own option is its own (`history`'s `--json` is a format, `set`'s `--save`).
    @Test func aCommandsOwnOptionsAreLeftToIt() throws {
        let (history, options) = try Self.read("history usd eur 30d --json")
        #expect(!options.json)
        if case .history(let query)? = history { #expect(query.format == .json) } else { Issue.record("\(String(describing: history))") }
        #expect(try Self.read("set source boc --save").0 == .set(.source(SourceID("boc"), save: true)))
        #expect(try Self.read("set json on").0 == .set(.json(true, save: false)))
        #expect(try Self.read("set source none").0 == .set(.source(nil, save: false)))
    }

    /// The mistakes of issue 33: the nearest real option; one for a whole run says what to write instead.
    @Test func mistakesNameTheNearestOption() {
        #expect(usageError("history usd eur --ledgr")?.kind == .unknownOption("--ledgr", suggestion: "--ledger"))
        #expect(usageError("100 usd eur --jsn")?.kind == .unknownOption("--jsn", suggestion: "--json"))
        #expect(usageError("100 usd eur --offline")?.kind == .runOption("--offline", instead: "start fx with it: fx --offline"))
        #expect(usageError("100 usd eur --complete")?.kind == .unknownOption("--complete", suggestion: nil))
    }

    static func texts(_ line: String) -> [String] {
        Completer(context: context).complete(line: line, cursor: line.count).candidates.map(\.text)
    }

    /// TAB after `--`: the command's own options, then the line's (issue 33: `history usd jpy --` gave JPY).
    @Test func tabCompletesOptionsAndTheirValues() {
        #expect(Self.texts("history usd jpy --").starts(with: ["--table", "--csv", "--json", "--ledger"]))
        #expect(Self.texts("history usd jpy --").contains("--source"))
        #expect(Self.texts("100 usd eur --j") == ["--json"])
        #expect(Self.texts("--r") == ["--rule"])
        #expect(Self.texts("100 usd eur --json --j") == [])
        #expect(Self.texts("100 usd eur --source ") == ["ecb", "boc"])
        #expect(Self.texts("--rule pl") == ["pl-nbp"])
        // The words after an option read as without it.
        #expect(Self.texts("--source boc 100 usd e").contains("EUR"))
    }
}

/// `fx usd + 5` says what is missing (issue 33: it said "Unknown currency '+'").
@Suite struct MissingAmountTests {
    @Test func arithmeticOnABareCurrencyAsksForTheAmount() {
        #expect(usageError("usd + 5") == UsageError(.missingAmount(command: ""), span: 0..<3, example: "100 usd + 5 usd"))
        #expect(usageError("usd * 5")?.example == "100 usd * 5")
        #expect(usageError("usd jpy") == nil)
    }
}
