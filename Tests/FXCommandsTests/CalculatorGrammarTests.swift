@testable import FXCommands
import FXRates
import Foundation
import Testing

/// Every calculator line of issue 15 read into the tree it means, written as a short S-expression
/// (`(+ 100 USD 20 EUR) in GBP`) so that each row of the tables reads like the line itself.
@Suite struct CalculatorGrammarTests {
    /// A parser that knows the variable `rent`, as a session does after `rent = 1450 chf`.
    static func parser(variables: Set<String> = [], format: NumberFormat = .english) -> Parser {
        var context = ParseContext(numberFormat: format)
        context.variables = variables
        return Parser(context: context)
    }

    static func read(_ line: String, variables: Set<String> = [], format: NumberFormat = .english) -> String {
        do {
            guard let command = try parser(variables: variables, format: format).parse(line) else { return "(nothing)" }
            return describe(command)
        } catch {
            return "error \(error.kind)"
        }
    }

    static let arithmetic: [(String, String)] = [
        ("100 usd + 20 eur in gbp", "(+ 100 USD 20 EUR) in GBP"),
        ("1.2k eur + 300 gbp - 15% in usd", "(- (+ 1200 EUR 300 GBP) 15%) in USD"),
        // A currency after a product of plain numbers covers the product.
        ("3 * 12.50 eur", "((* 3 12.5) EUR)"),
        ("(1450 chf - 200 chf) / 3 in eur", "(/ (- 1450 CHF 200 CHF) 3) in EUR"),
        ("120 usd * 1.077", "(* 120 USD 1.077)"),
        ("2 * (30 eur + 12 gbp) in jpy", "(* 2 (+ 30 EUR 12 GBP)) in JPY"),
        ("17.5 * 3", "(* 17.5 3)"),
        ("2 + 3 * 4", "(+ 2 (* 3 4))"),
        ("(2 + 3) * 4", "(* (+ 2 3) 4)"),
        ("10 - 2 - 3", "(- (- 10 2) 3)"),
        ("-(5 usd + 2 usd)", "(neg (+ 5 USD 2 USD))"),
        ("-12.5 usd + 20 usd", "(+ -12.5 USD 20 USD)"),
        ("$5 + €3 in gbp", "(+ 5 USD 3 EUR) in GBP"),
        ("100 usd + 20 eur in gbp, jpy", "(+ 100 USD 20 EUR) in GBP JPY"),
    ]

    static let percentages: [(String, String)] = [
        ("200 usd + 15%", "(+ 200 USD 15%)"),
        ("200 usd - 2.5%", "(- 200 USD 2.5%)"),
        ("15% of 200 usd", "(15% of 200 USD)"),
        ("15% of 200 usd in eur", "(15% of 200 USD) in EUR"),
        ("200 usd as % of 180 eur", "200 USD as % of 180 EUR"),
    ]

    static let feesRatesAndReverse: [(String, String)] = [
        ("500 eur in usd + 2.5% fee", "500 EUR in USD fee +2.5%"),
        ("500 eur in usd - 1% fee", "500 EUR in USD fee -1%"),
        ("500 eur in usd + 5 usd fee", "500 EUR in USD fee +5 USD"),
        ("500 eur in usd at 1.0712", "500 EUR in USD at 1.0712"),
        ("500 eur in usd at 1.0712 eur/usd", "500 EUR in USD at 1.0712 EUR/USD"),
        ("eur for 500 usd", "500 USD in EUR reverse"),
        ("eur for 500 usd + 2% fee", "500 USD in EUR reverse fee +2%"),
        ("500 usd from eur", "500 USD in EUR reverse"),
        ("500 usd from eur + 2% fee", "500 USD in EUR reverse fee +2%"),
        ("eur for 5 usd at 0.92", "5 USD in EUR reverse at 0.92"),
    ]

