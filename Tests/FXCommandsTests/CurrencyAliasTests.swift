@testable import FXCommands
import FXRates
import Testing

/// The user's own names for currencies (`set alias quid gbp`): how `set alias` reads, which names
/// it refuses, and how an alias is read in conversions, rates, calculations and TAB.
@Suite("Currency aliases")
struct CurrencyAliasTests {
    static func context(_ aliases: [String: String], home: String? = nil) -> ParseContext {
        var context = ParseContext()
        context.aliases = aliases.mapValues(code)
        context.home = home.map(code)
        return context
    }

    static func parse(_ line: String, _ aliases: [String: String] = [:]) throws -> Command? {
        try Parser(context: context(aliases)).parse(line)
    }

    @Test func setAliasKeepsTheNameInLowerCaseAndTheCurrencyAsItsCode() throws {
        #expect(try Self.parse("set alias quid gbp") == .set(.alias("quid", code("GBP"))))
        #expect(try Self.parse("SET ALIAS Bucks CAD") == .set(.alias("bucks", code("CAD"))))
        // Any currency word is kept as its code: a name, a symbol, another alias.
        #expect(try Self.parse("set alias greenback dollars") == .set(.alias("greenback", code("USD"))))
        #expect(try Self.parse("set alias fiver £") == .set(.alias("fiver", code("GBP"))))
        #expect(try Self.parse("set alias loon bucks", ["bucks": "CAD"]) == .set(.alias("loon", code("CAD"))))
        #expect(try Self.parse("set alias quid none") == .set(.alias("quid", nil)))
        #expect(try Self.parse("set alias Quid NONE") == .set(.alias("quid", nil)))
        // An alias a config holds in error can still be removed.
        #expect(try Self.parse("set alias usd none") == .set(.alias("usd", nil)))
    }

    @Test(arguments: [
        ("set alias usd eur", UsageError.Kind.badAlias("usd", reason: .currency)),
        ("set alias USD eur", .badAlias("USD", reason: .currency)),
        ("set alias btc eur", .badAlias("btc", reason: .currency)),
        ("set alias kr eur", .badAlias("kr", reason: .currency)),
        ("set alias eurusd gbp", .badAlias("eurusd", reason: .currency)),
        ("set alias in gbp", .badAlias("in", reason: .keyword)),
        ("set alias rate gbp", .badAlias("rate", reason: .keyword)),
        ("set alias convert gbp", .badAlias("convert", reason: .keyword)),
        ("set alias today gbp", .badAlias("today", reason: .keyword)),
        ("set alias friday gbp", .badAlias("friday", reason: .keyword)),
        ("set alias oz gbp", .badAlias("oz", reason: .keyword)),
        ("set alias sats gbp", .badAlias("sats", reason: .keyword)),
        ("set alias none gbp", .badAlias("none", reason: .keyword)),
        ("set alias ans gbp", .badAlias("ans", reason: .keyword)),
        ("set alias q gbp", .badAlias("q", reason: .notAName)),
        ("set alias 2quid gbp", .badAlias("2quid", reason: .notAName)),
        ("set alias quid-2 gbp", .badAlias("quid-2", reason: .notAName)),
        ("set alias quid_2 gbp", .badAlias("quid_2", reason: .notAName)),
        ("set alias \(String(repeating: "q", count: 33)) gbp", .badAlias(String(repeating: "q", count: 33), reason: .notAName)),
        ("set alias quid", .missingCurrency(after: "quid")),
        ("set alias", .missingSetting(after: "alias")),
        ("set alias quid xyzzy", .unknownCurrency("xyzzy", suggestion: nil)),
    ])
    func setAliasRefusesWhatCannotBeAnAlias(line: String, kind: UsageError.Kind) {
        do {
            _ = try Self.parse(line)
            Issue.record("\(line) parsed")
        } catch let error as UsageError {
            if case .unknownCurrency(let word, _) = kind, case .unknownCurrency(let got, _) = error.kind {
                #expect(word == got, "\(line)")
            } else {
                #expect(error.kind == kind, "\(line)")
            }
        } catch {
            Issue.record("\(line): \(error)")
        }
    }

    @Test func theLongestAliasAndOneWithDigitsOrAccentsAreNames() throws {
        let longest = String(repeating: "q", count: CurrencyAliases.maxLength)
        #expect(CurrencyAliases.problem(with: longest) == nil)
        #expect(CurrencyAliases.problem(with: "quid2") == nil)
        #expect(CurrencyAliases.problem(with: "złotówka") == nil)
        #expect(CurrencyAliases.problem(with: "quid") == nil, "a built-in name may be taken over")
    }

