/// A rule that tax law or an authority prescribes for foreign-currency amounts: whose rates, which
/// publication for a transaction's day, how the year is cut, and how the rate is rounded.
/// `on-or-before` and `previous-business-day` are rules too, without a source of their own.
public struct Rule: Sendable, Equatable {
    /// How the authority publishes its rates, for rounding: units of the home currency per unit of
    /// the other (NBP, Bank of Canada) or units of the other per unit of home (HMRC, Treasury).
    public struct Rounding: Sendable, Equatable {
        public var places: Int
        public var home: CurrencyCode
        public var homePerForeign: Bool
        /// Currencies quoted per 100 or 10,000 units, as NBP's table A quotes JPY and IDR: their
        /// figure's places are the quoted amount's, so a unit's rate keeps 2 or 4 more.
        public var quotedPer: [CurrencyCode: Int]

        public init(places: Int, home: CurrencyCode, homePerForeign: Bool, quotedPer: [CurrencyCode: Int] = [:]) {
            self.places = places
            self.home = home
            self.homePerForeign = homePerForeign
            self.quotedPer = quotedPer
        }

        /// The places of one unit's rate of `code`: 4 for USD at NBP, 6 for JPY (quoted per 100).
        public func places(of code: CurrencyCode) -> Int {
            guard var units = quotedPer[code] else { return places }
            var extra = 0
            while units >= 10 {
                units /= 10
                extra += 1
            }
            return places + extra
        }

        /// `4 places, PLN per unit`.
        public var spoken: String {
            "rounded to \(places) places as published (\(homePerForeign ? "\(home) per unit of the other currency" : "units per \(home)"))"
        }
    }

    public var name: String
    /// The institution's series; nil for `on-or-before` and `previous-business-day`, which take
    /// whichever source answers.
    public var source: SourceID?
    public var day: DateRule
    public var period: PeriodCut
    public var rounding: Rounding?
    /// The series as the authority names it: `NBP table A`.
    public var institution: String
    /// Its business days where no history shows them.
    public var calendar: InstitutionCalendar
    /// Where the authority states the rule.
    public var authority: String?

    public init(
        name: String, source: SourceID?, day: DateRule, period: PeriodCut = .calendarYear, rounding: Rounding? = nil,
        institution: String, calendar: InstitutionCalendar = .weekdays, authority: String? = nil
    ) {
        self.name = name
        self.source = source
        self.day = day
        self.period = period
        self.rounding = rounding
        self.institution = institution
        self.calendar = calendar
        self.authority = authority
    }

    /// The day rules of old, `--rule on-or-before` and `--rule previous-business-day`.
    public static func dayOnly(_ day: DateRule) -> Rule {
        Rule(name: day.rawValue, source: nil, day: day, institution: "the source's publication", calendar: .target)
    }

    /// Whether a dated question goes through `RuleSeries` rather than the source's plain lookup.
    public var isNamed: Bool { source != nil }

    /// The calendar fx knows for a source id: the NBP's Polish, the Bank of Canada's, the ECB's TARGET.
    public static func calendar(for source: SourceID) -> InstitutionCalendar {
        switch source.rawValue {
        case "nbp": .poland
        case "boc", "boc-frankfurter": .canada
        case "ecb": .target
        default: .weekdays
        }
    }
}