    static let tickersAndSettings: [(String, String)] = [
        ("usd jpy", "rate USD JPY"),
        ("usd/jpy", "rate USD JPY"),
        ("usd", "ticker USD"),
        ("usd jpy gbp", "rate USD JPY GBP"),
        ("usd jpy on 2024-03-01", "rate USD JPY on 2024-03-01"),
        ("set home chf", "set home CHF"),
        ("set home none", "set home none"),
        ("set targets eur gbp jpy", "set targets EUR GBP JPY"),
        ("set targets none", "set targets none"),
        ("set number_format de", "set number_format de"),
        ("set rule previous-business-day", "set rule previous-business-day"),
        ("set rule On-Or-Before", "set rule on-or-before"),
        ("set explain on", "set explain on"),
        ("set explain OFF", "set explain off"),
        ("settings", "settings"),
        ("vars", "vars"),
        ("100 usd", "convert 100 USD"),
        ("100 in usd", "100 in USD"),
    ]

    static let names: [(String, String)] = [
        ("rent = 1450 chf", "rent = 1450 CHF"),
        ("rent * 12 in eur", "(* rent 12) in EUR"),
        ("rent", "rent"),
        ("rent in eur", "rent in EUR"),
        ("ans", "ans"),
        ("ans * 2", "(* ans 2)"),
        ("ans + 10 usd in eur", "(+ ans 10 USD) in EUR"),
        ("yearly = rent * 12", "yearly = (* rent 12)"),
    ]

    static let localeAmounts: [(String, String)] = [
        ("1.234,56 eur", "convert 1234.56 EUR"),
        ("1 234,56 €", "convert 1234.56 EUR"),
        ("1'234.50 chf", "convert 1234.5 CHF"),
        ("1_000 usd", "convert 1000 USD"),
        ("₩12만", "convert 120000 KRW"),
        ("3억 krw", "convert 300000000 KRW"),
        ("1.5 lakh inr", "convert 150000 INR"),
        ("2 crore inr", "convert 20000000 INR"),
        ("1,00,000 inr", "convert 100000 INR"),
        ("5万 jpy", "convert 50000 JPY"),
        ("1.234,56 eur + 1'234.50 chf in usd", "(+ 1234.56 EUR 1234.5 CHF) in USD"),
        ("1.5 lakh inr in usd", "convert 150000 INR -> USD"),
        // The documented rule: a lone mark before three digits is read by number_format (en by default).
        ("1.234 usd", "convert 1.234 USD"),
        ("1,234 usd", "convert 1234 USD"),
    ]

    static let dates: [(String, String)] = [
        ("100 usd eur on 1y ago", "convert 100 USD -> EUR on 1y ago"),
        ("100 usd eur on 6m ago", "convert 100 USD -> EUR on 6m ago"),
        ("100 usd eur on 1 month ago", "convert 100 USD -> EUR on 1m ago"),
        ("100 usd eur on 2013/03/21", "convert 100 USD -> EUR on 2013-03-21"),
        ("100 usd eur on 21.03.2013", "convert 100 USD -> EUR on 2013-03-21"),
        ("100 usd eur on last friday", "convert 100 USD -> EUR on last friday"),
        ("100 usd eur on end of 2023", "convert 100 USD -> EUR on 2023-12-31"),
        ("100 usd eur on end of march 2024", "convert 100 USD -> EUR on 2024-03-31"),
        ("100 usd eur on end of feb 2024", "convert 100 USD -> EUR on 2024-02-29"),
        ("100 usd + 20 eur in gbp on last friday", "(+ 100 USD 20 EUR) in GBP on last friday"),
        ("on 2013-03-21 100 usd + 20 eur in gbp", "(+ 100 USD 20 EUR) in GBP on 2013-03-21"),
        ("usd jpy on 2 weeks ago", "rate USD JPY on 14d ago"),
    ]

    /// The lines of "The messages users hit" that must now read.
    static let messagesFixed: [(String, String)] = [
        ("100 usd in eur and gbp", "convert 100 USD -> EUR GBP"),
        ("100 usd in eur, gbp", "convert 100 USD -> EUR GBP"),
        ("100 usd eur to gbp", "convert 100 USD -> EUR GBP"),
        ("on 2013-03-21 100 usd eur", "convert 100 USD -> EUR on 2013-03-21"),
        ("100 usd/jpy", "convert 100 USD -> JPY"),
        ("1/2 usd eur", "((/ 1 2) USD) in EUR"),
        ("100 usd eur eur", "convert 100 USD -> EUR"),
        ("100 usd eur gbp eur", "convert 100 USD -> EUR GBP"),
    ]

