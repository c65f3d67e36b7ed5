import FXRates
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

extension ConversionLogEntry {
    /// One line of `log.jsonl`, keys sorted, absent values left out. Written by hand, not with
    /// JSONEncoder: each answer typed at the prompt or on the command line appends one, and
    /// JSONEncoder's set-up alone cost a tenth of a one-shot conversion. JSONDecoder reads it back.
    public var jsonLine: String {
        var members: [(String, JSONValue)] = []
        if let asOf { members.append(("asOf", .string(asOf.description))) }
        members.append(("line", .string(line)))
        if let rate { members.append(("rate", .string(rate))) }
        members.append(("result", .string(result)))
        if let source { members.append(("source", .string(source.rawValue))) }
        members.append(("time", .string(time.utcSecondText)))
        return JSONValue.object(members).serialized
    }
}
