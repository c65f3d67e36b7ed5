/// Decodes `forex/recent`: a JSON array of records such as
/// `{"code":"FRX.KRWUSD","currencyCode":"USD","date":"2024-02-20","basePrice":1338.00,
///   "signedChangePrice":2.50,"currencyUnit":1,"timestamp":1708410689000,…}`
/// into one table based on KRW. Prices go through JSONScanner as text, so they stay exact.
enum DunamuDecoder {
    static let krw = CurrencyCode("KRW")!
    /// Korea Standard Time is UTC+9 all year.
    static let koreanOffset: TimeInterval = 9 * 3600
    /// Clocks disagree a little; a record stamped up to this far ahead of ours is still taken.
    static let clockTolerance: TimeInterval = 15 * 60

    private struct Record {
        var currency: CurrencyCode
        var day: Day
        var instant: Date
        /// KRW per `unit` units of the currency, now and at the previous close.
        var unit: Decimal
        var price: Decimal
        var close: Decimal?
    }

    /// Every record must answer a requested `FRX.KRW{CCY}` code, once. `[]` (all codes unknown) is
    /// `.noRates`. A record whose values are unusable leaves its currency out (`PartialFetch`).
    static func table(_ data: Data, requested: Set<CurrencyCode>, now: Date) throws(FetchFailure) -> RateTable {
        var json = JSONScanner<FetchFailure>(data)
        var answers: [(code: CurrencyCode, result: Result<Record, FetchFailure>)] = []
        let latest = now.addingTimeInterval(clockTolerance)
        try json.elements { json throws(FetchFailure) in
            let (currency, read) = try Self.record(&json, requested: requested)
            let record = read.flatMap { record -> Result<Record, FetchFailure> in
                record.instant <= latest && record.day <= koreanDay(at: latest) ? .success(record) : .failure(.futureDate(record.day))
            }
            if let earlier = answers.first(where: { $0.code == currency }) {
                guard let day = (try? record.get())?.day ?? (try? earlier.result.get())?.day else {
                    throw .malformed("FRX.KRW\(currency) twice")
                }
                throw .duplicateCurrency(currency.rawValue, day)
            }
            answers.append((currency, record))
        }
        try json.end()
        let records = try PartialFetch.kept(answers).map(\.value)
        guard let newest = records.max(by: { $0.instant < $1.instant }) else { throw .noRates }
        var rates: [CurrencyCode: Decimal] = [:], closes: [CurrencyCode: Decimal] = [:]
        for record in records {
            // Units of the currency per 1 KRW = unit / price. Decimal division keeps 38 significant
            // digits (the last rounded): far beyond what any rate is shown or converted with.
            rates[record.currency] = record.unit / record.price
            if let close = record.close { closes[record.currency] = record.unit / close }
        }
        // Hana Bank revises every currency in the same round, so the records share a date and,
        // within seconds, an instant; the newest stands for the table.
        let previous = closes.isEmpty ? nil : PreviousRates(date: weekday(before: newest.day), rates: closes)
        return RateTable(base: krw, date: newest.day, rates: rates, publishedAt: newest.instant, previous: previous)
    }

    /// The currency a record answers for, and the record, or why its values are unusable. A
    /// record for a code not asked for, without a code, or not JSON fails the whole answer.
    private static func record(
        _ json: inout JSONScanner<FetchFailure>, requested: Set<CurrencyCode>
    ) throws(FetchFailure) -> (CurrencyCode, Result<Record, FetchFailure>) {
        var currency: CurrencyCode?, label: String?, date: String?, timestamp: String?, unit: String?
        var price: String?, change: String?
        try json.distinctMembers { json, key throws(FetchFailure) in
            switch key {
            case "code":
                // Cross codes such as FRX.JPYUSD mix units, and are never asked for.
                let text = try json.string()
                guard text.hasPrefix("FRX.KRW"), let code = CurrencyCode(text.dropFirst(7)), requested.contains(code) else {
                    throw .malformed("an answer for '\(ProviderText.clean(text))', which was not asked for")
                }
                currency = code
            case "currencyCode": label = try json.string()
            case "date": date = try json.string()
            case "timestamp": timestamp = try json.number()
            case "currencyUnit": unit = try json.number()
            case "basePrice": price = try numberText(&json)
            case "signedChangePrice": change = try numberText(&json)
            default: try json.skipValue()
            }
        }
        guard let currency else { throw .malformed("a record without a code") }
        let record = Result { () throws(FetchFailure) -> Record in
            if let label, label != currency.rawValue { throw .malformed("FRX.KRW\(currency) is labelled '\(ProviderText.clean(label))'") }
            let day = try date.map { text throws(FetchFailure) -> Day in
                guard let parsed = Day(iso: text) else { throw .malformed("date '\(ProviderText.clean(text))'") }
                return parsed
            }
            // Epoch milliseconds.
            let instant = try timestamp.map { text throws(FetchFailure) -> Date in
                guard let milliseconds = Int64(text), milliseconds > 0 else { throw .malformed("timestamp \(ProviderText.clean(text))") }
                return Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
            }
            guard let day, let instant else { throw .missingDate }
            // The timestamp is the record's write, seconds after the quoted KST time: same day, or the next near midnight.
            guard abs(koreanDay(at: instant).ordinal - day.ordinal) <= 1 else {
                throw .malformed("timestamp of \(currency) is not on \(day)")
            }
            // 1, or 100 for JPY, VND and IDR; a missing or odd unit would be off by that factor.
            guard let unit else { throw .malformed("no currencyUnit for \(currency)") }
            guard let units = Int(unit), (1...10_000).contains(units) else { throw .malformed("currencyUnit \(ProviderText.clean(unit))") }
            guard let price, let base = Decimal(exactly: price), base > 0 else {
                throw .invalidRate(currency: currency.rawValue, value: ProviderText.clean(price ?? "missing"))
            }
            var close: Decimal?
            if let change, change != "null" {
                // The previous close is the base price less today's signed change.
                guard let signed = Decimal(exactly: change), base - signed > 0 else {
                    throw .invalidRate(currency: currency.rawValue, value: "signedChangePrice \(ProviderText.clean(change))")
                }
                close = base - signed
            }
            return Record(currency: currency, day: day, instant: instant, unit: Decimal(units), price: base, close: close)
        }
        return (currency, record)
    }

    /// A number's own text; anything else (a string, null) as written, to be refused or skipped by the caller.
    private static func numberText(_ json: inout JSONScanner<FetchFailure>) throws(FetchFailure) -> String {
        try json.atNumber() ? json.number() : json.rawValue()
    }

    static func koreanDay(at instant: Date) -> Day {
        Day(utc: instant.addingTimeInterval(koreanOffset))
    }

    static func koreanMidnight(_ day: Day) -> Date {
        day.startUTC.addingTimeInterval(-koreanOffset)
    }

    /// The previous close's date: the weekday before. Korean holidays are not known to fx,
    /// so after one this names a day without quotes; the close itself is Dunamu's.
    static func weekday(before day: Day) -> Day {
        var earlier = day.adding(days: -1)
        while earlier.weekday > 5 { earlier = earlier.adding(days: -1) }
        return earlier
    }

}
