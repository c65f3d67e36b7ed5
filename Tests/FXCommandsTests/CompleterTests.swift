import FXCommands
import FXRates
import Testing

/// The currencies the default rate data covers, in the order completion offers them.
private let covered: [String] = ParseContext.ecbCodes.sorted().map(\.rawValue)
/// What follows a source currency: the keywords, then the covered currencies.
private let keywordsThenCovered: [String] = ["to", "in", "as"] + covered
private let allCommands = [
    "convert", "rate", "history", "watch", "csv", "refresh", "sources", "snapshot", "use", "set", "settings", "vars", "help", "quit",
]

private enum DateNamesForTests {
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]
}

/// One row of a completion table. `cursor` nil means the end of the line.
struct CompletionCase: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable {
        case exactly([String])
        case startingWith([String])
    }

    let line: String
    let cursor: Int?
    let partial: String
    let wordStart: Int
    let candidates: Expected
    let commonPrefix: String

    init(_ line: String, cursor: Int? = nil, partial: String, at wordStart: Int, _ candidates: Expected, prefix: String) {
        self.line = line
        self.cursor = cursor
        self.partial = partial
        self.wordStart = wordStart
        self.candidates = candidates
        self.commonPrefix = prefix
    }

    var effectiveCursor: Int { cursor ?? line.count }
    var testDescription: String { "\(line.debugDescription) @\(cursor.map(String.init) ?? "end")" }
}

@Suite("Completer")
struct CompleterTests {
    // MARK: - Command names

    static let commandCases: [CompletionCase] = [
        .init("", partial: "", at: 0, .exactly(allCommands), prefix: ""),
        .init("   ", partial: "", at: 3, .exactly(allCommands), prefix: ""),
        .init("con", partial: "con", at: 0, .exactly(["convert"]), prefix: "convert"),
        .init("CON", partial: "CON", at: 0, .exactly(["convert"]), prefix: "convert"),
        .init("Conv", partial: "Conv", at: 0, .exactly(["convert"]), prefix: "convert"),
        .init("c", partial: "c", at: 0, .exactly(["convert", "csv"]), prefix: "c"),
        .init("r", partial: "r", at: 0, .exactly(["rate", "refresh"]), prefix: "r"),
        .init("R", partial: "R", at: 0, .exactly(["rate", "refresh"]), prefix: "r"),
        .init("ra", partial: "ra", at: 0, .exactly(["rate"]), prefix: "rate"),
        .init("re", partial: "re", at: 0, .exactly(["refresh"]), prefix: "refresh"),
        // The name wins; an alias appears only when the typed prefix matches it and not the name.
        .init("rates", partial: "rates", at: 0, .exactly(["rates"]), prefix: "rates"),
        .init("ex", partial: "ex", at: 0, .exactly(["exit"]), prefix: "exit"),
        .init("e", partial: "e", at: 0, .exactly(["exit"]), prefix: "exit"),
        .init("q", partial: "q", at: 0, .exactly(["quit"]), prefix: "quit"),
        .init("h", partial: "h", at: 0, .exactly(["history", "help"]), prefix: "h"),
        .init("he", partial: "he", at: 0, .exactly(["help"]), prefix: "help"),
        .init("hi", partial: "hi", at: 0, .exactly(["history"]), prefix: "history"),
        // One-letter aliases are never offered.
        .init("?", partial: "?", at: 0, .exactly([]), prefix: ""),
        .init("x", partial: "x", at: 0, .exactly([]), prefix: ""),
        .init("100", partial: "100", at: 0, .exactly([]), prefix: ""),
        .init("  he", partial: "he", at: 2, .exactly(["help"]), prefix: "help"),
    ]

    // MARK: - convert, explicit and bare

