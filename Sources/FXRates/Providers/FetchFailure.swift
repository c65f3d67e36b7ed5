/// Why a source's answer was refused. The cache is never touched when one of these is raised.
/// Codable: the helper that fetches and reads the ECB's files sends it to fx whole (`ECBFetchWire`).
public enum FetchFailure: Error, Sendable, Equatable, Codable {
    case transport(TransportError)
    case httpStatus(Int)
    case emptyBody
    case htmlBody
    case malformed(String)
    case forbiddenDTD
    case missingDate
    case noRates
    /// One of several things asked (Kraken's `XRPEUR` market) is not in an answer that holds the others.
    case notInAnswer(String)
    case invalidRate(currency: String, value: String)
    case invalidCurrency(String)
    case duplicateCurrency(String, Day)
    case duplicateDate(Day)
    case futureDate(Day)
    /// A rate that cannot be true (`Plausibility`): beyond the bounds, or a jump nothing confirms.
    case implausibleRate(ImplausibleRate)
    /// The source needs an API key and none is set; named by its variable (`FX_OXR_APP_ID`).
    case missingKey(String)
    /// The provider's own error message (sanitised, never holding a key).
    case providerError(String)
    /// The plan's monthly requests are used up (or nearly, for automatic fetches).
    case quotaUsedUp(used: Int, quota: Int)
    /// A 429 or 503 whose `Retry-After` says when to ask again (made absolute by the service).
    case throttled(status: Int, retryAfter: RetryAfter)
    /// Not asked: an earlier answer's `Retry-After` forbids a request before this instant.
    case waitingUntil(Date)
    /// Not asked: the source needs configuration it lacks (Nasdaq's `datasets`), named here.
    case notConfigured(String)
    /// Not asked: it failed at `failedAt` (`reason`, as worded then) after earlier failures in a
    /// row, and `BackOff` leaves it alone until `until`.
    case backingOff(failedAt: Date, reason: String, until: Date)
}

extension FetchFailure: JSONSyntaxFailure {
    public static func jsonSyntax(_ what: String) -> FetchFailure { .malformed(what) }
}
