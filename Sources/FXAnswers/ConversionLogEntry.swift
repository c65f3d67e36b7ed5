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

    /// `as_of`, as in `--json`; a log written before version 1 of the JSON contract said `asOf`.
    private enum CodingKeys: String, CodingKey {
        case time, line, result, rate, source
        case asOf = "as_of"
        case legacyAsOf = "asOf"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = try container.decode(Date.self, forKey: .time)
        line = try container.decode(String.self, forKey: .line)
        result = try container.decode(String.self, forKey: .result)
        rate = try container.decodeIfPresent(String.self, forKey: .rate)
        source = try container.decodeIfPresent(SourceID.self, forKey: .source)
        asOf = try container.decodeIfPresent(Day.self, forKey: .asOf) ?? container.decodeIfPresent(Day.self, forKey: .legacyAsOf)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(line, forKey: .line)
        try container.encode(result, forKey: .result)
        try container.encodeIfPresent(rate, forKey: .rate)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(asOf, forKey: .asOf)
    }
}
