/// A rule as a config defines it: `"rules": {"my-rule": {"source": "nbp", "day": "previous-business-day",
/// "period": "calendar-year"}}`, with `places`, `home` and `quoted` ("home-per-unit" or
/// "units-per-home") for rounding. Checked field by field: the first bad one is the error.
public struct RuleDefinition: Sendable, Equatable {
    public var source: String?
    public var day: String?
    public var period: String?
    public var places: Int?
    public var home: String?
    public var quoted: String?
    public var institution: String?

    public init(
        source: String? = nil, day: String? = nil, period: String? = nil, places: Int? = nil, home: String? = nil,
        quoted: String? = nil, institution: String? = nil
    ) {
        self.source = source
        self.day = day
        self.period = period
        self.places = places
        self.home = home
        self.quoted = quoted
        self.institution = institution
    }

    /// The field at fault and what it should hold, with why where its value was of the right kind.
    public struct Problem: Error, Sendable, Equatable {
        public let rule: String
        public let field: String
        public let expected: String
        /// `month takes the rate in force for that month, and ecb publishes daily`.
        public let reason: String?

        public init(rule: String, field: String, expected: String, reason: String? = nil) {
            self.rule = rule
            self.field = field
            self.expected = expected
            self.reason = reason
        }

        /// `rules.my-rule.day: give one of same-day, on-or-before, …`.
        public var text: String { "rules.\(rule).\(field): \(reason.map { "\($0): " } ?? "")give \(expected)" }
    }

    /// The days a config may name.
    public static let days = DateRule.allCases.map(\.rawValue)

    /// What `field` must hold: said for a bad value, and for a value of another JSON type.
    public static func expected(_ field: String, sources: [SourceID]) -> String {
        switch field {
        case "name": "a name of letters, digits and '-' that is not a shipped rule's"
        case "source": "a source id (\(sources.map(\.rawValue).joined(separator: ", ")))"
        case "day": "one of \(days.joined(separator: ", "))"
        case "period": "calendar-year, tax-year-uk or tax-year-MM-DD (such as tax-year-04-06)"
        case "places": "a number of decimal places, 0 to 12 (such as 4)"
        case "home": "the institution's currency code (such as PLN), with places"
        case "quoted": "home-per-unit or units-per-home"
        default: "a text (such as \"NBP table A\")"
        }
    }

    public func rule(named name: String, sources: [SourceID]) throws(Problem) -> Rule {
        func problem(_ field: String) -> Problem { Problem(rule: name, field: field, expected: Self.expected(field, sources: sources)) }
        let folded = name.lowercased()
        guard !folded.isEmpty, folded.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
            RuleBook.shipped.allSatisfy({ $0.name != folded })
        else {
            throw problem("name")
        }
        guard let sourceText = source?.lowercased(), sources.contains(SourceID(sourceText)) else { throw problem("source") }
        guard let dayText = day, let dayRule = DateRule(rawValue: dayText.lowercased()) else { throw problem("day") }
        let cadence = SeriesCadence(of: SourceID(sourceText))
        guard cadence.days.contains(dayRule) else {
            throw Problem(
                rule: name, field: "day", expected: "one of \(cadence.days.map(\.rawValue).joined(separator: ", "))",
                reason: "\(dayRule.rawValue) takes \(dayRule.spoken), and \(sourceText) publishes \(cadence.rawValue)")
        }
        var cut = PeriodCut.calendarYear
        if let period {
            guard let read = PeriodCut(name: period) else { throw problem("period") }
            cut = read
        }
        var rounding: Rule.Rounding?
        if places != nil || home != nil || quoted != nil {
            guard let places, (0...12).contains(places) else { throw problem("places") }
            // A currency the catalog knows, and money: XXX or a typo would round to a currency no one publishes.
            guard let homeText = home, let code = CurrencyCode(homeText.uppercased()), CurrencyCatalog.standard.contains(code),
                !CurrencyCatalog.namesNoMoney(code)
            else { throw problem("home") }
            let quoting = ["home-per-unit": true, "units-per-home": false]
            guard let quotedText = quoted, let homePerForeign = quoting[quotedText.lowercased()] else { throw problem("quoted") }
            rounding = Rule.Rounding(places: places, home: code, homePerForeign: homePerForeign)
        }
        let id = SourceID(sourceText)
        return Rule(
            name: folded, source: id, day: dayRule, period: cut, rounding: rounding,
            institution: institution ?? "\(sourceText) rates", calendar: Rule.calendar(for: id))
    }
}
