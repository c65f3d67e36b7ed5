import FXCommands
import Testing

/// Rules a config defines: a good one joins the book; a bad one is one problem naming its field.
struct RuleDefinitionTests {
    let sources = ["ecb", "boc", "nbp", "hmrc"].map(SourceID.init)

    @Test func aGoodRuleJoinsTheBook() throws {
        let definition = RuleDefinition(
            source: "nbp", day: "previous-business-day", period: "calendar-year", places: 4, home: "pln", quoted: "home-per-unit")
        let rule = try definition.rule(named: "My-NBP", sources: sources)
        #expect(rule.name == "my-nbp")
        #expect(rule.source == SourceID("nbp"))
        #expect(rule.day == .previousBusinessDay)
        #expect(rule.calendar == .poland)
        #expect(rule.rounding == Rule.Rounding(places: 4, home: CurrencyCode("PLN")!, homePerForeign: true))
        let book = RuleBook(adding: [rule])
        #expect(book["my-nbp"] == rule)
        #expect(book["pl-nbp"] != nil)
        #expect(book["previous-business-day"]?.isNamed == false)
    }

    @Test(arguments: [
        (RuleDefinition(source: "nowhere", day: "on-or-before"), "source"),
        (RuleDefinition(day: "on-or-before"), "source"),
        (RuleDefinition(source: "ecb", day: "tuesday"), "day"),
        (RuleDefinition(source: "ecb"), "day"),
        (RuleDefinition(source: "ecb", day: "average", period: "fiscal"), "period"),
        (RuleDefinition(source: "ecb", day: "on-or-before", places: 40, home: "EUR", quoted: "units-per-home"), "places"),
        (RuleDefinition(source: "ecb", day: "on-or-before", places: 4, quoted: "units-per-home"), "home"),
        (RuleDefinition(source: "ecb", day: "on-or-before", places: 4, home: "EUR", quoted: "sideways"), "quoted"),
    ])
    func aBadFieldIsNamed(definition: RuleDefinition, field: String) {
        #expect(throws: RuleDefinition.Problem.self) { try definition.rule(named: "mine", sources: sources) }
        do {
            _ = try definition.rule(named: "mine", sources: sources)
        } catch {
            #expect(error.field == field)
            #expect(error.text.hasPrefix("rules.mine.\(field): give "))
        }
    }

    @Test func theNamesListedAreTheRulesShipped() {
        #expect(RuleBook.shippedNames == RuleBook.shipped.map(\.name))
        #expect(RuleBook().names == RuleBook.shippedNames)
    }

    @Test func aShippedNameIsNotRedefined() {
        #expect(
            throws: RuleDefinition.Problem(
                rule: "pl-nbp", field: "name", expected: "a name of letters, digits and '-' that is not a shipped rule's")
        ) {
            try RuleDefinition(source: "ecb", day: "on-or-before").rule(named: "pl-nbp", sources: sources)
        }
    }

    @Test func taxYears() {
        let uk = PeriodCut.ukTaxYear
        let (days, label) = uk.period(holding: Day(iso: "2026-04-05")!)
        #expect(days == Day(iso: "2025-04-06")!...Day(iso: "2026-04-05")!)
        #expect(label == "tax year 2025-26")
        #expect(uk.period(holding: Day(iso: "2026-04-06")!).label == "tax year 2026-27")
        #expect(uk.months(of: days) == Day(iso: "2025-04-01")!..<Day(iso: "2026-04-01")!)
        #expect(
            PeriodCut.calendarYear.months(of: PeriodCut.calendarYear.year(2025).days) == Day(iso: "2025-01-01")!..<Day(iso: "2026-01-01")!)
        #expect(PeriodCut(name: "tax-year-07-01") == .taxYear(month: 7, day: 1))
        #expect(PeriodCut(name: "tax-year-02-30") == nil)
    }
}

/// A rule's day must fit how its series publishes (issue 32 §2): a month's rate needs a monthly
/// series, a quarter's a quarterly one, a day's publication a daily one.
struct RuleCadenceTests {
    let sources = ["ecb", "boc", "nbp", "hmrc", "ust"].map(SourceID.init)

    @Test(arguments: [
        ("ecb", "month", false), ("nbp", "month", false), ("ust", "month", false), ("hmrc", "month", true),
        ("ecb", "quarter", false), ("hmrc", "quarter", false), ("ust", "quarter", true),
        ("hmrc", "previous-business-day", false), ("ust", "same-day", false), ("nbp", "previous-business-day", true),
        ("hmrc", "on-or-before", true), ("ust", "average", true), ("boc", "average", true), ("ecb", "same-day", true),
    ])
    func aDayFitsItsSeries(source: String, day: String, fits: Bool) {
        let definition = RuleDefinition(source: source, day: day)
        if fits {
            #expect(throws: Never.self) { try definition.rule(named: "mine", sources: sources) }
        } else {
            #expect(throws: RuleDefinition.Problem.self) { try definition.rule(named: "mine", sources: sources) }
            do {
                _ = try definition.rule(named: "mine", sources: sources)
            } catch {
                #expect(error.field == "day")
                #expect(error.text.hasPrefix("rules.mine.day: \(day) takes "), "\(error.text)")
                #expect(error.text.contains(", and \(source) publishes "), "\(error.text)")
            }
        }
    }

    @Test func everyShippedRuleFitsItsSeries() {
        for rule in RuleBook.shipped {
            guard let source = rule.source else { continue }
            #expect(SeriesCadence(of: source).days.contains(rule.day), "\(rule.name)")
        }
    }

    /// A wrong type says what the field takes, as a wrong value of it does.
    @Test func theExpectationOfEachField() {
        #expect(RuleDefinition.expected("places", sources: sources) == "a number of decimal places, 0 to 12 (such as 4)")
        #expect(RuleDefinition.expected("source", sources: sources) == "a source id (ecb, boc, nbp, hmrc, ust)")
    }
}
