/// Why an ECB request's answer was refused: the cases of fx's `FetchFailure` the helper can meet,
/// with their wire form. Days are ISO text (`2026-10-30`), as `Day` encodes itself.
public enum ReadFailure: Error, Equatable, Sendable {
    case transport(TransportFailure)
    case httpStatus(Int)
    case emptyBody
    case htmlBody
    case malformed(String)
    case forbiddenDTD
    case missingDate
    case noRates
    case invalidRate(currency: String, value: String)
    case invalidCurrency(String)
    case duplicateCurrency(String, day: String)
    case duplicateDate(String)
    /// A 429 or 503 with a `Retry-After` fx-fetch could read.
    case throttled(status: Int, retryAfter: RetryAfterValue)

    /// As Swift's synthesized `Codable` writes `FetchFailure`.
    public var json: JSON {
        func named(_ name: String, _ members: [(String, JSON)] = []) -> JSON { .object([(name, .object(members))]) }
        switch self {
        case .transport(let failure): return named("transport", [("_0", failure.json)])
        case .httpStatus(let status): return named("httpStatus", [("_0", .number(Double(status)))])
        case .emptyBody: return named("emptyBody")
        case .htmlBody: return named("htmlBody")
        case .malformed(let what): return named("malformed", [("_0", .string(what))])
        case .forbiddenDTD: return named("forbiddenDTD")
        case .missingDate: return named("missingDate")
        case .noRates: return named("noRates")
        case .invalidRate(let currency, let value):
            return named("invalidRate", [("currency", .string(currency)), ("value", .string(value))])
        case .invalidCurrency(let code): return named("invalidCurrency", [("_0", .string(code))])
        case .duplicateCurrency(let code, let day): return named("duplicateCurrency", [("_0", .string(code)), ("_1", .string(day))])
        case .duplicateDate(let day): return named("duplicateDate", [("_0", .string(day))])
        case .throttled(let status, let wait):
            return named("throttled", [("status", .number(Double(status))), ("retryAfter", wait.json)])
        }
    }
}

/// A server's `Retry-After` (fx's `RetryAfter`): seconds to wait, or an instant in Unix seconds.
public enum RetryAfterValue: Equatable, Sendable {
    case seconds(Int)
    case date(unixSeconds: Int)

    /// The longest wait fx honours; a longer number is kept at it, as fx reads one.
    static let longest = 24 * 3600

    /// Nil for a missing or unreadable header. Digits are seconds; anything else an HTTP-date,
    /// read by libcurl's `curl_getdate` (RFC 9110's three forms, and more).
    public init?(_ header: String?) {
        guard let text = header?.trimmingSpaces, !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            self = .seconds(Int(text) ?? Self.longest)
        } else if let unix = HTTPDate.unixSeconds(text) {
            self = .date(unixSeconds: unix)
        } else {
            return nil
        }
    }

    /// `Date` encodes itself as seconds since 2001-01-01 (its reference date).
    var json: JSON {
        switch self {
        case .seconds(let seconds): .object([("seconds", .object([("_0", .number(Double(seconds)))]))])
        case .date(let unix): .object([("date", .object([("_0", .number(Double(unix - 978_307_200)))]))])
        }
    }
}