    static let convertCases: [CompletionCase] = [
        // Only covered currencies when any of them match: USN is in ISO 4217 but not offered.
        .init("convert 100 us", partial: "us", at: 12, .exactly(["USD"]), prefix: "USD"),
        .init("convert 100 US", partial: "US", at: 12, .exactly(["USD"]), prefix: "USD"),
        .init("convert 100 ", partial: "", at: 12, .exactly(covered), prefix: ""),
        .init("convert 100 usd ", partial: "", at: 16, .exactly(keywordsThenCovered), prefix: ""),
        .init("convert 100 usd ", partial: "", at: 16, .startingWith(["to", "in", "as", "AUD", "BRL", "CAD", "CHF"]), prefix: ""),
        .init("CONVERT 100 USD ", partial: "", at: 16, .exactly(keywordsThenCovered), prefix: ""),
        .init("c 100 usd ", partial: "", at: 10, .exactly(keywordsThenCovered), prefix: ""),
        .init("conv 100 usd ", partial: "", at: 13, .exactly(keywordsThenCovered), prefix: ""),
        .init("convert 100usd ", partial: "", at: 15, .exactly(keywordsThenCovered), prefix: ""),
        .init("convert 100 $ ", partial: "", at: 14, .exactly(keywordsThenCovered), prefix: ""),
        .init("convert $ 100 ", partial: "", at: 14, .exactly(keywordsThenCovered), prefix: ""),
        .init("convert 1,234.56 gbp ", partial: "", at: 21, .exactly(keywordsThenCovered), prefix: ""),
        // After a keyword or a first target: currencies only.
        .init("convert 100 usd to ", partial: "", at: 19, .exactly(covered), prefix: ""),
        .init("convert 100 usd in ", partial: "", at: 19, .exactly(covered), prefix: ""),
        .init("convert 100 usd eur ", partial: "", at: 20, .exactly(["on", "avg", "today", "yesterday", "last"] + covered), prefix: ""),
        .init("convert 100 usd eur o", partial: "o", at: 20, .exactly(["on"]), prefix: "on"),
        .init("convert 100 usd eur on ", partial: "", at: 23, .exactly(["today", "yesterday", "last", "end"]), prefix: ""),
        .init("convert 100 usd eur on y", partial: "y", at: 23, .exactly(["yesterday"]), prefix: "yesterday"),
        .init("convert 100 usd eur on today ", partial: "", at: 29, .exactly([]), prefix: ""),
        .init("convert 100 usd eur,", partial: "", at: 20, .exactly(covered), prefix: ""),
        .init("convert 100 usd → ", partial: "", at: 18, .exactly(covered), prefix: ""),
        .init("convert 100 usd -> ", partial: "", at: 19, .exactly(covered), prefix: ""),
        .init("convert 100 usd to e", partial: "e", at: 19, .exactly(["EUR"]), prefix: "EUR"),
        .init("convert 100 usd to E", partial: "E", at: 19, .exactly(["EUR"]), prefix: "EUR"),
        .init("convert 100 usd eur j", partial: "j", at: 20, .exactly(["JPY"]), prefix: "JPY"),
        .init("convert 100 usd eur,j", partial: "j", at: 20, .exactly(["JPY"]), prefix: "JPY"),
        .init("convert 100 usd e", partial: "e", at: 16, .exactly(["EUR"]), prefix: "EUR"),
        // Keywords come first, then the covered currencies with the same start.
        .init("convert 100 usd t", partial: "t", at: 16, .exactly(["to", "THB", "TRY"]), prefix: "t"),
        .init("convert 100 usd i", partial: "i", at: 16, .exactly(["in", "IDR", "ILS", "INR", "ISK"]), prefix: "i"),
        .init("convert 100 usd a", partial: "a", at: 16, .exactly(["as", "AUD"]), prefix: "a"),
        // No covered currency matches: all ISO 4217 codes with that start.
        .init("convert 100 kw", partial: "kw", at: 12, .exactly(["KWD"]), prefix: "KWD"),
        .init("convert 100 usd to kw", partial: "kw", at: 19, .exactly(["KWD"]), prefix: "KWD"),
        .init("convert 100 x", partial: "x", at: 12, .startingWith(["XAD", "XAF", "XAG", "XAU", "XBA"]), prefix: "X"),
        .init("convert 100 qq", partial: "qq", at: 12, .exactly([]), prefix: ""),
        // Before the amount nothing can be offered.
        .init("convert ", partial: "", at: 8, .exactly([]), prefix: ""),
        .init("convert 1", partial: "1", at: 8, .exactly([]), prefix: ""),
        // Bare conversions: the line starts with an amount.
        .init("100 usd e", partial: "e", at: 8, .exactly(["EUR"]), prefix: "EUR"),
        .init("100 usd ", partial: "", at: 8, .exactly(keywordsThenCovered), prefix: ""),
        .init("100 u", partial: "u", at: 4, .exactly(["USD"]), prefix: "USD"),
        .init("100 usd to j", partial: "j", at: 11, .exactly(["JPY"]), prefix: "JPY"),
        .init("100 usd->e", partial: "e", at: 9, .exactly(["EUR"]), prefix: "EUR"),
        .init("1.5k eur ", partial: "", at: 9, .exactly(keywordsThenCovered), prefix: ""),
        .init("-12.5 usd ", partial: "", at: 10, .exactly(keywordsThenCovered), prefix: ""),
        // A symbol gives the source currency, so keywords come straight away.
        .init("$100 ", partial: "", at: 5, .exactly(keywordsThenCovered), prefix: ""),
        .init("100€ ", partial: "", at: 5, .exactly(keywordsThenCovered), prefix: ""),
        .init("$ 100 ", partial: "", at: 6, .exactly(keywordsThenCovered), prefix: ""),
        .init("$100 to ", partial: "", at: 8, .exactly(covered), prefix: ""),
        // Offsets count characters: "€" and "₩" are one character, three UTF-8 bytes.
        .init("€100 jp", partial: "jp", at: 5, .exactly(["JPY"]), prefix: "JPY"),
        .init("₩50000 ", partial: "", at: 7, .exactly(keywordsThenCovered), prefix: ""),
        .init("₩50000 e", partial: "e", at: 7, .exactly(["EUR"]), prefix: "EUR"),
        .init("€100 → ¥100 u", partial: "u", at: 12, .exactly(["USD"]), prefix: "USD"),
    ]

