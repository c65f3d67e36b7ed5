extension CommandSpec {
    public static let csv = CommandSpec(
        name: "csv", aliases: [],
        summary: "Convert each row of a CSV file at the rate of its own date",
        synopsis:
            "csv <file> --amount <col> (--currency <col> | --from <code>) --date <col> --to <code> [--fee <n>%] [--delimiter ;|,|tab] [--number-format en|de|fr|ch|in] [--date-format <fmt>] [--date-order dmy|mdy] [--rule previous-business-day] [-o <out.csv>] [--fail-fast]",
        discussion: """
            Reads the file as a stream and writes it again, every column kept, with rate, rate_date,
            source and the converted amount (amount_eur for --to eur) added; --fee 1.75% adds a fee
            column, the fee on the converted amount, which that amount does not include.
            Columns are named by their header or by number (--amount 3). --from usd gives every
            row one currency; without --currency or --from, a symbol or code on the amount does.
            The delimiter (; , or TAB) is read from the header line; quoted fields may hold the
            delimiter, newlines and doubled quotes. Amounts may be negative, (12.50) or carry a
            symbol; 1.234,56 reads as German. An amount such as 1,234 is read as the whole file
            shows: by an amount that reads one way only, else a ,-separated file has decimal
            points and a ;-separated one decimal commas; --number-format says it (then numbers
            fx adds use that decimal mark). Dates are read as the file writes them: 2024-03-01,
            01.03.2024 (day first), 2024/03/01, 01-Mar-2024, and 1/3/2024 by --date-order dmy
            or mdy, the date_order setting, or a date in the file that reads one way only (13/3);
            a file whose every date reads both ways is refused. What was read so is said once on
            stderr. --date-format gives the form: %Y %y %m %d %b %H %M %S and any other
            characters as written, as in %d.%m.%Y, %m/%d/%Y or %Y%m%d.
            A weekend or holiday takes the publication before it, and rate_date says which;
            --rule previous-business-day takes the last publication strictly before the row's date
            (without --rule: fx's own --rule, else the rule setting, else on-or-before); a named
            rule (--rule pl-nbp) reads its institution's series only, adds a rule column, and a
            row it cannot answer is a bad row.
            With fx --explain (or set explain on) each row's derivation goes to stderr as file:line.
            A bad row is reported as file:line on stderr and written with empty added columns; the
            rest goes on (exit status 1), unless --fail-fast. -o writes a file atomically.
            Put fx's own options (--offline) before 'csv': the words after it are the command's.
            """,
        examples: [
            "csv statement.csv --amount Amount --currency Currency --date Date --to eur",
            "csv statement.csv --amount 3 --from usd --date 1 --to eur --fee 1.75%",
            "csv kontoauszug.csv --amount Betrag --currency Währung --date Datum --to eur",
            "csv konto.csv --amount Betrag --from usd --date Datum --date-format %d.%m.%Y --number-format de --to pln --rule previous-business-day",
        ],
        options: CSVGrammar.options + ["--output"],
        parse: { arguments, command, context throws(UsageError) in
            try CSVGrammar.parse(CSVWords.join(arguments), command: command, context: context)
        },
        completion: { arguments, _ in
            let words = CSVWords.join(arguments[...])
            guard let last = words.last else { return [.files] }
            switch last.folded {
            case "-o", "--output": return [.files]
            case "--from", "--to": return [.currencies]
            case "--rule": return [.keywords(RuleBook.shippedNames)]
            case "--number-format": return [.keywords(NumberFormat.allCases.map(\.rawValue))]
            case "--delimiter": return [.keywords([";", ",", "tab"])]
            case "--date-format": return [.keywords(["%Y-%m-%d", "%d.%m.%Y", "%m/%d/%Y", "%d/%m/%Y", "%Y%m%d"])]
            case "--date-order": return [.keywords(["dmy", "mdy"])]
            case _ where CSVGrammar.valued.contains(last.folded): return []
            default:
                let given = Set(words.map(\.folded))
                return [.keywords(CSVGrammar.options.filter { !given.contains($0) })]
            }
        }
    )
}

/// Reads `csv <file> --option value …`; the file first, options in any order.
enum CSVGrammar {
    /// Options that take a value.
    static let valued: Set<String> = [
        "--amount", "--currency", "--from", "--date", "--to", "--fee", "--delimiter", "--number-format", "--date-format", "--rule",
        "-o", "--output", "--date-order",
    ]
    static let options = [
        "--amount", "--currency", "--from", "--date", "--to", "--fee", "--delimiter", "--number-format", "--date-format", "--date-order",
        "--rule", "-o", "--fail-fast",
    ]

