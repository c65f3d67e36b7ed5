import FXCommands

extension Outcome {
    /// The same answer saying what day a date in words meant (`yesterday = 2026-11-24`).
    public func meaning(_ meaning: DateMeaning) -> Outcome {
        switch self {
        case .conversion(var conversion):
            conversion.dateMeaning = meaning
            return .conversion(conversion)
        case .rates(var listing):
            listing.dateMeaning = meaning
            return .rates(listing)
        case .calculation(var result):
            result.dateMeaning = meaning
            return .calculation(result)
        default:
            return self
        }
    }

    /// The day a date in words meant, for the answers that carry one.
    public var dateMeaning: DateMeaning? {
        switch self {
        case .conversion(let conversion): conversion.dateMeaning
        case .rates(let listing): listing.dateMeaning
        case .calculation(let result): result.dateMeaning
        default: nil
        }
    }
}