    // MARK: - rate, refresh, help, quit, unknown words

    static let otherCommandCases: [CompletionCase] = [
        .init("rate usd/j", partial: "j", at: 9, .exactly(["JPY"]), prefix: "JPY"),
        .init("rate usd/", partial: "", at: 9, .exactly(covered), prefix: ""),
        .init("rate usd / j", partial: "j", at: 11, .exactly(["JPY"]), prefix: "JPY"),
        .init("rate usd,e", partial: "e", at: 9, .exactly(["EUR"]), prefix: "EUR"),
        .init("rate usd ", partial: "", at: 9, .exactly(["on", "avg", "today", "yesterday", "last"] + covered), prefix: ""),
        .init("rate usd jpy on ", partial: "", at: 16, .exactly(["today", "yesterday", "last", "end"]), prefix: ""),
        .init("history ", partial: "", at: 8, .startingWith(["AUD"]), prefix: ""),
        .init("history usd ", partial: "", at: 12, .exactly(covered), prefix: ""),
        .init(
            "history usd jpy ", partial: "", at: 16,
            .exactly([
                "30d", "6m", "1y", "ytd", "all", "from", "last", "--table", "--csv", "--json", "--ledger", "--hledger", "--beancount",
                "--monthly",
                "--yearly", "--invert", "--digits", "--partial",
            ]),
            prefix: ""),
        .init("history usd jpy y", partial: "y", at: 16, .exactly(["ytd"]), prefix: "ytd"),
        .init("history usd jpy from ", partial: "", at: 21, .exactly(["today", "yesterday", "last", "end"]), prefix: ""),
        .init(
            "history usd jpy from 2020-01-01 ", partial: "", at: 32,
            .exactly([
                "to", "--table", "--csv", "--json", "--ledger", "--hledger", "--beancount", "--monthly", "--yearly", "--invert", "--digits",
                "--partial",
            ]), prefix: ""),
        .init("rate ", partial: "", at: 5, .exactly(covered), prefix: ""),
        .init("rate u", partial: "u", at: 5, .exactly(["USD"]), prefix: "USD"),
        .init("rate gbp usd c", partial: "c", at: 13, .exactly(["CAD", "CHF", "CNY", "CZK"]), prefix: "C"),
        .init("r usd j", partial: "j", at: 6, .exactly(["JPY"]), prefix: "JPY"),
        .init("RATES usd j", partial: "j", at: 10, .exactly(["JPY"]), prefix: "JPY"),
        .init("rate kw", partial: "kw", at: 5, .exactly(["KWD"]), prefix: "KWD"),
        .init("refresh ", partial: "", at: 8, .exactly(["ecb"]), prefix: "ecb"),
        .init("refresh e", partial: "e", at: 8, .exactly(["ecb"]), prefix: "ecb"),
        .init("refresh ECB", partial: "ECB", at: 8, .exactly(["ecb"]), prefix: "ecb"),
        .init("refresh x", partial: "x", at: 8, .exactly([]), prefix: ""),
        .init("help ", partial: "", at: 5, .exactly(allCommands + ["dates", "numbers", "names", "options"]), prefix: ""),
        .init("help d", partial: "d", at: 5, .exactly(["dates"]), prefix: "dates"),
        .init("rate usd jpy on l", partial: "l", at: 16, .exactly(["last"]), prefix: "last"),
        .init("rate usd jpy on last ", partial: "", at: 21, .exactly(["week", "month", "year"] + DateNamesForTests.weekdays), prefix: ""),
        .init("rate usd jpy on last f", partial: "f", at: 21, .exactly(["friday"]), prefix: "friday"),
        .init("rate usd jpy on end ", partial: "", at: 20, .exactly(["of"]), prefix: "of"),
        .init("rate usd jpy on end of m", partial: "m", at: 23, .exactly(["march", "may"]), prefix: "ma"),
        .init(
            "rate usd jpy on 3 ", partial: "", at: 18, .exactly(["days", "weeks", "months", "years"] + DateNamesForTests.months), prefix: ""
        ),
        .init("rate usd jpy on 300 ", partial: "", at: 20, .exactly(["days", "weeks", "months", "years"]), prefix: ""),
        .init("rate usd jpy on 3 months ", partial: "", at: 25, .exactly(["ago"]), prefix: "ago"),
        .init("rate usd jpy on 1y ", partial: "", at: 19, .exactly(["ago"]), prefix: "ago"),
        .init("rate usd jpy on 2024-01-01 ", partial: "", at: 27, .exactly([]), prefix: ""),
        .init(
            "history usd jpy from last ", partial: "", at: 26, .exactly(["week", "month", "year"] + DateNamesForTests.weekdays), prefix: ""),
        .init("history usd jpy from 6m ", partial: "", at: 24, .exactly(["ago"]), prefix: "ago"),
        .init("help c", partial: "c", at: 5, .exactly(["convert", "csv"]), prefix: "c"),
        .init("help ex", partial: "ex", at: 5, .exactly(["exit"]), prefix: "exit"),
        .init("? r", partial: "r", at: 2, .exactly(["rate", "refresh"]), prefix: "r"),
        .init("help convert ", partial: "", at: 13, .exactly([]), prefix: ""),
        .init("help convert r", partial: "r", at: 13, .exactly([]), prefix: ""),
        .init("quit ", partial: "", at: 5, .exactly([]), prefix: ""),
        .init("exit ", partial: "", at: 5, .exactly([]), prefix: ""),
        .init("bogus ", partial: "", at: 6, .exactly([]), prefix: ""),
        .init("bogus u", partial: "u", at: 6, .exactly([]), prefix: ""),
        // A currency first is a ticker (`usd jpy`) or a reverse question (`eur for 500 usd`).
        .init("usd ", partial: "", at: 4, .startingWith(["for", "AUD"]), prefix: ""),
    ]

