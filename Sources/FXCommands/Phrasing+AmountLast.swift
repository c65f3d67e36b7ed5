/// `usd→jpy 1.5k`, `usd -> jpy 250 on 2024-03-01`: a pair written first and its amount after it,
/// as a ticker is read; the amount moves to the front, where the grammar reads one.
extension Phrasing {
    static func amountLast(_ tokens: inout [Token], from start: Int, context: ParseContext) {
        guard tokens.count - start >= 3, context.code(of: tokens[start]) != nil else { return }
        var quote = start + 1
        if ["->", "→", "to", "in", "into"].contains(tokens[quote].folded) { quote += 1 }
        let amountAt = quote + 1
        guard let amount = tokens[safe: amountAt], let quoteToken = tokens[safe: quote], context.code(of: quoteToken) != nil,
            AmountParser.looksLikeAmount(amount.text, context: context),
            amountAt == tokens.count - 1 || ["on", "at"].contains(tokens[amountAt + 1].folded)
        else { return }
        tokens.remove(at: amountAt)
        tokens.insert(amount, at: start)
    }
}
