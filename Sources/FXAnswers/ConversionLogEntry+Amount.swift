import FXRates

extension ConversionLogEntry {
    /// The answer's number, without grouping (`9524`), and its currency when it has one, read
    /// from `result`: every entry, old or new, wrote it the same way (`9,524 JPY`,
    /// `1 USD = 157.25 JPY`, `52.5`, `103.46%`). Nil for what holds no number (`1 EUR = 30 rates`).
    public var resultAmount: (number: String, currency: CurrencyCode?)? {
        var words = result.split(separator: " ")
        var currency: CurrencyCode?
        if words.count >= 2, let last = words.last, last.allSatisfy({ $0.isUppercase }), let code = CurrencyCode(last) {
            currency = code
            words.removeLast()
        }
        guard var number = words.last.map({ $0.filter { $0 != "," } }) else { return nil }
        if currency == nil, number.hasSuffix("%") { number.removeLast() }
        let digits = number.hasPrefix("-") ? number.dropFirst() : Substring(number)
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        return (number, currency)
    }
}
