import FXCommands

extension Messages {
    /// `dollars = USD (US Dollar)`, `¥ = JPY (Yen)`, `oz = troy ounce (31.1034768 g)`: what an
    /// ambiguous word was read as, for a note on stderr.
    public static func text(for understood: Understood) -> String {
        switch understood {
        case .currency(let word, let code, let choice):
            let name = CurrencyCatalog.standard[code].map { " (\($0.name))" } ?? ""
            switch choice {
            case .only: return "\(word) = \(code)\(name)"
            case .fallback: return "\(word) = \(code)\(name); write the code for another"
            case .home: return "\(word) = \(code)\(name), the home currency"
            case .alias: return "\(word) = \(code)\(name), by your alias"
            case .aliasOverName: return "\(word) = \(code)\(name), by your alias, not fx's own name"
            }
        case .weight(let word, let troyOunce):
            if troyOunce { return "\(word) = troy ounce (31.1034768 g), as metals are priced" }
            return "\(word): metals are priced by the troy ounce of 31.1034768 g"
        case .unit(let word, let asset, let perAsset):
            return "\(word) = 1/\(perAsset) \(asset)"
        case .number(let words, let value):
            return "\(words) = \(DecimalFormat.plain(value))"
        case .currencies(let word, let codes):
            let named = codes.map { code in "\(code)" + (CurrencyCatalog.standard[code].map { " (\($0.name))" } ?? "") }
            return "\(word) = " + named.joined(separator: " and ") + ": both answered; write the code for one"
        }
    }
}

extension JSONRenderer {
    /// `"understood": [{"word": "dollars", "currency": "USD", "name": "US Dollar", "chosen": "default"}, …]`.
    public static func json(_ understood: [Understood]) -> JSONValue {
        .array(
            understood.map { item in
                switch item {
                case .currency(let word, let code, let choice):
                    var members: [(String, JSONValue)] = [("word", .string(word)), ("currency", .string(code.rawValue))]
                    if let name = CurrencyCatalog.standard[code]?.name { members.append(("name", .string(name))) }
                    members.append(("chosen", .string(choice.rawValue)))
                    return .object(members)
                case .weight(let word, let troyOunce):
                    return .object([
                        ("word", .string(word)),
                        ("unit", .string(troyOunce ? "troy ounce" : word.lowercased() == "kg" ? "kilogram" : "gram")),
                        ("grams_per_troy_ounce", .string("31.1034768")),
                    ])
                case .unit(let word, let asset, let perAsset):
                    return .object([("word", .string(word)), ("asset", .string(asset.rawValue)), ("per_asset", .string("\(perAsset)"))])
                case .number(let words, let value):
                    return .object([("word", .string(words)), ("number", .string(DecimalFormat.plain(value)))])
                case .currencies(let word, let codes):
                    return .object([("word", .string(word)), ("currencies", .array(codes.map { .string($0.rawValue) }))])
                }
            })
    }
}

extension Messages {
    /// `ANG (Netherlands Antillean Guilder) was replaced at par by XCG (Caribbean Guilder) on 2025-03-31`.
    public static func text(for succession: Succession) -> String {
        let name = { (code: CurrencyCode) in CurrencyCatalog.standard[code].map { " (\($0.name))" } ?? "" }
        let ratio = succession.ratio == 1 ? "at par" : "at \(DecimalFormat.plain(succession.ratio)) to 1"
        return
            "\(succession.code)\(name(succession.code)) was replaced \(ratio) by \(succession.successor)\(name(succession.successor)) on \(succession.since)"
    }
}