    @Test(arguments: arithmetic)
    func arithmeticReadsWithPrecedence(line: String, tree: String) {
        #expect(Self.read(line) == tree, "\(line)")
    }

    @Test(arguments: percentages)
    func percentagesReadAsSharesOfTheLeftSide(line: String, tree: String) {
        #expect(Self.read(line) == tree, "\(line)")
    }

    @Test(arguments: feesRatesAndReverse)
    func feesRatesAndReverseQuestionsRead(line: String, tree: String) {
        #expect(Self.read(line) == tree, "\(line)")
    }

    @Test(arguments: tickersAndSettings)
    func tickersAndSettingsRead(line: String, tree: String) {
        #expect(Self.read(line) == tree, "\(line)")
    }

    @Test(arguments: names)
    func variablesAndAnsRead(line: String, tree: String) {
        #expect(Self.read(line, variables: ["rent"]) == tree, "\(line)")
    }

    @Test(arguments: localeAmounts)
    func localeAmountsRead(line: String, tree: String) {
        #expect(Self.read(line) == tree, "\(line)")
    }

    @Test func numberFormatDecidesALoneMarkBeforeThreeDigits() {
        #expect(Self.read("1.234 usd", format: .german) == "convert 1234 USD")
        #expect(Self.read("1,234 usd", format: .german) == "convert 1.234 USD")
        // Unambiguous forms read the same under every format.
        for format in NumberFormat.allCases {
            #expect(Self.read("1.234,56 eur", format: format) == "convert 1234.56 EUR", "\(format)")
            #expect(Self.read("1'234.50 chf", format: format) == "convert 1234.5 CHF", "\(format)")
        }
    }

    @Test(arguments: dates)
    func everyDateFormReads(line: String, tree: String) {
        #expect(Self.read(line) == tree, "\(line)")
    }

    @Test(arguments: messagesFixed)
    func linesThatUsedToFailNowRead(line: String, tree: String) {
        #expect(Self.read(line) == tree, "\(line)")
    }

    @Test func anUnknownVariableIsNotACommandAndSuggestsTheNearestName() {
        #expect(usageError("rnt * 2", parser: Self.parser(variables: ["rent"]))?.kind == .unknownName("rnt", suggestion: "rent"))
    }

    // MARK: - Usage errors

    @Test func unbalancedParenthesesAreNamed() {
        #expect(usageError("(100 usd + 20 eur in gbp")?.kind == .unbalanced("("))
        #expect(usageError("2 * (3 + 4")?.kind == .unbalanced("("))
        #expect(usageError("(100 usd + 20 eur)) in gbp")?.kind == .unbalanced(")"))
        // Deep nesting is read up to a limit and refused past it, never a crash.
        #expect(try! Parser().parse(String(repeating: "(", count: 100) + "1 usd" + String(repeating: ")", count: 100) + " eur") != nil)
        for depth in [101, 10_000] {
            let line = String(repeating: "(", count: depth) + "100" + String(repeating: ")", count: depth)
            #expect(usageError(line)?.kind == .nestedTooDeep(limit: 100), "\(depth)")
            #expect(usageError(String(repeating: "- ", count: depth) + "1 usd eur")?.kind == .nestedTooDeep(limit: 100), "\(depth)")
            #expect(usageError(String(repeating: "1% of ", count: depth) + "1 usd")?.kind == .nestedTooDeep(limit: 100), "\(depth)")
        }
    }

    @Test(arguments: ["usd = 5", "eur = 100 usd", "chf = 2"])
    func aVariableNamedLikeACurrencyIsRefused(line: String) {
        #expect(usageError(line)?.kind == .badName(String(line.prefix(3)), reason: .currency), "\(line)")
    }

