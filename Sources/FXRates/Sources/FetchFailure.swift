import Foundation

/// Why a source's answer was refused. The cache is never touched when one of these is raised.
public enum FetchFailure: Error, Sendable, Equatable {
    case transport(TransportError)
    case httpStatus(Int)
    case emptyBody
    case htmlBody
    case malformed(String)
    case forbiddenDTD
    case missingDate
    case noRates
    case invalidRate(currency: String, value: String)
    case invalidCurrency(String)
    case duplicateCurrency(String, Day)
    case duplicateDate(Day)
    case futureDate(Day)
}