    // MARK: - Cursor inside the line: only what stands before it counts

    static let midLineCases: [CompletionCase] = [
        .init("convert 100 us eur", cursor: 14, partial: "us", at: 12, .exactly(["USD"]), prefix: "USD"),
        .init("con 100 usd eur", cursor: 3, partial: "con", at: 0, .exactly(["convert"]), prefix: "convert"),
        // Inside a word: the part before the cursor is the partial.
        .init("convert 100 usd eur", cursor: 13, partial: "u", at: 12, .exactly(["USD"]), prefix: "USD"),
        .init("refresh ecb", cursor: 2, partial: "re", at: 0, .exactly(["refresh"]), prefix: "refresh"),
        // In the middle of whitespace: a fresh word at the cursor.
        .init("convert 100  usd", cursor: 12, partial: "", at: 12, .exactly(covered), prefix: ""),
        .init("convert 100 usd   eur", cursor: 17, partial: "", at: 17, .exactly(keywordsThenCovered), prefix: ""),
        .init("rate   usd", cursor: 5, partial: "", at: 5, .exactly(covered), prefix: ""),
        // At the start of the line.
        .init("rate usd jpy", cursor: 0, partial: "", at: 0, .exactly(allCommands), prefix: ""),
        .init("rate usd jpy", cursor: 5, partial: "", at: 5, .exactly(covered), prefix: ""),
        .init("€100 jpy", cursor: 6, partial: "j", at: 5, .exactly(["JPY"]), prefix: "JPY"),
        .init("€100 jpy", cursor: 5, partial: "", at: 5, .exactly(keywordsThenCovered), prefix: ""),
        // A cursor past the end reads the whole line.
        .init("100 usd e", cursor: 99, partial: "e", at: 8, .exactly(["EUR"]), prefix: "EUR"),
    ]

