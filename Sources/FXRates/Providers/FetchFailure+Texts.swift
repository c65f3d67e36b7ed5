/// Every text a failure carries, rewritten: how a source blanks its key out of whatever a
/// transport message or a provider's body echoed back. One list of cases for all sources.
extension FetchFailure {
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