    @Test func anAliasReadsInAnyCaseAndWithAnSEverywhereACurrencyGoes() throws {
        let aliases = ["quid": "GBP", "bucks": "CAD", "loon": "CAD"]
        #expect(try Self.parse("100 quid in eur", aliases) == convert("100", scale: 0, "GBP", ["EUR"]))
        #expect(try Self.parse("100 QUIDS in eur", aliases) == convert("100", scale: 0, "GBP", ["EUR"]))
        #expect(try Self.parse("convert 100 loons eur", aliases) == convert("100", scale: 0, "CAD", ["EUR"]))
        #expect(try Self.parse("100 eur in loon", aliases) == convert("100", scale: 0, "EUR", ["CAD"]))
        #expect(try Self.parse("rate loon usd", aliases) == .rate(base: code("CAD"), quotes: [code("USD")]))
        // Over fx's own name of the same spelling.
        #expect(try Self.parse("100 bucks in eur", aliases) == convert("100", scale: 0, "CAD", ["EUR"]))
        #expect(try Self.parse("100 bucks in eur") == convert("100", scale: 0, "USD", ["EUR"]))
        // Never over a code: the alias map cannot hold one through `set`, and codes are read first anyway.
        #expect(try Self.parse("100 usd in eur", ["usd": "GBP"]) == convert("100", scale: 0, "USD", ["EUR"]))
        guard case .calculate = try Self.parse("2 loon + 3 usd in eur", aliases) else {
            Issue.record("a calculation with an alias")
            return
        }
    }

    @Test func whatAnAliasWasReadAsIsSaidAndWhetherItTookOverAName() {
        let parser = Parser(context: Self.context(["quid": "GBP", "bucks": "CAD", "loon": "CAD"]))
        #expect(parser.understood("100 loon in eur") == [.currency(word: "loon", code: code("CAD"), choice: .alias)])
        #expect(parser.understood("100 quid in eur") == [.currency(word: "quid", code: code("GBP"), choice: .alias)])
        #expect(parser.understood("100 Bucks in eur") == [.currency(word: "Bucks", code: code("CAD"), choice: .aliasOverName)])
        #expect(!Understood.currency(word: "loon", code: code("CAD"), choice: .alias).isAmbiguous)
        #expect(Understood.currency(word: "bucks", code: code("CAD"), choice: .aliasOverName).isAmbiguous)
        // The home currency decides what fx's own name means: an alias that agrees takes nothing over.
        let home = Parser(context: Self.context(["bucks": "CAD"], home: "CAD"))
        #expect(home.understood("100 bucks in eur") == [.currency(word: "bucks", code: code("CAD"), choice: .alias)])
    }

    @Test func aMistypedAliasIsSuggestedAsTheCurrencyItMeans() {
        #expect(Self.context(["greenback": "USD", "loon": "CAD"]).suggestion(for: "greenbak") == code("USD"))
        #expect(Self.context(["greenback": "USD", "loon": "CAD"]).suggestion(for: "grenbacks") == code("USD"))
        #expect(Self.context([:]).suggestion(for: "greenbak") != code("USD"))
    }

    static func candidates(_ line: String, _ aliases: [String: String]) -> [Candidate] {
        Completer(context: context(aliases)).complete(line: line, cursor: line.count).candidates
    }

    @Test func tabOffersAliasesWhereCurrenciesGoAndAfterSetAlias() {
        let aliases = ["quid": "GBP", "quidlet": "GBP", "loon": "CAD"]
        let quid = Self.candidates("100 usd in qu", aliases)
        #expect(quid.map(\.text).prefix(2) == ["quid", "quidlet"], "\(quid.map(\.text))")
        #expect(quid.first?.detail == "GBP (Pound Sterling), your alias")
        #expect(Self.candidates("rate lo", aliases).map(\.text).first == "loon")
        #expect(Self.candidates("set alias ", aliases).map(\.text) == ["loon", "quid", "quidlet"])
        #expect(Self.candidates("set alias l", aliases).map(\.text) == ["loon"])
        #expect(Self.candidates("set alias loon ", aliases).first?.text == "none")
        #expect(Self.candidates("set alias loon c", aliases).map(\.text).contains("CAD"))
        #expect(Self.candidates("set al", aliases).map(\.text) == ["alias"])
    }
}