    static func parse(_ words: [Token], command: Token, context: ParseContext) throws(UsageError) -> Command {
        func problem(_ kind: CSVUsageProblem, _ token: Token?) -> UsageError { UsageError(.csv(kind), at: token) }
        guard let file = words.first, !file.text.hasPrefix("-") else { throw problem(.missingFile, words.first) }
        var values: [String: (value: Token, option: Token)] = [:]
        var failFast = false
        var index = 1
        while index < words.count {
            let option = words[index]
            index += 1
            let name = option.folded == "--output" ? "-o" : option.folded
            if name == "--fail-fast" { failFast = true; continue }
            guard valued.contains(name) else {
                let suggestion = Suggestions.nearest(to: option.folded, in: options, maxDistance: 3)
                throw problem(.unknownOption(option.text, suggestion: suggestion), option)
            }
            guard index < words.count else { throw problem(.missingValue(option: option.text), option) }
            values[name] = (words[index], option)
            index += 1
        }
        func column(_ name: String) -> CSVRequest.Column? {
            guard let text = values[name]?.value.text else { return nil }
            if let number = Int(text), number >= 1 { return .number(number) }
            return .name(text)
        }
        func currency(_ name: String) throws(UsageError) -> CurrencyCode? {
            guard let value = values[name]?.value else { return nil }
            return try context.currency(value).get()
        }
        guard let amount = column("--amount") else { throw problem(.missingOption("--amount"), nil) }
        guard let date = column("--date") else { throw problem(.missingOption("--date"), nil) }
        guard let to = try currency("--to") else { throw problem(.missingOption("--to"), nil) }
        if values["--currency"] != nil, let from = values["--from"] { throw problem(.currencyTwice, from.option) }
        var request = CSVRequest(
            path: file.text, amount: amount, currency: column("--currency"), from: try currency("--from"), date: date, to: to,
            output: values["-o"]?.value.text, failFast: failFast)
        if let (value, option) = values["--fee"] {
            let digits = value.text.hasSuffix("%") ? String(value.text.dropLast()) : value.text
            guard let percent = Decimal(exactly: digits), percent >= 0, percent < 100 else {
                throw problem(.badValue(option: option.text, value: value.text, expected: "a percentage such as 1.75%"), value)
            }
            request.feePercent = percent
        }
        if let (value, option) = values["--delimiter"] {
            switch value.folded {
            case ";", "semicolon": request.delimiter = UInt8(ascii: ";")
            case ",", "comma": request.delimiter = UInt8(ascii: ",")
            case "tab", "\\t", "\t": request.delimiter = UInt8(ascii: "\t")
            default: throw problem(.badValue(option: option.text, value: value.text, expected: "';', ',' or tab"), value)
            }
        }
        if let (value, option) = values["--number-format"] {
            guard let format = NumberFormat(rawValue: value.folded) else {
                let known = NumberFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw problem(.badValue(option: option.text, value: value.text, expected: known), value)
            }
            request.numberFormat = format
        }
        if let (value, option) = values["--rule"] {
            // `same-day`, this option's first name for the default, still reads.
            // A named rule (`pl-nbp`, or one the config defines) is looked up when the file is read.
            guard RuleName.isWellFormed(value.folded) else {
                throw problem(
                    .badValue(option: option.text, value: value.text, expected: "a rule's name, such as previous-business-day or pl-nbp"),
                    value)
            }
            request.rule = value.folded == "same-day" ? .onOrBefore : RuleName(value.folded)
        }
        if let (value, option) = values["--date-format"] {
            guard DayFormat(value.text) != nil else {
                throw problem(
                    .badValue(option: option.text, value: value.text, expected: "a format of %Y %y %m %d %b %H %M %S, as in %d.%m.%Y"),
                    value)
            }
            request.dateFormat = value.text
        }
        if let (value, option) = values["--date-order"] {
            guard let order = DateOrder(rawValue: value.folded), order != .ask else {
                throw problem(.badValue(option: option.text, value: value.text, expected: "dmy (day first) or mdy (month first)"), value)
            }
            request.dateOrder = order
        }
        return .csv(request)
    }
}
