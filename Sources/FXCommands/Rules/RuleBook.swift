/// The rules fx ships, and those a config defines (`rules.my-rule = {source, day, period}`),
/// looked up by name. The day rules of old (`on-or-before`, `previous-business-day`) are rules here.
public struct RuleBook: Sendable, Equatable {
    /// The config's rules. The shipped table is read only when a named rule is asked for: building
    /// it at every start cost a one-shot answer 26,000 instructions (1.8%, `Scripts/instruction-budget`).
    public private(set) var defined: [Rule]

    public init(adding defined: [Rule] = []) { self.defined = defined }

    public subscript(name: String) -> Rule? {
        let folded = name.lowercased()
        if let day = DateRule(rawValue: folded), day == .onOrBefore || day == .previousBusinessDay { return .dayOnly(day) }
        return defined.first { $0.name == folded } ?? Self.shipped.first { $0.name == folded }
    }

    /// The shipped rules, then the config's.
    public var rules: [Rule] { Self.shipped + defined.filter { rule in !Self.shippedNames.contains(rule.name) } }

    public var names: [String] { rules.map(\.name) }

    /// The shipped rules' names, for help and completion without building the table.
    public static let shippedNames = [
        "on-or-before", "previous-business-day", "ecb", "uk-hmrc-monthly", "uk-hmrc-yearly", "pl-nbp", "us-treasury", "ca-boc",
        "ca-boc-yearly",
    ]

    static let gbp = CurrencyCode("GBP")!, pln = CurrencyCode("PLN")!, usd = CurrencyCode("USD")!, cad = CurrencyCode("CAD")!

    /// Table A's currencies quoted per 100 units (IDR per 10,000); every other one, PHP and XDR
    /// included, per unit. Checked against NBP's own answers, not memory: its API's tables
    /// 041–044/A/NBP/2026 (a mid per 100 units carries 6 places, per 10,000 8; the answer is
    /// `Tests/FXTestSupport/Fixtures/rules/nbp-api-tables-a-2026-03-02.json`, which a test reads);
    /// the tolar from table 99/A/NBP/2003 on nbp.pl ("100 SIT"); the currencies the euro replaced,
    /// listed in 2002's first tables, from a copy of table 18/A/NBP/2002 (its "przelicznik" 100).
    static let nbpQuotedPer: [CurrencyCode: Int] = Dictionary(
        uniqueKeysWithValues: ["HUF", "JPY", "ISK", "CLP", "INR", "KRW", "SIT", "BEF", "ESP", "GRD", "ITL", "LUF", "PTE"].map {
            (CurrencyCode($0)!, 100)
        } + [(CurrencyCode("IDR")!, 10_000)])

    /// Each with the page where its authority states it (the guide links the same pages).
    public static let shipped: [Rule] = [
        .dayOnly(.onOrBefore),
        .dayOnly(.previousBusinessDay),
        Rule(
            name: "ecb", source: .ecb, day: .onOrBefore, institution: "ECB euro reference rates", calendar: .target,
            authority: "https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html"),
        Rule(
            name: "uk-hmrc-monthly", source: SourceID("hmrc"), day: .month, period: .ukTaxYear,
            rounding: .init(places: 4, home: gbp, homePerForeign: false), institution: "HMRC monthly exchange rates",
            authority: "https://www.gov.uk/government/collections/exchange-rates-for-customs-and-vat"),
        Rule(
            name: "uk-hmrc-yearly", source: SourceID("hmrc"), day: .average, period: .ukTaxYear,
            rounding: .init(places: 4, home: gbp, homePerForeign: false), institution: "HMRC monthly exchange rates",
            authority: "https://www.gov.uk/government/collections/exchange-rates-for-customs-and-vat"),
        Rule(
            name: "pl-nbp", source: SourceID("nbp"), day: .previousBusinessDay,
            rounding: .init(places: 4, home: pln, homePerForeign: true, quotedPer: nbpQuotedPer), institution: "NBP table A",
            calendar: .poland,
            authority: "https://nbp.pl/en/statistic-and-financial-reporting/rates/"),
        Rule(
            name: "us-treasury", source: SourceID("ust"), day: .quarter,
            rounding: nil, institution: "Treasury Reporting Rates of Exchange",
            authority: "https://fiscaldata.treasury.gov/datasets/treasury-reporting-rates-exchange/"),
        Rule(
            name: "ca-boc", source: SourceID("boc"), day: .onOrBefore,
            rounding: .init(places: 4, home: cad, homePerForeign: true), institution: "Bank of Canada daily rates", calendar: .canada,
            authority:
                "https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/sole-proprietorships-partnerships/report-business-income-expenses/completing-form-t2125/exchange-rates.html"
        ),
        Rule(
            name: "ca-boc-yearly", source: SourceID("boc"), day: .average,
            rounding: .init(places: 4, home: cad, homePerForeign: true), institution: "Bank of Canada daily rates", calendar: .canada,
            authority:
                "https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/sole-proprietorships-partnerships/report-business-income-expenses/completing-form-t2125/exchange-rates.html"
        ),
    ]
}
