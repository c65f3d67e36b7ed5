import FXRates
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Parses the ECB's `eurofxref` XML (daily, 90-day and full-history files alike) into
/// EUR-based tables, oldest first. Only `Cube` elements matter: the outer one has no
/// attributes, a dated one has `time`, and a rate has `currency` and `rate`.
public enum ECBFeedParser {
    public static func parse(_ data: Data) throws(FetchFailure) -> [RateTable] {
        try BodyCheck.rejectNonXML(data)
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let ok = parser.parse()
        if let failure = delegate.failure { throw failure }
        guard ok else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unreadable XML"
            throw .malformed("\(reason) (line \(parser.lineNumber))")
        }
        guard delegate.sawEnvelope else { throw .malformed("not an ECB reference-rate document") }
        // FoundationXML on Linux reports success for a document cut off mid-way; only the
        // closing envelope proves that the whole file arrived.
        guard delegate.closedEnvelope else { throw .malformed("truncated document (line \(parser.lineNumber))") }
        guard !delegate.tables.isEmpty else { throw .noRates }
        return delegate.tables.sorted { $0.date < $1.date }
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var tables: [RateTable] = []
        var failure: FetchFailure?
        var sawEnvelope = false
        var closedEnvelope = false
        private var day: Day?
        private var rates: [CurrencyCode: Decimal] = [:]
        private var seenDays = Set<Day>()
        /// The kinds of the open `Cube` elements, innermost last.
        private var open: [Kind] = []
        private enum Kind { case outer, dated, rate }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            guard failure == nil else { return }
            let local = name.split(separator: ":").last.map(String.init) ?? name
            if local == "Envelope" { sawEnvelope = true }
            guard local == "Cube" else { return }
            if attributes["time"] != nil {
                open.append(.dated)
            } else if attributes["currency"] != nil {
                open.append(.rate)
            } else {
                open.append(.outer)
            }
            if let time = attributes["time"] {
                guard let parsed = Day(iso: time.trimmingCharacters(in: .whitespaces)) else { return fail(parser, .missingDate) }
                guard seenDays.insert(parsed).inserted else { return fail(parser, .duplicateDate(parsed)) }
                day = parsed
                rates = [:]
            } else if let currency = attributes["currency"] {
                guard let day else { return fail(parser, .missingDate) }
                guard let code = CurrencyCode(currency.trimmingCharacters(in: .whitespaces)) else {
                    return fail(parser, .invalidCurrency(currency))
                }
                let text = (attributes["rate"] ?? "").trimmingCharacters(in: .whitespaces)
                guard let rate = Decimal(exactly: text), rate > 0 else {
                    return fail(parser, .invalidRate(currency: code.rawValue, value: text))
                }
                guard code != .eur, rates.updateValue(rate, forKey: code) == nil else {
                    return fail(parser, .duplicateCurrency(code.rawValue, day))
                }
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if failure == nil, name.split(separator: ":").last == "Envelope" { closedEnvelope = true }
            guard failure == nil, name.hasSuffix("Cube"), let kind = open.popLast(), kind == .dated, let day else { return }
            // A dated Cube without rates would replace good data with a table that prices nothing.
            guard !rates.isEmpty else { return fail(parser, .noRates) }
            tables.append(RateTable(base: .eur, date: day, rates: rates))
            self.day = nil
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            fail(parser, .forbiddenDTD)
        }

        func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
            fail(parser, .forbiddenDTD)
        }

        private func fail(_ parser: XMLParser, _ failure: FetchFailure) {
            if self.failure == nil { self.failure = failure }
            parser.abortParsing()
        }
    }
}
