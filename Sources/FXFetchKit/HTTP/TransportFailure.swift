/// Why no response arrived: fx's `TransportError`, case for case, with its wire form.
public enum TransportFailure: Error, Equatable, Sendable {
    case timedOut(seconds: Double)
    case tooLarge(limit: Int)
    /// Plain HTTP to a host that is not loopback.
    case insecureURL
    /// A redirect away from HTTPS, or to a host not allowed.
    case redirectRefused
    case cannotConnect(String)
    case cancelled
    case other(String)

    /// As Swift's synthesized `Codable` writes `TransportError`.
    public var json: JSON {
        switch self {
        case .timedOut(let seconds): .object([("timedOut", .object([("seconds", .number(seconds))]))])
        case .tooLarge(let limit): .object([("tooLarge", .object([("limit", .number(Double(limit)))]))])
        case .insecureURL: .object([("insecureURL", .object([]))])
        case .redirectRefused: .object([("redirectRefused", .object([]))])
        case .cannotConnect(let reason): .object([("cannotConnect", .object([("_0", .string(reason))]))])
        case .cancelled: .object([("cancelled", .object([]))])
        case .other(let reason): .object([("other", .object([("_0", .string(reason))]))])
        }
    }
}
