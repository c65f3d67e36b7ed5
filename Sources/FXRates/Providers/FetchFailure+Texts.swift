/// Every text a failure carries, rewritten: how a source blanks its key out of whatever a
/// transport message or a provider's body echoed back. One list of cases for all sources.
extension FetchFailure {
    /// A provider's error named with what the request asked for (`XRP: Invalid currency
    /// (not_found)`): its own words often do not say which asset, pair or dataset they mean.
    /// Words that name it already (`ECB/EURUSD: error QECx02: …`) are left as they are.
    public func about(_ subject: String) -> FetchFailure {
        guard case .providerError(let text) = self, !text.contains(subject) else { return self }
        return .providerError("\(subject): \(text)")
    }

    public func mappingTexts(_ transform: (String) -> String) -> FetchFailure {
        switch self {
        case .transport(.cannotConnect(let reason)): .transport(.cannotConnect(transform(reason)))
        case .transport(.other(let reason)): .transport(.other(transform(reason)))
        case .malformed(let reason): .malformed(transform(reason))
        case .notInAnswer(let what): .notInAnswer(transform(what))
        case .invalidRate(let currency, let value): .invalidRate(currency: transform(currency), value: transform(value))
        case .invalidCurrency(let code): .invalidCurrency(transform(code))
        case .duplicateCurrency(let code, let day): .duplicateCurrency(transform(code), day)
        case .missingKey(let variable): .missingKey(transform(variable))
        case .providerError(let text): .providerError(transform(text))
        case .backingOff(let failedAt, let reason, let until): .backingOff(failedAt: failedAt, reason: transform(reason), until: until)
        case .transport, .httpStatus, .emptyBody, .htmlBody, .forbiddenDTD, .missingDate, .noRates,
            .duplicateDate, .futureDate, .implausibleRate, .quotaUsedUp, .throttled, .waitingUntil, .notConfigured:
            self
        }
    }
}
