import FXRates

/// One answered conversion or rate lookup, as bare `history` lists it.
public struct ConversionLogEntry: Sendable, Equatable, Codable {
    public let time: Date
    /// The line as the user typed it.
    public let line: String
    /// The answer in one line: `89.51 EUR`, or `1 USD = 157.25 JPY`.
    public let result: String
    /// Units of the target per unit of the source, as an exact decimal string.
    public let rate: String?
    public let source: SourceID?
    /// The publication date of the rate used.
    public let asOf: Day?

    public init(time: Date, line: String, result: String, rate: String?, source: SourceID?, asOf: Day?) {
        self.time = time
        self.line = line
        self.result = result
        self.rate = rate
        self.source = source
        self.asOf = asOf
    }
}
