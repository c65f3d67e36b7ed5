/// The names people write for currencies, in any case: ISO 4217's English names and their
/// plurals (`swiss francs`, `us dollar`, `gold`), and the common names below (`euros`, `quid`).
/// A name that may mean several currencies (`dollars`) reads as its documented default, or as the
/// home currency when the home currency is one of them (`set home cad`: `dollars` is CAD).
///
/// The lists are plain data a merge can extend (crypto asset names join `common`). The table is
/// built on first use, which only a word that is no code reaches: `100 usd eur` never builds it.
public struct CurrencyNames: Sendable {
    /// Names ISO 4217 does not give, and names that must win over an ISO one (`leu` is RON,
    /// not the withdrawn ROL). Lower case; plurals are listed, not derived.
    public static let common: [(name: String, code: String)] = [
        ("euro", "EUR"), ("euros", "EUR"), ("yen", "JPY"), ("japanese yen", "JPY"),
        ("yuan", "CNY"), ("renminbi", "CNY"), ("rmb", "CNY"), ("chinese yuan", "CNY"),
        ("us dollars", "USD"), ("american dollar", "USD"), ("american dollars", "USD"),
        ("loonie", "CAD"), ("loonies", "CAD"), ("aussie dollar", "AUD"), ("aussie dollars", "AUD"),
        ("sterling", "GBP"), ("quid", "GBP"), ("british pound", "GBP"), ("british pounds", "GBP"),
        ("pounds sterling", "GBP"), ("real", "BRL"), ("reais", "BRL"), ("reals", "BRL"), ("brazilian reais", "BRL"),
        ("rand", "ZAR"), ("south african rand", "ZAR"), ("won", "KRW"), ("korean won", "KRW"), ("south korean won", "KRW"),
        ("zlotys", "PLN"), ("zloties", "PLN"), ("złoty", "PLN"), ("złotys", "PLN"), ("zlotych", "PLN"), ("polish zloty", "PLN"),
        ("forints", "HUF"), ("hungarian forint", "HUF"), ("koruna", "CZK"), ("korunas", "CZK"), ("czech crown", "CZK"),
        ("czech crowns", "CZK"), ("lei", "RON"), ("lira", "TRY"), ("lire", "TRY"), ("liras", "TRY"),
        ("shekel", "ILS"), ("shekels", "ILS"), ("sheqel", "ILS"), ("sheqels", "ILS"), ("israeli shekel", "ILS"),
        ("rouble", "RUB"), ("roubles", "RUB"), ("ruble", "RUB"), ("rubles", "RUB"),
        ("baht", "THB"), ("thai baht", "THB"), ("rupiah", "IDR"), ("indonesian rupiah", "IDR"),
        ("ringgit", "MYR"), ("ringgits", "MYR"), ("hryvnia", "UAH"), ("hryvnias", "UAH"), ("naira", "NGN"), ("dong", "VND"),
        ("dirham", "AED"), ("dirhams", "AED"), ("riyal", "SAR"), ("riyals", "SAR"),
        ("icelandic krona", "ISK"), ("icelandic kronur", "ISK"), ("icelandic króna", "ISK"), ("icelandic krónur", "ISK"),
        ("gold", "XAU"), ("silver", "XAG"), ("platinum", "XPT"), ("palladium", "XPD"),
        // The assets of AssetCatalog (not ISO 4217): their names as people write them.
        ("bitcoin", "BTC"), ("bitcoins", "BTC"), ("ether", "ETH"), ("ethereum", "ETH"), ("solana", "SOL"),
        ("litecoin", "LTC"), ("litecoins", "LTC"), ("ripple", "XRP"),
    ]

    /// A name that may mean several currencies: its default, and which others it may mean
    /// (those whose ISO name holds `family`, and `members`).
    public struct Ambiguous: Sendable {
        public let names: [String]
        public let fallback: CurrencyCode
        public let family: String?
        public let members: [CurrencyCode]