    @Test(arguments: ["ans = 5", "in = 5", "fee = 2", "of = 3", "on = 1", "today = 1"])
    func aVariableNamedLikeAKeywordIsRefused(line: String) {
        let name = String(line.prefix { $0 != " " })
        #expect(usageError(line)?.kind == .badName(name, reason: .keyword), "\(line)")
    }

    @Test(arguments: ["convert = 5", "history = 5", "rate = 1.1", "vars = 2", "set = 1", "help = 3", "quit = 1"])
    func aVariableNamedLikeACommandIsRefused(line: String) {
        let name = String(line.prefix { $0 != " " })
        #expect(usageError(line)?.kind == .badName(name, reason: .keyword), "\(line)")
    }

    @Test func optionsAfterTheWordsAreCalledMisplaced() {
        #expect(usageError("100 usd eur --foo")?.kind == .misplacedOption("--foo"))
        #expect(usageError("100 usd + 20 eur in gbp --json")?.kind == .misplacedOption("--json"))
    }

    @Test func aWordAfterTheDateNamesTheDateClauseWhoseHelpExists() throws {
        let error = try #require(usageError("100 usd eur on 2013-03-21 gbp"))
        #expect(error.kind == .unexpectedWord("gbp", command: "on"))
        // The message sends the user to `help on`, which must be a topic.
        #expect(HelpTopic.all.contains { $0.names.contains("on") })
    }

    @Test(arguments: [("rate", "rate "), ("history usd", "history "), ("sources order", "sources order")])
    func eachCommandsErrorShowsItsOwnExample(line: String, prefix: String) throws {
        let error = try #require(usageError(line), "\(line)")
        let example = try #require(error.example, "\(line): \(error.kind)")
        #expect(example.hasPrefix(prefix), "\(line): \(example)")
    }

    @Test func theRuleAndExplainSettingsNameWhatTheyTake() {
        // A config may define rules: a well-formed name is looked up when set (the engine refuses an unknown one).
        #expect(usageError("set rule sometimes") == nil)
        #expect(usageError("set rule p/q")?.kind == .unknownSetting("p/q", known: RuleBook.shipped.map(\.name)))
        #expect(usageError("set explain maybe")?.kind == .unknownSetting("maybe", known: ["on", "off"]))
        #expect(usageError("set rule")?.kind == .missingSetting(after: "rule"))
        #expect(usageError("set explain on now")?.kind == .unexpectedWord("now", command: "set"))
    }

    @Test func aPrefixOfACommandSuggestsItsFullName() {
        #expect(usageError("con")?.kind == .unknownCommand("con", suggestion: "convert"))
        #expect(usageError("histroy")?.kind == .unknownCommand("histroy", suggestion: "history"))
    }

    @Test func targetsKeepToCurrencies() {
        // `and` or `to` was once read as a currency (AUD, TOP).
        #expect(usageError("100 usd in eur and")?.kind != .unknownCurrency("and", suggestion: code("AUD")))
        #expect(usageError("100 usd in eur and xyz")?.kind == .unknownCurrency("xyz", suggestion: nil))
        #expect(usageError("100 usd in")?.kind == .missingTarget(after: "in"))
    }

    /// A line that ends where a term must follow is a missing amount, not a crash.
    @Test(arguments: ["5 usd +", "5 usd -", "5 usd *", "2 * ", "(", "-", "(5 usd +", "15% of", "rent =", "on 2024-03-01"])
    func aLineEndingWhereATermMustFollowSaysWhatIsMissing(line: String) {
        guard case .missingAmount? = usageError(line)?.kind else {
            Issue.record("\(line): \(String(describing: usageError(line)?.kind))")
            return
        }
    }

    @Test func aWordAfterTheTargetsIsNamedWithAHelpThatExists() throws {
        for line in ["100 usd eur * 2", "500 eur in usd at 1.0712 extra", "500 eur in usd + 2.5% fee extra"] {
            let error = try #require(usageError(line), "\(line)")
            // A line that named no command is told the word before and 'help convert' (issue 24 §2.10).
            if case .unexpectedInCalculation = error.kind { continue }
            guard case .unexpectedWord(_, let command) = error.kind else {
                Issue.record("\(line): \(error.kind)")
                continue
            }
            #expect(CommandTree().command(named: command) != nil || HelpTopic.all.contains { $0.names.contains(command) }, "\(line)")
        }
    }

