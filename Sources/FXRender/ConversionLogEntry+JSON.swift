import FXAnswers
import FXRates

extension ConversionLogEntry {
    /// One line of `log.jsonl`, keys sorted, absent values left out. Written by hand, not with
    /// JSONEncoder: each answer typed at the prompt or on the command line appends one, and
    /// JSONEncoder's set-up alone cost a tenth of a one-shot conversion. JSONDecoder reads it back.
    public var jsonLine: String {
        var members: [(String, JSONValue)] = []
        if let asOf { members.append(("as_of", .string(asOf.description))) }
        members.append(("line", .string(line)))
        if let rate { members.append(("rate", .string(rate))) }
        members.append(("result", .string(result)))
        if let source { members.append(("source", .string(source.rawValue))) }
        members.append(("time", .string(time.utcSecondText)))
        return JSONValue.object(members).serialized
    }
}