        init(_ names: [String], _ fallback: String, family: String? = nil, members: [String] = []) {
            self.names = names
            self.fallback = CurrencyCode(fallback)!
            self.family = family
            self.members = members.compactMap(CurrencyCode.init)
        }
    }

    /// The documented defaults (Documentation/Guide.md, "Names, symbols and questions").
    public static let ambiguous: [Ambiguous] = [
        Ambiguous(["dollar", "dollars", "buck", "bucks"], "USD", family: "Dollar"),
        Ambiguous(["pound", "pounds"], "GBP", family: "Pound"),
        Ambiguous(["franc", "francs"], "CHF", family: "Franc"),
        Ambiguous(["peso", "pesos"], "MXN", family: "Peso"),
        Ambiguous(["rupee", "rupees"], "INR", family: "Rupee"),
        Ambiguous(["krona", "kronor", "kronur"], "SEK", family: "Krona"),
        Ambiguous(["krone", "kroner"], "DKK", family: "Krone"),
        Ambiguous(["crown", "crowns"], "CZK", members: ["CZK", "SEK", "NOK", "DKK", "ISK"]),
        Ambiguous(["leu"], "RON", family: "Leu"),
        Ambiguous(["dinar", "dinars"], "KWD", family: "Dinar"),
        Ambiguous(["shilling", "shillings"], "KES", family: "Shilling"),
    ]

    /// Names two currencies share with neither the default: `cfa francs` is XOF (West Africa)
    /// or XAF (Central Africa), both at one peg to the euro. As a target both are answered; as
    /// the currency of an amount fx asks which.
    public static let either: [(names: [String], codes: [CurrencyCode])] = [
        (["cfa", "cfa franc", "cfa francs"], [CurrencyCode("XOF")!, CurrencyCode("XAF")!])
    ]

    /// The currencies an `either` name (lower case) means, or nil.
    public static func eitherCodes(of name: String) -> [CurrencyCode]? {
        either.first { $0.names.contains(name) }?.codes
    }

    /// Symbols that several currencies write: `kr` (the Nordic crowns) and `¥` (yen and yuan).
    /// The parse context's symbol table holds the default; the home currency wins when a member.
    public static let ambiguousSymbols: [Ambiguous] = [
        Ambiguous(["kr"], "SEK", members: ["SEK", "NOK", "DKK", "ISK"]),
        Ambiguous(["¥"], "JPY", members: ["JPY", "CNY"]),
        Ambiguous(["$"], "USD", family: "Dollar"),
    ]

    /// How a name was read.
    public enum Choice: String, Equatable, Sendable {
        /// The name means one currency.
        case only
        /// The name may mean several; this is its documented default.
        case fallback = "default"
        /// The name may mean several; the home currency is one of them.
        case home
        /// The user's alias (`set alias quid gbp`), where fx has no name of that spelling or it means the same.
        case alias
        /// The user's alias, read before fx's own name of that spelling, which means another currency.
        case aliasOverName = "alias_over_name"
    }

    /// A name read as a currency.
    public struct Reading: Equatable, Sendable {
        public let code: CurrencyCode
        public let choice: Choice

        public init(code: CurrencyCode, choice: Choice) {
            self.code = code
            self.choice = choice
        }
    }

    private let catalog: CurrencyCatalog
    private let common: [(name: String, code: String)]
    private let shared: [Ambiguous]

    /// Keeps the lists; nothing is built. Each lookup is a pass over them, comparing bytes: a
    /// dictionary of every name and plural cost a line with one name 4.3 M instructions to build
    /// (three one-shot answers), a pass costs a few thousand (Scripts/instruction-budget, on
    /// `fx convert 100 dollars eur`).
    public init(catalog: CurrencyCatalog, common: [(name: String, code: String)], ambiguous: [Ambiguous]) {
        self.catalog = catalog
        self.common = common
        shared = ambiguous
    }

    /// ISO 4217's names, the common names and the documented defaults.
    public static let standard = CurrencyNames(catalog: .standard, common: common, ambiguous: ambiguous)