    @Test func aPercentOfMoneyIsRefused() {
        #expect(usageError("200 usd% + 1")?.kind == .percentOfMoney)
    }

    @Test func aCurrencyWhereTheAmountGoesIsAMissingAmount() {
        #expect(usageError("usd for usd")?.kind == .missingAmount(command: "for"))
    }

    @Test func aRateOfZeroIsRefused() {
        #expect(usageError("500 eur in usd at 0")?.kind == .nonPositiveRate("0"))
    }

    @Test func asPercentNeedsOf() {
        #expect(usageError("200 usd as % 180 eur")?.kind == .expected("of", after: "as %"))
    }
}

// MARK: - The trees, written out

extension CalculatorGrammarTests {
    static func describe(_ command: Command) -> String {
        switch command {
        case .calculate(let calculation):
            var text = calculation.assignTo.map { "\($0) = " } ?? ""
            text += tree(calculation.expression)
            if let other = calculation.shareOf { text += " as % of " + tree(other) }
            if !calculation.targets.isEmpty { text += " in " + calculation.targets.map(\.rawValue).joined(separator: " ") }
            if calculation.reverse { text += " reverse" }
            if let fee = calculation.fee {
                let sign = fee.deducted ? "-" : "+"
                switch fee.size {
                case .percent(let share): text += " fee \(sign)\(number(share))%"
                case .fixed(let amount, let code): text += " fee \(sign)\(number(amount)) \(code)"
                }
            }
            if let given = calculation.givenRate {
                text += " at \(number(given.rate))"
                if let pair = given.pair { text += " \(pair.base)/\(pair.quote)" }
            }
            if let date = calculation.date { text += " on \(date)" }
            return text
        case .convert(let amount, let from, let targets, let date):
            var text = "convert \(number(amount.value)) \(from)"
            if !targets.isEmpty { text += " -> " + targets.map(\.rawValue).joined(separator: " ") }
            if let date { text += " on \(date)" }
            return text
        case .ticker(let base, let date):
            return "ticker \(base)" + (date.map { " on \($0)" } ?? "")
        case .rate(let base, let quotes, let date):
            return "rate \(base) " + quotes.map(\.rawValue).joined(separator: " ") + (date.map { " on \($0)" } ?? "")
        case .set(.home(let code)): return "set home " + (code?.rawValue ?? "none")
        case .set(.targets(let codes)): return "set targets " + (codes.isEmpty ? "none" : codes.map(\.rawValue).joined(separator: " "))
        case .set(.numberFormat(let format)): return "set number_format \(format.rawValue)"
        case .set(.rule(let rule)): return "set rule \(rule.rawValue)"
        case .set(.explain(let on)): return "set explain \(on ? "on" : "off")"
        case .set(.log(let on)): return "set log \(on ? "on" : "off")"
        case .settings: return "settings"
        case .variables: return "vars"
        default: return "\(command)"
        }
    }

    static func tree(_ formula: Formula) -> String {
        switch formula {
        case .amount(let amount, nil): number(amount.value)
        case .amount(let amount, let code?): "\(number(amount.value)) \(code)"
        case .percent(let share): "\(number(share))%"
        case .name(let name, _): name
        case .negate(let inner): "(neg \(tree(inner)))"
        // A chain written as the left-deep tree it evaluates as: `(+ (+ a b) c)`.
        case .chain(let first, let links): links.reduce(tree(first)) { "(\($1.op.rawValue) \($0) \(tree($1.operand)))" }
        case .percentOf(let share, let inner): "(\(number(share))% of \(tree(inner)))"
        case .inCurrency(let inner, let code, _): "(\(tree(inner)) \(code))"
        }
    }

    static func number(_ value: Decimal) -> String { DecimalFormat.plain(value) }
}
