/// Weights of metal: metals are priced by the troy ounce, so a weight before one is read in them.
extension Phrasing {
    /// A weight unit and its troy ounces as a factor: nil for the troy ounce itself.
    static func unit(_ word: String) -> (multiply: String?, isOunce: Bool)? {
        switch word {
        case "oz", "ozt", "ounce", "ounces", "troy": (nil, true)
        case "g", "gram", "grams", "gramme", "grammes": ("1", false)
        case "kg", "kilo", "kilos", "kilogram", "kilograms": ("1000", false)
        default: nil
        }
    }

    static let metals: Set<String> = ["XAU", "XAG", "XPT", "XPD"]

    /// `1 oz gold` → `1 gold`; `100 g silver` → `(100 / 31.1034768) silver`; `1 kg gold` →
    /// `(1 * 1000 / 31.1034768) gold`: metals are priced by the troy ounce.
    static func weights(_ tokens: inout [Token], from start: Int, context: ParseContext, read: inout [Understood]) {
        var index = start
        while index < tokens.count {
            defer { index += 1 }
            splitGluedUnit(&tokens, at: index, context: context)
            guard AmountParser.looksLikeAmount(tokens[index].text, context: context), index + 2 < tokens.count else { continue }
            var unitEnd = index + 2
            var unitWord = tokens[index + 1].folded
            if unitWord == "troy", ["ounce", "ounces", "oz"].contains(tokens[index + 2].folded) {
                unitWord = "oz"
                unitEnd += 1
            }
            // `2 troy ounces of silver`: the `of` goes with the unit.
            if tokens[safe: unitEnd]?.folded == "of" { unitEnd += 1 }
            guard let unit = unit(unitWord), unitWord != "troy", let metal = tokens[safe: unitEnd],
                let code = context.code(of: metal), metals.contains(code.rawValue)
            else { continue }
            let amount = tokens[index], unitToken = tokens[index + 1]
            let troy = tokens[index + 1].folded == "troy"
            read.append(.weight(word: troy ? "troy " + tokens[index + 2].text : unitToken.text, troyOunce: unit.isOunce))
            guard let factor = unit.multiply else {
                tokens.removeSubrange((index + 1)..<unitEnd)
                continue
            }
            let replaced = fraction(amount, times: factor == "1" ? nil : factor, over: gramsPerTroyOunce, at: unitToken)
            tokens.replaceSubrange(index..<unitEnd, with: replaced)
            index += replaced.count - 1
        }
    }

    /// `(amount [* times] / over)`: a unit read as a fraction of what it measures. Words written in
    /// have no width, at the unit: an error in them points there.
    static func fraction(_ amount: Token, times: String?, over: String, at unit: Token) -> [Token] {
        func at(_ text: String) -> Token { Token(text, start: unit.start, end: unit.start) }
        var tokens = [Token("(", start: amount.start, end: amount.start), amount]
        if let times { tokens += [at("*"), at(times)] }
        return tokens + [at("/"), at(over), at(")")]
    }

    /// `100g silver`, `1kg gold`, `1oz gold`: the unit glued to the number, before a metal.
    static func splitGluedUnit(_ tokens: inout [Token], at index: Int, context: ParseContext) {
        let token = tokens[index]
        guard let metal = tokens[safe: index + 1], let code = context.code(of: metal), metals.contains(code.rawValue),
            token.text.first?.isNumber == true
        else { return }
        let letters = String(token.text.reversed().prefix { $0.isLetter }.reversed())
        guard !letters.isEmpty, unit(letters.lowercased()) != nil else { return }
        let split = token.end - letters.count
        tokens[index] = Token(String(token.text.dropLast(letters.count)), start: token.start, end: split)
        tokens.insert(Token(letters, start: split, end: token.end), at: index + 1)
    }
}