    /// The currency `name` (lower case, words single-spaced) means, given the home currency:
    /// a shared name first, then a common one, then ISO's name or its plural.
    public func reading(of name: String, home: CurrencyCode?) -> Reading? {
        if let entry = shared.first(where: { $0.names.contains(name) }) { return Self.choose(entry, home: home, catalog: catalog) }
        if let entry = common.first(where: { $0.name == name }), let code = CurrencyCode(entry.code) {
            return Reading(code: code, choice: .only)
        }
        for currency in catalog.all where Self.isISOName(currency.name, name) {
            return Reading(code: currency.code, choice: .only)
        }
        return familyPlural(of: name)
    }

    /// `swedish kronor`, `norwegian kroner`, `danish kroner`: an ISO name whose last word is
    /// written in another form its family takes (`krona`: `kronor`, `kronur`), as the shared
    /// names list them.
    private func familyPlural(of name: String) -> Reading? {
        guard let space = name.lastIndex(of: " ") else { return nil }
        let last = name[name.index(after: space)...]
        for entry in shared where entry.names.contains(String(last)) {
            guard let family = entry.family else { continue }
            let singular = name[..<space] + " " + family.lowercased()
            for currency in catalog.all where Self.isISOName(currency.name, singular) {
                return Reading(code: currency.code, choice: .only)
            }
        }
        return nil
    }

    /// Whether `word` (lower case) starts a name of several words (`swiss`, `us`, `pound`).
    public func startsLongerName(_ word: String) -> Bool {
        let prefix = Array(word.utf8) + [UInt8(ascii: " ")]
        return common.contains { Self.folds($0.name.utf8.prefix(prefix.count), to: prefix) }
            || catalog.all.contains { Self.folds($0.name.utf8.prefix(prefix.count), to: prefix) }
    }

    /// The most words of a name people write (Trinidad and Tobago Dollar); the longer ISO names are
    /// of funds and test codes.
    public static let longestName = 4

    /// ISO's `isoName` in any case, or its plural with `s` (`Swiss Franc`: `swiss francs`).
    private static func isISOName(_ isoName: String, _ folded: String) -> Bool {
        let name = isoName.utf8, typed = folded.utf8
        if typed.count == name.count { return folds(name, to: typed) }
        guard typed.count == name.count + 1, typed.last == UInt8(ascii: "s"), !isoName.hasPrefix("The ") else { return false }
        return folds(name, to: typed.dropLast())
    }

    /// Whether `bytes` lower-cased (ASCII letters only: ISO's names capitalise ASCII letters) are `folded`.
    private static func folds(_ bytes: some Collection<UInt8>, to folded: some Collection<UInt8>) -> Bool {
        guard bytes.count == folded.count else { return false }
        return zip(bytes, folded).allSatisfy { byte, lower in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == lower
        }
    }

    /// The home currency when the name may mean it, else the default.
    public static func choose(_ entry: Ambiguous, home: CurrencyCode?, catalog: CurrencyCatalog) -> Reading {
        if let home, home != entry.fallback, entry.members.contains(home) || isFamily(home, entry, catalog) {
            return Reading(code: home, choice: .home)
        }
        return Reading(code: entry.fallback, choice: .fallback)
    }

    private static func isFamily(_ code: CurrencyCode, _ entry: Ambiguous, _ catalog: CurrencyCatalog) -> Bool {
        guard let family = entry.family, let name = catalog[code]?.name else { return false }
        return name.split(separator: " ").contains { $0 == family }
    }

    /// Every name, for suggestions and completion: the shared and common names first (a tie in a
    /// suggestion goes to them: `dolars` is `dollars` before the withdrawn `tolars`), then ISO's
    /// and their plurals, shortest first.
    public var allNames: [String] {
        let first = shared.flatMap(\.names) + common.map(\.name)
        let listed = Set(first)
        let iso = catalog.all.filter { !$0.name.hasPrefix("The ") }.flatMap { [$0.name.lowercased(), $0.name.lowercased() + "s"] }
        return first + Set(iso).subtracting(listed).sorted { ($0.count, $0) < ($1.count, $1) }
    }
}
