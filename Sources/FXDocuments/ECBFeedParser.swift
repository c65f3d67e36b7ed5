import FXFetchKit
import FXRates

/// Reads the ECB's `eurofxref` XML (daily, 90-day and full-history files alike) into EUR-based
/// tables, oldest first, with fx-fetch's own reader (`ECBXMLReader`, libxml2): what the helper
/// sends fx as CSV, read here in process for the tests.
public enum ECBFeedParser {
    public static func parse(_ data: Data) throws(FetchFailure) -> [RateTable] {
        let tables: [ECBTable]
        do { tables = try ECBXMLReader.read(Array(data)) } catch { throw FetchFailure(error) }
        return try tables.map { table throws(FetchFailure) in
            guard let day = Day(iso: table.day) else { throw .missingDate }
            var rates: [CurrencyCode: Decimal] = [:]
            for (code, rate) in table.rates {
                guard let currency = CurrencyCode(code), let value = Decimal(exactly: rate) else {
                    throw .invalidRate(currency: code, value: rate)
                }
                rates[currency] = value
            }
            return RateTable(base: .eur, date: day, rates: rates)
        }
    }
}

extension FetchFailure {
    /// fx-fetch's failure as the one fx decodes from its wire.
    public init(_ failure: ReadFailure) {
        switch failure {
        case .transport(let failure): self = .transport(TransportError(failure))
        case .httpStatus(let status): self = .httpStatus(status)
        case .emptyBody: self = .emptyBody
        case .htmlBody: self = .htmlBody
        case .malformed(let what): self = .malformed(what)
        case .forbiddenDTD: self = .forbiddenDTD
        case .missingDate: self = .missingDate
        case .noRates: self = .noRates
        case .invalidRate(let currency, let value): self = .invalidRate(currency: currency, value: value)
        case .invalidCurrency(let code): self = .invalidCurrency(code)
        case .duplicateCurrency(let code, let day): self = Day(iso: day).map { .duplicateCurrency(code, $0) } ?? .missingDate
        case .duplicateDate(let day): self = Day(iso: day).map { .duplicateDate($0) } ?? .missingDate
        case .throttled(let status, let wait):
            switch wait {
            case .seconds(let seconds): self = .throttled(status: status, retryAfter: .seconds(seconds))
            case .date(let unix): self = .throttled(status: status, retryAfter: .date(Date(timeIntervalSince1970: TimeInterval(unix))))
            }
        }
    }
}

extension TransportError {
    public init(_ failure: TransportFailure) {
        switch failure {
        case .timedOut(let seconds): self = .timedOut(seconds: seconds)
        case .tooLarge(let limit): self = .tooLarge(limit: limit)
        case .insecureURL: self = .insecureURL
        case .redirectRefused: self = .redirectRefused
        case .cannotConnect(let reason): self = .cannotConnect(reason)
        case .cancelled: self = .cancelled
        case .other(let reason): self = .other(reason)
        }
    }
}
