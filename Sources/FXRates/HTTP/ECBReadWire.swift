/// How the helper answers fx's `ECBDocumentReader`: the ECB's file on stdin; on stdout one JSON
/// line, the head, then on success a CSV in the ECB's own layout, which fx reads exactly:
/// `--read-ecb-xml` sends the tables of the XML so, `--read-ecb-zip` the CSV inside the zip.
public enum ECBReadWire {
    public static let xmlArgument = "--read-ecb-xml"
    public static let zipArgument = "--read-ecb-zip"

    struct Head: Codable {
        var failure: Failure?
    }

    /// The failures a reader raises, kind by kind.
    struct Failure: Codable {
        var kind: String
        var text: String?
        var value: String?
        var day: String?
    }

    /// The helper's whole answer to `--read-ecb-xml`.
    public static func answer(_ result: Result<[RateTable], FetchFailure>) -> Data {
        answer(csv: result.map { Data(csv($0).utf8) })
    }

    /// The helper's whole answer to `--read-ecb-zip`.
    public static func answer(csv result: Result<Data, FetchFailure>) -> Data {
        switch result {
        case .success(let csv):
            var data = Data("{}\n".utf8)
            data.append(csv)
            return data
        case .failure(let failure):
            var data = (try? JSONEncoder().encode(Head(failure: Failure(failure)))) ?? Data(#"{"failure":{"kind":"malformed"}}"#.utf8)
            data.append(0x0A)
            return data
        }
    }

    /// The tables or the failure an answer to `--read-ecb-xml` holds; nil when it is no answer at all.
    public static func decode(_ output: Data) -> Result<[RateTable], FetchFailure>? {
        guard let result = decodeCSV(output) else { return nil }
        return Result { () throws(FetchFailure) in try ECBHistoryCSV.parse(String(decoding: try result.get(), as: UTF8.self)) }
    }

    /// The CSV or the failure an answer to `--read-ecb-zip` holds; nil when it is no answer at all.
    public static func decodeCSV(_ output: Data) -> Result<Data, FetchFailure>? {
        guard let newline = output.firstIndex(of: 0x0A),
              let head = try? JSONDecoder().decode(Head.self, from: output[output.startIndex..<newline]) else { return nil }
        if let failure = head.failure { return .failure(failure.fetchFailure) }
        return .success(Data(output[output.index(after: newline)...]))
    }

    /// `Date,USD,JPY,…` then a row per table, as the ECB writes its history.
    static func csv(_ tables: [RateTable]) -> String {
        let codes = Set(tables.flatMap(\.rates.keys)).sorted()
        var text = "Date," + codes.map(\.rawValue).joined(separator: ",") + "\n"
        for table in tables.reversed() {
            text += table.date.description
            for code in codes { text += "," + (table.rates[code].map(DecimalFormat.numeral) ?? "N/A") }
            text += "\n"
        }
        return text
    }
}

extension ECBReadWire.Failure {
    init(_ failure: FetchFailure) {
        switch failure {
        case .emptyBody: self.init(kind: "emptyBody")
        case .htmlBody: self.init(kind: "htmlBody")
        case .forbiddenDTD: self.init(kind: "forbiddenDTD")
        case .missingDate: self.init(kind: "missingDate")
        case .noRates: self.init(kind: "noRates")
        case .malformed(let why): self.init(kind: "malformed", text: why)
        case .invalidRate(let currency, let value): self.init(kind: "invalidRate", text: currency, value: value)
        case .invalidCurrency(let text): self.init(kind: "invalidCurrency", text: text)
        case .duplicateCurrency(let code, let day): self.init(kind: "duplicateCurrency", text: code, day: day.description)
        case .duplicateDate(let day): self.init(kind: "duplicateDate", day: day.description)
        case .futureDate(let day): self.init(kind: "futureDate", day: day.description)
        default: self.init(kind: "malformed", text: "unreadable document")
        }
    }

    var fetchFailure: FetchFailure {
        let day = self.day.flatMap { Day(iso: $0) }
        switch kind {
        case "emptyBody": return .emptyBody
        case "htmlBody": return .htmlBody
        case "forbiddenDTD": return .forbiddenDTD
        case "missingDate": return .missingDate
        case "noRates": return .noRates
        case "invalidRate": return .invalidRate(currency: text ?? "", value: value ?? "")
        case "invalidCurrency": return .invalidCurrency(text ?? "")
        case "duplicateCurrency" where day != nil: return .duplicateCurrency(text ?? "", day!)
        case "duplicateDate" where day != nil: return .duplicateDate(day!)
        case "futureDate" where day != nil: return .futureDate(day!)
        default: return .malformed(text ?? "unreadable document")
        }
    }
}
