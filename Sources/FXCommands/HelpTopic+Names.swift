extension HelpTopic {
    /// Currency names, symbols, questions and metals: the words `CurrencyNames` and `Phrasing` read.
    public static let names = HelpTopic(
        name: "names", aliases: ["currencies", "symbols", "questions", "metals"],
        summary: "Currency names, symbols, questions and weights of metal",
        discussion: """
            Names and plurals in any case: euros, yen, swiss francs, us dollar, pound sterling,
            gold, silver, platinum, palladium (XAU, XAG, XPT, XPD), and ISO 4217's own names,
            with their country and plural: swedish kronor, norwegian kroner, danish kroner.
            cfa francs are two currencies at one peg (XOF, West Africa; XAF, Central Africa):
            as a target both are answered; as an amount's currency fx asks which.
            A name several currencies share reads as its default, or as the home currency when
            it is one of them ('set home cad': dollars is CAD); a note says which was taken:
            \(ambiguityLines)
            Names of your own: set alias greenback usd (none removes it), read in any case
            and with an s, before fx's names; a note says when one takes a name of fx's from
            another currency. An alias is never a code, a symbol or a word of the grammar.
            Symbols before or after the amount: $ € £ ¥ ₩ ₹ ₽ R$ zł kr C$ A$ …; kr is SEK and
            ¥ JPY unless the home currency is another they stand for; a note says so.
            Questions: what is 100 usd in eur?, how much is 100 usd in eur, what's 1 btc worth
            in gbp, exchange rate usd eur, eurusd (a ticker of two codes), usd→jpy 1.5k (the
            amount after the pair). Words: plus, minus, times, divided by, with 2% fee.
            Numbers in words before a currency: fifty quid, a hundred dollars, twenty-five,
            one hundred and five, half a million, three and a half thousand.
            Metals by weight: 1 oz gold (oz is the troy ounce, 31.1034768 g), an ounce of gold,
            100 g silver, 1 kg gold: grams are divided by the troy ounce, in which metals are priced.
            """,
        examples: [
            "100 dollars to euros", "100 euros to pounds", "50 pounds in rupees", "100 swiss francs in eur", "€100 to $",
            "kr 100 eur", "what is 100 usd in eur?", "exchange rate usd eur", "eurusd", "100 usd to eur with 2% fee",
            "how many euros is 100 dollars", "fifty quid to yen", "a hundred dollars in euros", "half a million yen in usd",
            "100 swedish kronor in eur", "100 eur in cfa francs", "usd→jpy 1.5k",
        ])

    /// `dollars → USD, pounds → GBP, …`, from the table itself, wrapped.
    private static var ambiguityLines: String {
        let pairs = CurrencyNames.ambiguous.map { "\($0.names[1 < $0.names.count ? 1 : 0]) → \($0.fallback)" }
        var lines: [String] = [], line = ""
        for pair in pairs {
            let piece = line.isEmpty ? pair : line + ", " + pair
            if piece.count > 78 {
                lines.append(line + ",")
                line = pair
            } else {
                line = piece
            }
        }
        lines.append(line + ".")
        return lines.joined(separator: "\n")
    }
}
