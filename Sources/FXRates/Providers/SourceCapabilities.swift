/// What a source can answer and how it publishes: said in its description, shown in the manual
/// page, and checked against what its description wires (a history source where it keeps one).
public struct SourceCapabilities: Sendable, Equatable {
    /// How far back it answers.
    public enum History: Sendable, Equatable {
        /// Only its latest rates.
        case none
        /// The rates of one past date at a time.
        case dates
        /// Every publication over a range of dates (which answers one date too).
        case ranges
    }

    /// How often it publishes new rates.
    public enum Frequency: Sendable, Equatable {
        /// Once a day, around a local time: "16:00 Frankfurt".
        case daily(at: String)
        /// Several times a day, every so many seconds at most.
        case intraday(every: TimeInterval)
        /// Prices that move all the time (exchanges); no publication to wait for.
        case continuous
        /// As each series it is configured with.
        case perSeries
    }

    /// How many digits its rates carry.
    public enum Precision: Sendable, Equatable {
        /// About this many significant digits (the ECB's 5).
        case significantDigits(Int)
        /// This many decimals (the Bank of Canada's 4).
        case decimals(Int)
        /// Decimals chosen by the size of the rate or the quote currency's minor unit.
        case byMagnitude
        /// As each series it is configured with.
        case perSeries
    }

    /// Answers its latest rates (false only for a source of history alone).
    public var latest: Bool
    public var history: History
    /// Publishes a series per institution (Frankfurter v2's central banks and tax authorities).
    public var institutions: Bool
    public var frequency: Frequency
    /// The days it publishes: "TARGET working days", "every day".
    public var calendar: String
    public var precision: Precision

    public init(
        latest: Bool = true, history: History = .none, institutions: Bool = false, frequency: Frequency, calendar: String,
        precision: Precision
    ) {
        (self.latest, self.history, self.institutions) = (latest, history, institutions)
        (self.frequency, self.calendar, self.precision) = (frequency, calendar, precision)
    }
}

extension SourceCapabilities {
    /// One line for the manual page and `help`: "latest, ranges; daily at 16:00 Frankfurt on TARGET working days; 5 significant digits".
    public var summary: String {
        var reach = [latest ? "latest" : nil, history == .none ? nil : history == .dates ? "a date" : "a date or a range"]
            .compactMap { $0 }.joined(separator: ", ")
        if institutions { reach += ", per institution" }
        let when: String =
            switch frequency {
            case .daily(let time): "daily at \(time)"
            case .intraday(let seconds): "several times a day (every \(Int(seconds / 60)) minutes at most)"
            case .continuous: "continuously"
            case .perSeries: "as each series publishes"
            }
        let digits: String =
            switch precision {
            case .significantDigits(let count): "\(count) significant digits"
            case .decimals(let count): "\(count) decimals"
            case .byMagnitude: "decimals by magnitude"
            case .perSeries: "the digits each series publishes"
            }
        return "\(reach); \(when), \(calendar); \(digits)"
    }
}