    static let allCases = commandCases + convertCases + otherCommandCases + midLineCases

    private func check(_ row: CompletionCase, sourceLocation: SourceLocation = #_sourceLocation) {
        let completion = Completer().complete(line: row.line, cursor: row.effectiveCursor)
        let texts = completion.candidates.map(\.text)
        #expect(completion.partial == row.partial, sourceLocation: sourceLocation)
        #expect(completion.wordStart == row.wordStart, sourceLocation: sourceLocation)
        switch row.candidates {
        case .exactly(let expected):
            #expect(texts == expected, sourceLocation: sourceLocation)
        case .startingWith(let expected):
            #expect(Array(texts.prefix(expected.count)) == expected, sourceLocation: sourceLocation)
        }
        #expect(completion.commonPrefix == row.commonPrefix, sourceLocation: sourceLocation)
    }

    @Test(arguments: commandCases)
    func offersCommandNames(_ row: CompletionCase) { check(row) }

    @Test(arguments: convertCases)
    func completesConvertExplicitAndBare(_ row: CompletionCase) { check(row) }

    @Test(arguments: otherCommandCases)
    func completesRateRefreshHelpQuitAndUnknownWords(_ row: CompletionCase) { check(row) }

    @Test(arguments: midLineCases)
    func readsOnlyUpToACursorInsideTheLine(_ row: CompletionCase) { check(row) }

    @Test(arguments: allCases)
    func thePartialIsTheTextFromWordStartToTheCursor(_ row: CompletionCase) {
        let completion = Completer().complete(line: row.line, cursor: row.effectiveCursor)
        let characters = Array(row.line)
        let end = min(row.effectiveCursor, characters.count)
        #expect(completion.wordStart <= end)
        #expect(String(characters[completion.wordStart..<end]) == completion.partial)
    }

