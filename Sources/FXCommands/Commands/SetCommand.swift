extension CommandSpec {
    public static let set = CommandSpec(
        name: "set", aliases: [],
        summary: "Set a preference: home currency, saved targets, number format, date rule, explain, the log, aliases",
        synopsis:
            "set home <currency>|none · set targets <currency>...|none · set number_format <format> · set rule <rule> · set explain on|off · set log on|off · set date_order dmy|mdy|ask · set alias <name> <currency>|none",
        discussion: """
            Preferences are kept in the configuration file and apply at once.
            home: the currency of bare amounts (100 in usd) and the target of 100 usd when no
            targets are saved; a dollar home (cad, aud, nzd, …) makes $ mean that dollar.
            targets: where 100 usd converts without targets, and what fx usd shows.
            number_format: how 1.234 and 1,234 are read: en (1,234.56, the default), de (1.234,56),
            fr (1 234,56), ch (1'234.56), in (1,00,000.00).
            rule: which publication answers a dated question: on-or-before (that day's, or the last
            before it; the default) or previous-business-day (the one before that day, as some tax
            authorities require), or a named rule with its institution's series (ecb,
            uk-hmrc-monthly, uk-hmrc-yearly, pl-nbp, us-treasury, ca-boc, ca-boc-yearly, or one the
            config defines under "rules"); --rule overrides it for one run.
            explain: on shows each conversion's derivation on stderr, as --explain does.
            log: off stops keeping answers in the conversion log that bare history lists (on, the
            default, keeps the newest 1,000 within 1 MiB); the entries already kept stay.
            date_order: how a slash date that reads both ways (01/02/2024) is read: dmy (day first),
            mdy (month first), or ask (the default: such a date is refused with the question).
            alias: a name of your own for a currency (set alias quid gbp), read in any case and with
            an s added (quids), before fx's own names; 2 to 32 letters and digits, starting with a
            letter, and never a code, symbol or word of the grammar. none removes it.
            """,
        examples: [
            "set home chf", "set targets eur gbp jpy", "set number_format de", "set home none", "set rule previous-business-day",
            "set explain on", "set log off", "set date_order dmy", "set alias quid gbp", "set alias quid none",
        ],
        parse: { arguments, command, context throws(UsageError) in
            var cursor = ArgumentCursor(arguments, after: command)
            guard let key = cursor.next() else { throw UsageError(.missingSetting(after: command.text), span: nil) }
            switch key.folded {
            case "home":
                guard let value = cursor.next() else { throw UsageError(.missingCurrency(after: key.text), span: nil) }
                if let extra = cursor.peek { throw UsageError(.unexpectedWord(extra.text, command: "set"), at: extra) }
                if value.folded == "none" { return .set(.home(nil)) }
                return .set(.home(try context.currency(value).get()))
            case "targets", "target":
                if cursor.peek?.folded == "none", cursor.peekSecond == nil { return .set(.targets([])) }
                let codes = try cursor.currencyList(context).map(\.code)
                guard !codes.isEmpty else { throw UsageError(.missingCurrency(after: key.text), span: nil) }
                // currencyList has dropped repeated codes.
                return .set(.targets(codes))
            case "number_format", "number-format":
                guard let value = cursor.next() else { throw UsageError(.missingSetting(after: key.text), span: nil) }
                guard let format = NumberFormat(rawValue: value.folded) else {
                    throw UsageError(.unknownSetting(value.text, known: SetGrammar.numberFormats), at: value)
                }
                return .set(.numberFormat(format))
            case "rule":
                // `previous-business-day` reaches here as five words: `-` stands alone outside options.
                let (text, count, end) = cursor.touching()
                guard let first = cursor.peek, let end else { throw UsageError(.missingSetting(after: key.text), span: nil) }
                let value = Token(text, start: first.start, end: end)
                cursor.skip(count: count)
                if let extra = cursor.peek { throw UsageError(.unexpectedWord(extra.text, command: "set"), at: extra) }
                // A config may define more rules than these: the name is looked up when used.
                guard RuleName.isWellFormed(value.folded) else {
                    throw UsageError(.unknownSetting(value.text, known: SetGrammar.rules), at: value)
                }
                return .set(.rule(RuleName(value.folded)))
            case "date_order", "date-order":
                guard let value = cursor.next() else { throw UsageError(.missingSetting(after: key.text), span: nil) }
                if let extra = cursor.peek { throw UsageError(.unexpectedWord(extra.text, command: "set"), at: extra) }
                guard let order = DateOrder(rawValue: value.folded) else {
                    throw UsageError(.unknownSetting(value.text, known: SetGrammar.dateOrders), at: value)
                }
                return .set(.dateOrder(order))
            case "explain":
                guard let value = cursor.next() else { throw UsageError(.missingSetting(after: key.text), span: nil) }
                if let extra = cursor.peek { throw UsageError(.unexpectedWord(extra.text, command: "set"), at: extra) }
                guard let on = ["on": true, "off": false][value.folded] else {
                    throw UsageError(.unknownSetting(value.text, known: ["on", "off"]), at: value)
                }
                return .set(.explain(on))
            case "log":
                guard let value = cursor.next() else { throw UsageError(.missingSetting(after: key.text), span: nil) }
                if let extra = cursor.peek { throw UsageError(.unexpectedWord(extra.text, command: "set"), at: extra) }
                guard let on = ["on": true, "off": false][value.folded] else {
                    throw UsageError(.unknownSetting(value.text, known: ["on", "off"]), at: value)
                }
                return .set(.log(on))
            case "alias", "aliases":
                let example = "set alias quid gbp"
                // `quid-2` reaches here as three words: taken whole, so that the name is what is refused.
                let (text, count, end) = cursor.touching()
                guard let first = cursor.peek, let end else {
                    throw UsageError(.missingSetting(after: key.text), span: nil, example: example)
                }
                let name = Token(text, start: first.start, end: end)
                cursor.skip(count: count)
                guard let value = cursor.next() else {
                    throw UsageError(.missingCurrency(after: name.text), span: nil, example: example)
                }
                if let extra = cursor.peek { throw UsageError(.unexpectedWord(extra.text, command: "set"), at: extra) }
                let problem = CurrencyAliases.problem(with: name.text, context: context)
                // An alias a config holds in error (`"usd": "EUR"`, ignored with a warning) can still be removed.
                if value.folded == "none", problem != .notAName { return .set(.alias(CurrencyAliases.folded(name.text), nil)) }
                if let problem { throw UsageError(.badAlias(name.text, reason: problem), at: name) }
                // Any currency word, kept as its code (an alias of an alias is no chain).
                let code = try context.currency(value).get()
                if let problem = CurrencyAliases.problem(with: name.text, for: code) {
                    throw UsageError(.badAlias(name.text, reason: problem), at: name)
                }
                return .set(.alias(CurrencyAliases.folded(name.text), code))
            default:
                throw UsageError(.unknownSetting(key.text, known: SetGrammar.keys), at: key)
            }
        },
        completion: { arguments, _ in
            guard let key = arguments.first else { return [.keywords(SetGrammar.keys)] }
            switch key.folded {
            case "home": return arguments.count == 1 ? [.keywords(["none"]), .currencies] : []
            case "targets": return [.currencies]
            case "number_format": return arguments.count == 1 ? [.keywords(SetGrammar.numberFormats)] : []
            case "rule": return arguments.count == 1 ? [.keywords(SetGrammar.rules)] : []
            case "explain", "log": return arguments.count == 1 ? [.keywords(["on", "off"])] : []
            case "date_order": return arguments.count == 1 ? [.keywords(SetGrammar.dateOrders)] : []
            // The name: the aliases there are (to change or remove); then none or a currency.
            case "alias":
                switch arguments.count {
                case 1: return [.aliases]
                case 2: return [.keywords(["none"]), .currencies]
                default: return []
                }
            default: return []
            }
        }
    )

    public static let settings = CommandSpec(
        name: "settings", aliases: [],
        summary: "Show the preferences set with 'set'",
        synopsis: "settings",
        discussion:
            "Lists the home currency, the saved targets, the number format, the date rule, whether conversions are explained and logged, and your aliases.",
        examples: ["settings"],
        parse: { arguments, _, _ throws(UsageError) in
            if let extra = arguments.first { throw UsageError(.unexpectedWord(extra.text, command: "settings"), at: extra) }
            return .settings
        },
        completion: { _, _ in [] }
    )

    public static let vars = CommandSpec(
        name: "vars", aliases: ["variables"],
        summary: "List this session's variables",
        synopsis: "vars",
        discussion: """
            name = <expression> keeps a result under a name (rent = 1450 chf) for the rest of the
            prompt session or script; ans is always the last result. Money is kept as shown,
            rounded to its currency's minor unit.
            """,
        examples: ["vars"],
        parse: { arguments, _, _ throws(UsageError) in
            if let extra = arguments.first { throw UsageError(.unexpectedWord(extra.text, command: "vars"), at: extra) }
            return .variables
        },
        completion: { _, _ in [] }
    )
}

extension CommandSpec {
    /// The spellings `set number_format` takes.
    public static let numberFormats = NumberFormat.allCases.map(\.rawValue)
}

enum SetGrammar {
    static let keys = ["home", "targets", "number_format", "rule", "explain", "log", "date_order", "alias"]
    static let dateOrders = DateOrder.allCases.map(\.rawValue)
    static let rules = RuleBook.shippedNames
    static var numberFormats: [String] { CommandSpec.numberFormats }
}
