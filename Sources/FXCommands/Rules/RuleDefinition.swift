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

    /// The field at fault and what it should hold.
    public struct Problem: Error, Sendable, Equatable {
        public let rule: String
        public let field: String
        public let expected: String

        public init(rule: String, field: String, expected: String) {
            self.rule = rule
            self.field = field
            self.expected = expected
        }

        /// `rules.my-rule.day: give one of same-day, on-or-before, …`.
        public var text: String { "rules.\(rule).\(field): give \(expected)" }
    }

    /// The days a config may name.
    public static let days = DateRule.allCases.map(\.rawValue)

    public func rule(named name: String, sources: [SourceID]) throws(Problem) -> Rule {
        func problem(_ field: String, _ expected: String) -> Problem { Problem(rule: name, field: field, expected: expected) }
        let folded = name.lowercased()
        guard !folded.isEmpty, folded.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
            RuleBook.shipped.allSatisfy({ $0.name != folded })
        else {
            throw problem("name", "a name of letters, digits and '-' that is not a shipped rule's")
        }
        let known = sources.map(\.rawValue).joined(separator: ", ")
        guard let sourceText = source?.lowercased(), sources.contains(SourceID(sourceText)) else {
            throw problem("source", "a source id (\(known))")
        }
        let dayNames = Self.days.joined(separator: ", ")
        guard let dayText = day, let dayRule = DateRule(rawValue: dayText.lowercased()) else {
            throw problem("day", "one of \(dayNames)")
        }
        var cut = PeriodCut.calendarYear
        if let period {
            guard let read = PeriodCut(name: period) else {
                throw problem("period", "calendar-year, tax-year-uk or tax-year-MM-DD (such as tax-year-04-06)")
            }
            cut = read
        }
        var rounding: Rule.Rounding?
        if places != nil || home != nil || quoted != nil {
            guard let places, (0...12).contains(places) else { throw problem("places", "a number of decimal places, 0 to 12") }
            guard let homeText = home, let code = CurrencyCode(homeText.uppercased()) else {
                throw problem("home", "the institution's currency code (such as PLN), with places")
            }
            let quoting = ["home-per-unit": true, "units-per-home": false]
            guard let quotedText = quoted, let homePerForeign = quoting[quotedText.lowercased()] else {
                throw problem("quoted", "home-per-unit or units-per-home")
            }
            rounding = Rule.Rounding(places: places, home: code, homePerForeign: homePerForeign)
        }
        let id = SourceID(sourceText)
        return Rule(
            name: folded, source: id, day: dayRule, period: cut, rounding: rounding,
            institution: institution ?? "\(sourceText) rates", calendar: Rule.calendar(for: id))
    }
}