    @Test(arguments: allCases)
    func candidatesStartWithThePartialIgnoringCaseAndNeverRepeat(_ row: CompletionCase) {
        let completion = Completer().complete(line: row.line, cursor: row.effectiveCursor)
        let texts = completion.candidates.map(\.text)
        #expect(texts.allSatisfy { $0.lowercased().hasPrefix(completion.partial.lowercased()) })
        #expect(Set(texts).count == texts.count)
        #expect(texts.allSatisfy { $0.lowercased().hasPrefix(completion.commonPrefix.lowercased()) })
    }

    // MARK: - Details shown beside candidates

    static let detailCases: [(line: String, candidate: Candidate)] = [
        ("con", Candidate("convert", detail: CommandSpec.convert.summary)),
        ("ex", Candidate("exit", detail: CommandSpec.quit.summary)),
        ("help r", Candidate("refresh", detail: CommandSpec.refresh.summary)),
        ("convert 100 us", Candidate("USD", detail: "US Dollar")),
        ("convert 100 kw", Candidate("KWD", detail: "Kuwaiti Dinar")),
        ("rate usd/j", Candidate("JPY", detail: "Yen")),
        ("convert 100 usd t", Candidate("to")),
        ("refresh ", Candidate("ecb")),
    ]

    @Test(arguments: detailCases)
    func commandsCarryTheirSummaryCurrenciesTheirNameKeywordsAndSourcesNothing(line: String, candidate: Candidate) {
        let candidates = Completer().complete(line: line, cursor: line.count).candidates
        #expect(candidates.first { $0.text == candidate.text } == candidate)
    }

    @Test
    func everyCoveredCurrencyIsOfferedWithItsISOName() {
        let candidates = Completer().complete(line: "rate ", cursor: 5).candidates
        #expect(candidates.map(\.text) == covered)
        for candidate in candidates {
            #expect(candidate.detail == CurrencyCatalog.standard[CurrencyCode(candidate.text)!]?.name)
            #expect(candidate.detail != nil)
        }
    }

    // MARK: - commonPrefix

    static let commonPrefixCases: [(line: String, expected: String)] = [
        ("r", "r"),
        ("", ""),
        ("convert 100 usd ", ""),
        ("con", "convert"),
        ("convert 100 us", "USD"),
        ("convert 100 usd i", "i"),
        ("rate gbp usd c", "C"),
        ("bogus ", ""),
    ]

    @Test(arguments: commonPrefixCases)
    func commonPrefixIsWhatEveryCandidateStartsWith(line: String, expected: String) {
        #expect(Completer().complete(line: line, cursor: line.count).commonPrefix == expected)
    }

    // MARK: - Other contexts and trees

    @Test
    func withoutCoveredCurrenciesEveryISOCodeIsACandidate() {
        let completer = Completer(context: ParseContext(preferredCodes: []))
        let completion = completer.complete(line: "convert 100 us", cursor: 14)
        #expect(completion.candidates.map(\.text) == ["USD", "USN"])
        #expect(completion.commonPrefix == "US")
        let all = completer.complete(line: "rate ", cursor: 5).candidates.map(\.text)
        #expect(all == CurrencyCatalog.standard.all.map(\.code.rawValue))
    }

    @Test
    func aCoveredCodeUnknownToISO4217IsOfferedWithoutAName() {
        // QQQ: a code a source might publish that fx's table does not name.
        let context = ParseContext(preferredCodes: [CurrencyCode("USD")!, CurrencyCode("QQQ")!])
        let completion = Completer(context: context).complete(line: "rate q", cursor: 6)
        #expect(completion.candidates == [Candidate("QQQ")])
        let all = Completer(context: context).complete(line: "rate ", cursor: 5)
        #expect(all.candidates.map(\.text) == ["QQQ", "USD"])
    }

