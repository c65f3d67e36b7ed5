/// What the parser may know about the world: currency codes, symbols and source ids.
/// It holds no rates; parsing stays pure and instant.
public struct ParseContext: Sendable {
    public var catalog: CurrencyCatalog
    /// Codes the rate data covers, offered first in suggestions.
    public var preferredCodes: [CurrencyCode]
    /// Currency symbols typed before or after amounts.
    public var symbols: [String: CurrencyCode]
    /// The sources asked for rates now (what `refresh` may name).
    public var sourceIDs: [SourceID]
    /// Every source fx knows, enabled or not (what `sources enable` may name).
    public var allSourceIDs: [SourceID]
    /// This session's variable names, so that a line made of one (`rent`) is read as a calculation.
    public var variables: Set<String> = []
    /// How `1.234` and `1,234` read (the `number_format` setting); other forms read the same under all.
    public var numberFormat: NumberFormat
    /// How `01/02/2024` reads (the `date_order` setting); `ask` refuses it with a question.
    public var dateOrder: DateOrder = .ask
    /// Paths a file name being typed may complete to (`~/Downloads/sta` → `~/Downloads/statement.csv`),
    /// directories ending in `/`; asked at each TAB, none by default.
    public var filePaths: @Sendable (String) -> [String] = { _ in [] }
    /// The saved snapshots, for TAB: asked at each press (one directory read), none by default.
    public var snapshotNames: @Sendable () -> [String] = { [] }
    /// The home currency, which an ambiguous name (`dollars`) means when it may mean it.
    public var home: CurrencyCode?
    /// The user's own names (`set alias quid gbp`), lower case: read before fx's names, after codes.
    public var aliases: [String: CurrencyCode] = [:]

    public init(
        catalog: CurrencyCatalog = .standard, preferredCodes: [CurrencyCode] = ParseContext.ecbCodes,
        symbols: [String: CurrencyCode] = ParseContext.defaultSymbols, sourceIDs: [SourceID] = [.ecb],
        allSourceIDs: [SourceID]? = nil, numberFormat: NumberFormat = .english
    ) {
        self.numberFormat = numberFormat
        self.catalog = catalog
        self.preferredCodes = preferredCodes
        self.symbols = symbols
        self.sourceIDs = sourceIDs
        self.allSourceIDs = allSourceIDs ?? sourceIDs
    }

    /// Unambiguous symbols; `$` means USD and `¥` JPY unless configured otherwise.
    public static let defaultSymbols: [String: CurrencyCode] = {
        let pairs = [
            ("$", "USD"), ("US$", "USD"), ("€", "EUR"), ("£", "GBP"), ("¥", "JPY"), ("₩", "KRW"), ("₹", "INR"),
            ("₺", "TRY"), ("₪", "ILS"), ("₱", "PHP"), ("฿", "THB"), ("₫", "VND"), ("₴", "UAH"), ("₦", "NGN"),
            ("zł", "PLN"), ("kr", "SEK"), ("₽", "RUB"), ("C$", "CAD"), ("A$", "AUD"), ("NZ$", "NZD"), ("HK$", "HKD"), ("S$", "SGD"),
            ("R$", "BRL"),
        ]
        var symbols: [String: CurrencyCode] = [:]
        symbols.reserveCapacity(pairs.count)
        for (symbol, code) in pairs { symbols[symbol] = CurrencyCode(code)! }
        return symbols
    }()

    /// The ECB's currencies and the euro: the codes fx can always price.
    public static let ecbCodes: [CurrencyCode] = [
        "EUR", "USD", "JPY", "GBP", "CHF", "AUD", "CAD", "CNY", "HKD", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF",
        "RON", "ISK", "TRY", "BRL", "IDR", "ILS", "INR", "KRW", "MXN", "MYR", "NZD", "PHP", "SGD", "THB", "ZAR",
    ].map { CurrencyCode($0)! }

    /// This context with `codes` (the currencies cached rate data covers) among the preferred
    /// ones: what TAB offers at the prompt and to `--complete`. A line is parsed without it (a
    /// one-shot answer and a script never read the cache's list of currencies).
    public func covering(_ codes: [CurrencyCode]) -> ParseContext {
        guard !codes.isEmpty else { return self }
        var context = self
        var seen = Set(preferredCodes)
        context.preferredCodes += codes.filter { seen.insert($0).inserted }
        return context
    }

    func isKnown(_ code: CurrencyCode) -> Bool {
        catalog.contains(code) || preferredCodes.contains(code) || AssetCatalog.standard.contains(code)
    }

    /// A currency word: a code in any case, a symbol or a name; otherwise an error with a suggestion.
    func currency(_ token: Token) -> Result<CurrencyCode, UsageError> {
        if let code = code(of: token) { return .success(code) }
        if let codes = CurrencyNames.eitherCodes(of: token.folded) {
            return .failure(UsageError(.eitherCurrency(token.text, codes: codes), at: token))
        }
        return .failure(UsageError(.unknownCurrency(token.text, suggestion: suggestion(for: token.text)), at: token))
    }

    /// The currency a word names, if it names one; no suggestion is looked for (that costs a
    /// pass over every ISO code, a third of a one-shot answer when done for each word).
    func code(of token: Token) -> CurrencyCode? {
        if let symbol = symbols[token.text] { return symbol }
        if let code = CurrencyCode(token.text), isKnown(code) { return code }
        return nameReading(of: token)?.code
    }

    /// The currency a name means (`dollars`, `swiss francs`), if the word is one. Only a word
    /// that starts with a letter and is no code or variable gets here, so a line of codes never
    /// builds the name table.
    func nameReading(of token: Token) -> CurrencyNames.Reading? {
        guard let first = token.text.first, first.isLetter, token.text.count > 1, !variables.contains(token.text) else { return nil }
        let folded = token.folded
        guard !Self.notCurrencies.contains(folded) else { return nil }
        let own = CurrencyNames.standard.reading(of: folded, home: home)
        guard let alias = CurrencyAliases.code(of: folded, in: aliases) else { return own }
        // Said as a name is when fx's own name of that spelling means another currency.
        return CurrencyNames.Reading(code: alias, choice: own.map { $0.code != alias } == true ? .aliasOverName : .alias)
    }

}
