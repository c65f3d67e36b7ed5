import FXRates

/// A currency met in a CSV file, with its rates once asked for and the columns fx adds for it.
/// Rows find it by a small index rather than by hashing the code (hashing `CurrencyCode` per
/// row cost 4% of the 1M-row benchmark).
final class CurrencySlot {
    let code: CurrencyCode
    var pair: PairColumns?
    /// Why its rates could not be had: asked once, not once per row.
    var failure: RateError?
    /// `rate`, `rate_date` and `source` as CSV bytes for each publication used, made once per
    /// publication rather than once per row (3 fields escaped and copied → one copy).
    private var added: [UInt8] = []
    private var spans: [(start: Int32, count: Int32)] = []

    init(code: CurrencyCode) { self.code = code }

    /// The added columns for the publication `index` of `pair`, with `delimiter` between them.
    func withAddedColumns<T>(at index: Int, delimiter: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        if spans.isEmpty { spans = Array(repeating: (-1, 0), count: pair!.days.count) }
        var span = spans[index]
        if span.start < 0 {
            let pair = pair!
            let day = pair.withDayText(at: index) { String(decoding: $0, as: UTF8.self) }
            let text = CSVWriter.record([pair.rateText(at: index), day, pair.provenance.source.rawValue], delimiter: delimiter)
            span = (Int32(added.count), Int32(text.count))
            added.append(contentsOf: text)
            spans[index] = span
        }
        return added.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.start + span.count)])) }
    }
}