    /// What the prompt and `--complete` give the completer once Frankfurter's blend is cached:
    /// a currency the ECB lacks is offered with its name, an asset with its own, and a code
    /// beyond ISO 4217 that sources publish (IMP) with the name fx's table gives it.
    @Test
    func currenciesTheCacheCoversAreOfferedWithTheirNames() {
        let cached = ["BTC", "IMP", "NGN", "NOK", "USD"].map { CurrencyCode($0)! }
        let completer = Completer(context: ParseContext().covering(cached))
        let n = completer.complete(line: "convert 100 usd n", cursor: 17)
        #expect(
            n.candidates == [
                Candidate("NGN", detail: "Naira"), Candidate("NOK", detail: "Norwegian Krone"),
                Candidate("NZD", detail: "New Zealand Dollar"),
            ])
        #expect(completer.complete(line: "rate bt", cursor: 7).candidates == [Candidate("BTC", detail: "Bitcoin")])
        #expect(completer.complete(line: "rate im", cursor: 7).candidates == [Candidate("IMP", detail: "Isle of Man Pound")])
        // Without the cache's list, only the ECB's currencies start with N.
        let ecbOnly = Completer().complete(line: "convert 100 usd n", cursor: 17).candidates.map(\.text)
        #expect(ecbOnly == ["NOK", "NZD"])
        #expect(ParseContext().covering([]).preferredCodes == ParseContext.ecbCodes)
    }

    @Test
    func configuredSourcesAreOfferedCommonPrefixIgnoresCaseAndKeepsTheFirstCandidates() {
        let context = ParseContext(sourceIDs: [.ecb, SourceID("ECX"), SourceID("boc")])
        let completer = Completer(context: context)
        #expect(completer.complete(line: "refresh ", cursor: 8).candidates.map(\.text) == ["ecb", "ECX", "boc"])
        let e = completer.complete(line: "refresh e", cursor: 9)
        #expect(e.candidates.map(\.text) == ["ecb", "ECX"])
        #expect(e.commonPrefix == "ec")
        #expect(completer.complete(line: "refresh ecb, b", cursor: 14).candidates.map(\.text) == ["boc"])
    }

    @Test
    func configuredSymbolsGiveTheSourceCurrency() {
        let context = ParseContext(symbols: ["Fr": CurrencyCode("CHF")!])
        let completer = Completer(context: context)
        #expect(completer.complete(line: "Fr100 ", cursor: 6).candidates.map(\.text) == keywordsThenCovered)
        // "$" is not configured here, so "$100" is no amount.
        #expect(completer.complete(line: "$100 ", cursor: 5).candidates.isEmpty)
    }

    @Test
    func onlyTheTreesCommandsAreOffered() {
        let completer = Completer(tree: CommandTree(commands: [.rate, .quit]))
        #expect(completer.complete(line: "", cursor: 0).candidates.map(\.text) == ["rate", "quit"])
        #expect(completer.complete(line: "c", cursor: 1).candidates.isEmpty)
        #expect(completer.complete(line: "convert 100 usd ", cursor: 16).candidates.isEmpty)
        // A bare conversion needs no command.
        #expect(completer.complete(line: "100 usd e", cursor: 9).candidates.map(\.text) == ["EUR"])
    }
}

/// `csv` completes its options and their values.
@Suite struct CSVCompletionTests {
    @Test func csvOffersItsOptionsAndTheirValues() {
        let completer = Completer()
        let options = completer.complete(line: "csv s.csv --amount 3 --f", cursor: 25).candidates.map(\.text)
        #expect(options == ["--from", "--fee", "--fail-fast"] || Set(options) == ["--from", "--fee", "--fail-fast"])
        let rules = completer.complete(line: "csv s.csv --rule ", cursor: 17).candidates.map(\.text)
        #expect(
            rules == [
                "on-or-before", "previous-business-day", "ecb", "uk-hmrc-monthly", "uk-hmrc-yearly", "pl-nbp", "us-treasury", "ca-boc",
                "ca-boc-yearly",
            ])
        let currencies = completer.complete(line: "csv s.csv --to us", cursor: 17).candidates.map(\.text)
        #expect(currencies.contains("USD"))
    }
}
