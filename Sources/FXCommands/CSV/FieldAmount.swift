/// An amount in a CSV field: `12.50`, `-12.50`, `(12.50)` for a negative, `1.234,56`, `$12.50`,
/// `12,50 €`, `SEK 33.91`, `(53) CAD`. Plain numbers take a fast path of bytes; the rest goes
/// through the same reader as typed amounts (`AmountParser.readAlone`), so a field reads as the
/// prompt would read it.
public enum FieldAmount {
    public enum Problem: Error, Equatable, Sendable {
        case empty
        case malformed
        /// `1,234` or `1.234` with no number format given or detected yet.
        case ambiguous
        case unknownCurrency(String)
        case tooLarge
    }

    public struct Reading: Equatable, Sendable {
        public var value: Decimal
        /// A symbol or code written on the amount.
        public var currency: CurrencyCode?
        /// The number format this amount proves the file uses (`12,50` → de), if it proves one.
        public var proves: NumberFormat?
    }

    /// `format` nil: an amount that reads two ways is `.ambiguous`.
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, format: NumberFormat?, context: ParseContext) -> Result<Reading, Problem> {
        if let value = plain(bytes, format: format) { return .success(Reading(value: value, currency: nil, proves: nil)) }
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        guard !text.isEmpty else { return .failure(.empty) }
        let proves = provenFormat(text)
        var local = context
        local.numberFormat = format ?? proves ?? .english
        let reading: AmountParser.Parsed
        switch AmountParser.readAlone(text, context: local) {
        case .success(let parsed): reading = parsed
        case .failure(.unknownCurrency(let word)): return .failure(.unknownCurrency(word))
        case .failure(.malformed(.tooLarge?)): return .failure(.tooLarge)
        case .failure: return .failure(.malformed)
        }
        if format == nil, proves == nil {
            local.numberFormat = .german
            if case .success(let other) = AmountParser.readAlone(text, context: local), other.amount.value != reading.amount.value {
                return .failure(.ambiguous)
            }
        }
        return .success(Reading(value: reading.amount.value, currency: reading.currency, proves: proves))
    }

    /// `-12.50`, `100`: digits with at most one `.`, read without a String. Nil for anything
    /// else, and for three decimals where the point could be a group mark.
    static func plain(_ bytes: UnsafeBufferPointer<UInt8>, format: NumberFormat?) -> Decimal? {
        plainParts(bytes, format: format)?.decimal
    }

    /// `plain`'s reading as parts, for arithmetic in integers.
    public static func plainParts(_ bytes: UnsafeBufferPointer<UInt8>, format: NumberFormat?) -> DecimalParts? {
        let negative = bytes.first == UInt8(ascii: "-")
        let syntax = FixedPoint.Syntax(threeDecimals: format?.decimalMark == ".", significantDigits: 18)
        guard let numeral = FixedPoint.read(bytes, from: negative ? 1 : 0, syntax), numeral.digits <= 18 else { return nil }
        return numeral.parts(negative: negative)
    }

    /// The format an amount's marks prove: a last `,` or `.` followed by other than three digits
    /// is the decimal mark, and so is a last mark after a different one (`1.234,56`).
    public static func provenFormat(_ text: Substring) -> NumberFormat? {
        guard let last = text.lastIndex(where: { $0 == "," || $0 == "." }) else { return nil }
        let after = text[text.index(after: last)...].prefix { $0.isASCII && $0.isNumber }.count
        let other: Character = text[last] == "," ? "." : ","
        guard after != 3 || text[..<last].contains(other), after > 0 else { return nil }
        return text[last] == "," ? .german : .english
    }
}
