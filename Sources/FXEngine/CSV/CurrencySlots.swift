import FXAnswers
import FXRates

/// The currencies met in a CSV file, each at a small index with its rates once asked for and the
/// columns fx adds for it. Rows find a currency by a linear search of three-letter keys rather
/// than by hashing `CurrencyCode` (hashing was 4% of the 1M-row benchmark's samples). A struct
/// in the caller's local state: a class's properties cost an exclusivity check on every read.
struct CurrencySlots {
    private(set) var codes: [CurrencyCode] = []
    /// A currency's rates, nil until asked for or when they could not be had.
    var pairs: [PairColumns?] = []
    /// Why a currency's rates could not be had: asked once, not once per row.
    var failures: [RateError?] = []
    /// Three-letter fields read so far, upper-cased as one integer, and the slot each names.
    private var keys: [UInt32] = []
    private var keySlots: [Int] = []
    /// `rate`, `rate_date` and `source` as CSV bytes for each publication used, made once per
    /// publication rather than once per row (three fields escaped and copied → one copy); each
    /// publication's start and length in its slot's bytes, -1 before it is made.
    private var added: [[UInt8]] = []
    private var spans: [[(start: Int32, count: Int32)]] = []

    /// The slot of `code`, made when first met; `key` (non-zero) is a three-byte field that names it.
    mutating func slot(for code: CurrencyCode, key: UInt32) -> Int {
        let index: Int
        if let known = codes.firstIndex(of: code) {
            index = known
        } else {
            index = codes.count
            codes.append(code)
            pairs.append(nil)
            failures.append(nil)
            added.append([])
            spans.append([])
        }
        if key != 0 {
            keys.append(key)
            keySlots.append(index)
        }
        return index
    }

    /// The slot a three-byte field read before names.
    func slot(forKey key: UInt32) -> Int? {
        keys.firstIndex(of: key).map { keySlots[$0] }
    }

    /// The added columns for the publication `index` of the slot's pair, `delimiter` between them.
    mutating func withAddedColumns<T>(
        slot: Int, at index: Int, delimiter: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> T
    ) -> T {
        if spans[slot].isEmpty { spans[slot] = Array(repeating: (-1, 0), count: pairs[slot]!.days.count) }
        var span = spans[slot][index]
        if span.start < 0 {
            let pair = pairs[slot]!
            let text = CSVWriter.record(pair.addedFields(at: index), delimiter: delimiter)
            span = (Int32(added[slot].count), Int32(text.count))
            added[slot].append(contentsOf: text)
            spans[slot][index] = span
        }
        return added[slot].withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.start + span.count)]))
        }
    }
}
