import CLibXML2

/// Reads the ECB's `eurofxref` XML (daily, 90-day and full-history files alike) with libxml2's
/// streaming reader into tables, oldest first. Only `Cube` elements matter: the outer one has
/// no attributes, a dated one has `time`, and a rate has `currency` and `rate`. No DTD is ever
/// loaded, no entity substituted and nothing fetched (the body check has refused DTDs already).
public enum ECBXMLReader {
    public static func read(_ data: [UInt8]) throws(ReadFailure) -> [ECBTable] {
        try BodyShape.rejectNonXML(data)
        xmlInitParser()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let reader = data.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { xmlReaderForMemory($0.baseAddress, Int32(bytes.count), nil, nil, options) }
        }
        guard let reader else { throw .malformed("unreadable XML") }
        defer { xmlFreeTextReader(reader) }
        // libxml2 prints its errors on stderr unless given a handler; the first is kept to be told.
        let errors = ErrorSink()
        xmlTextReaderSetStructuredErrorHandler(
            reader,
            { context, error in
                guard let context, let error else { return }
                let sink = Unmanaged<ErrorSink>.fromOpaque(context).takeUnretainedValue()
                if sink.first == nil {
                    sink.first = (
                        error.pointee.message.map { String(cString: $0).trimmingSpaces } ?? "unreadable XML", Int(error.pointee.line)
                    )
                }
            }, Unmanaged.passUnretained(errors).toOpaque())
        var state = State()
        while true {
            let step = xmlTextReaderRead(reader)
            if step == 0 { break }
            guard step == 1 else {
                let (message, line) = errors.first ?? ("unreadable XML", Int(xmlTextReaderGetParserLineNumber(reader)))
                throw .malformed("\(message) (line \(line))")
            }
            let name = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                try state.start(name, attribute: { attribute(reader, $0) })
                if xmlTextReaderIsEmptyElement(reader) == 1 { try state.end(name) }
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                try state.end(name)
            default: break
            }
        }
        let line = Int(xmlTextReaderGetParserLineNumber(reader))
        guard state.sawEnvelope else { throw .malformed("not an ECB reference-rate document") }
        // Only the closing envelope proves that the whole file arrived.
        guard state.closedEnvelope else { throw .malformed("truncated document (line \(line))") }
        guard !state.tables.isEmpty else { throw .noRates }
        return state.tables.sorted { $0.day < $1.day }
    }

    private static func attribute(_ reader: xmlTextReaderPtr, _ name: String) -> String? {
        guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
        defer { fx_xml_free(value) }
        return String(cString: value)
    }

    private final class ErrorSink {
        var first: (String, Int)?
    }

    /// The tables read so far and the open `Cube` elements.
    private struct State {
        var tables: [ECBTable] = []
        var sawEnvelope = false
        var closedEnvelope = false
        private var day: String?
        private var rates: [(code: String, rate: String)] = []
        private var codes = Set<String>()
        private var seenDays = Set<String>()
        /// The kinds of the open `Cube` elements, innermost last.
        private var open: [Kind] = []
        private enum Kind { case outer, dated, rate }

        mutating func start(_ name: String, attribute: (String) -> String?) throws(ReadFailure) {
            if name == "Envelope" { sawEnvelope = true }
            guard name == "Cube" else { return }
            let time = attribute("time"), currency = attribute("currency")
            open.append(time != nil ? .dated : currency != nil ? .rate : .outer)
            if let time {
                let parsed = time.trimmingSpaces
                guard ECBText.isDay(parsed) else { throw .missingDate }
                guard seenDays.insert(parsed).inserted else { throw .duplicateDate(parsed) }
                day = parsed
                rates = []
                codes = []
            } else if let currency {
                guard let day else { throw .missingDate }
                guard let code = ECBText.code(currency.trimmingSpaces) else { throw .invalidCurrency(currency) }
                let text = (attribute("rate") ?? "").trimmingSpaces
                guard let rate = ECBText.positiveRate(text) else { throw .invalidRate(currency: code, value: text) }
                guard code != "EUR", codes.insert(code).inserted else { throw .duplicateCurrency(code, day: day) }
                rates.append((code, rate))
            }
        }

        mutating func end(_ name: String) throws(ReadFailure) {
            if name == "Envelope" { closedEnvelope = true }
            guard name == "Cube", let kind = open.popLast(), kind == .dated, let day else { return }
            // A dated Cube without rates would replace good data with a table that prices nothing.
            guard !rates.isEmpty else { throw .noRates }
            tables.append(ECBTable(day: day, rates: rates))
            self.day = nil
        }
    }
}
