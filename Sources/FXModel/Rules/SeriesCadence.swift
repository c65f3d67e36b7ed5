/// How often a source's series publishes, as far as a rule's day depends on it: a month's rate
/// needs a monthly series, a quarter's a quarterly one, a day's publication a daily one.
public enum SeriesCadence: String, Sendable, Equatable {
    case daily, monthly, quarterly

    /// HMRC monthly and the Treasury quarterly (as `FrankfurterInstitution` relays them); every
    /// other source fx knows publishes daily or more often.
    public init(of source: SourceID) {
        switch source.rawValue {
        case "hmrc": self = .monthly
        case "ust": self = .quarterly
        default: self = .daily
        }
    }

    /// The days a rule may take from such a series. Over a daily series a month rule would take one
    /// day's rate and call it the month's, so it is refused; the same for the other mismatches.
    public var days: [DateRule] {
        switch self {
        case .daily: [.onOrBefore, .previousBusinessDay, .sameDay, .average]
        case .monthly: [.onOrBefore, .month, .average]
        case .quarterly: [.onOrBefore, .quarter, .average]
        }
    }
}
