/// Decodes Kraken's public answers, `{"error":[…],"result":{…}}`. Failures come with HTTP 200,
/// an `error` list and no `result`, so `error` is read first. Prices are strings, read exact.
enum KrakenDecoder {
    /// A price and its published text (for its precision).
    typealias Price = (value: Decimal, text: String)

    /// One market's last trade and today's open.
    typealias Quote = (pair: KrakenPair, last: Price, open: Price?)

    /// `Ticker`: each pair's last trade (`c[0]`) and today's open (`o`, at 00:00 UTC: the previous
    /// day's close), or why it has none: a price that is unusable, or a pair left out of the
    /// answer (said with Kraken's error when it sent one beside its result).
    static func ticker(_ data: Data, pairs: [KrakenPair]) throws(FetchFailure) -> [Result<Quote, FetchFailure>] {
        var found: [String: Result<Quote, FetchFailure>] = [:]
        let errors = try result(data) { json, key throws(FetchFailure) in
            guard let pair = pairs.first(where: { $0.answers(to: key) }) else {
                throw .malformed("an answer for '\(ProviderText.clean(key))', which was not asked for")
            }
            // The texts first, judged once the market is read: an unusable price leaves the others readable.
            var last: String?, open: String?
            try json.distinctMembers { json, field throws(FetchFailure) in
                switch field {
                case "c":
                    var index = 0
                    try json.elements { json throws(FetchFailure) in
                        if index == 0 { last = try text(&json) } else { try json.skipValue() }
                        index += 1
                    }
                case "o": open = try text(&json)
                default: try json.skipValue()
                }
            }
            let quote = Result { () throws(FetchFailure) -> Quote in
                guard let last else { throw .invalidRate(currency: pair.code.rawValue, value: "no last trade") }
                return (pair, try price(last, pair), try open.map { text throws(FetchFailure) in try price(text, pair) })
            }
            guard found.updateValue(quote, forKey: pair.name) == nil else { throw .malformed("\(pair.name) twice") }
        }
        let missing = errors.first.map(failure)
        return pairs.map { pair in found[pair.name] ?? .failure(missing ?? .notInAnswer(pair.name)) }
    }

    /// One committed daily candle: its UTC day and close.
    struct Candle: Equatable {
        let time: Int
        let close: Price

        static func == (lhs: Candle, rhs: Candle) -> Bool { lhs.time == rhs.time && lhs.close.value == rhs.close.value }
    }

    /// `OHLC`: the rows `[time, open, high, low, close, vwap, volume, count]` of one pair, and
    /// `last`, the time of the last committed candle. Rows after `last` (the candle still open)
    /// are counted but not returned: their close is only the latest trade.
    static func ohlc(_ data: Data, pair: KrakenPair) throws(FetchFailure) -> (candles: [Candle], rows: Int, last: Int) {
        var rows: [Candle] = [], last: Int?, seen = false
        let errors = try result(data) { json, key throws(FetchFailure) in
            if key == "last" {
                let text = try json.number()
                guard let value = Int(text), value > 0 else { throw .malformed("last \(ProviderText.clean(text))") }
                last = value
                return
            }
            guard pair.answers(to: key), !seen else {
                throw .malformed("an answer for '\(ProviderText.clean(key))', which was not asked for")
            }
            seen = true
            try json.elements { json throws(FetchFailure) in
                var fields: [String] = []
                try json.elements { json throws(FetchFailure) in
                    fields.append(try json.atNumber() ? json.number() : json.string())
                }
                guard fields.count >= 5, let time = Int(fields[0]), time > 0, time % 86_400 == 0 else {
                    throw .malformed("a candle \(ProviderText.clean(fields.prefix(2).joined(separator: ",")))")
                }
                guard let close = Decimal(exactly: fields[4]), close > 0 else {
                    throw .invalidRate(currency: pair.code.rawValue, value: ProviderText.clean(fields[4]))
                }
                rows.append(Candle(time: time, close: (close, fields[4])))
            }
        }
        // A history keeps every day it holds whole: an error beside the candles fails them all.
        if let first = errors.first { throw failure(first) }
        guard seen else { throw .malformed("no candles for \(pair.name)") }
        guard let last else { throw .malformed("no last") }
        return (rows.filter { $0.time <= last }, rows.count, last)
    }

    /// Reads `error` and hands each member of `result` to `member`. Errors without a result are
    /// the failure of the first; beside a result they are returned, to say what it left out.
    private static func result(
        _ data: Data, member: (inout JSONScanner<FetchFailure>, String) throws(FetchFailure) -> Void
    ) throws(FetchFailure) -> [String] {
        var json = JSONScanner<FetchFailure>(data)
        var errors: [String] = [], sawResult = false
        try json.distinctMembers { json, key throws(FetchFailure) in
            switch key {
            case "error":
                try json.elements { json throws(FetchFailure) in errors.append(try json.string()) }
            case "result":
                sawResult = true
                try json.distinctMembers(member)
            default:
                try json.skipValue()
            }
        }
        try json.end()
        guard sawResult else { throw errors.first.map(failure) ?? .malformed("no result") }
        return errors
    }

    /// Kraken's answer to a request naming a pair it does not know (the whole request is refused).
    static let unknownPair = "EQuery:Unknown asset pair"

    /// `EService:Throttled: …` is a wait (Kraken restricts calls "for a few seconds"); the rest are said as given.
    static func failure(_ text: String) -> FetchFailure {
        if text.hasPrefix("EService:Throttled") || text.hasPrefix("EAPI:Rate limit") {
            return .throttled(status: 200, retryAfter: .seconds(10))
        }
        switch text {
        case unknownPair: return .providerError("unknown asset pair (\(text))")
        default: return .providerError(ProviderText.clean(text))
        }
    }

    /// A price as sent: Kraken's are strings.
    private static func text(_ json: inout JSONScanner<FetchFailure>) throws(FetchFailure) -> String {
        try json.atNumber() ? json.number() : json.string()
    }

    private static func price(_ text: String, _ pair: KrakenPair) throws(FetchFailure) -> Price {
        guard let value = Decimal(exactly: text), value > 0 else {
            throw .invalidRate(currency: pair.code.rawValue, value: ProviderText.clean(text))
        }
        return (value, text)
    }
}
