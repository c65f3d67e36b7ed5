extension CommandSpec {
    public static let watch = CommandSpec(
        name: "watch", aliases: [],
        summary: "A live board of prices that refreshes in place",
        synopsis: "watch <base> <quote> [, <base> <quote>]... [--every <duration>] [--count <n>] [--until <condition>]",
        discussion: """
            Shows each pair's last price, its change and change % against the previous close
            (+1.40 (+0.10%)), the age of the price, and a sparkline of the recent days where the
            history is held, and asks again every 60 s for currencies and every 10 s for prices
            that move all the time (a source's description says which); --every 30s sets another
            interval, never faster than a source's request budget allows. Any key leaves the
            board and the prompt returns as it was; a resize redraws it.
            Outside a terminal it prints one line per pair per refresh (time, pair, price,
            change, source, age), for a script to read; --count 3 stops after 3 refreshes.
            --until 'usd krw > 1400' stops once the condition holds (exit status 0).
            A condition alone is a line of its own: 'btc eur > 60000', 'usd krw >= 1400'
            (< <= > >= = != too) prints the price and the verdict, and exits 0 when it holds,
            1 when it does not, 2 on error; the price compared is the one printed.
            """,
        examples: [
            "watch usd krw", "watch usd krw, eur jpy", "watch usd/jpy, gbp chf --every 30s", "watch usd eur --count 3",
            "watch usd krw --until usd krw > 1400", "watch usd jpy gbp --every 2m --count 10",
        ],
        parse: { arguments, command, context throws(UsageError) in try WatchGrammar.parse(arguments, command: command, context: context) },
        completion: { arguments, _ in
            if let until = arguments.firstIndex(where: { $0.folded == "--until" }) {
                return arguments.count - until - 1 < 2 ? [.currencies] : [.keywords(Condition.Comparison.allCases.map(\.rawValue))]
            }
            switch arguments.last?.folded {
            case "--every": return [.keywords(["10s", "30s", "1m", "5m"])]
            case "--count": return []
            case nil, ",", "/": return [.currencies]
            default:
                let given = Set(arguments.map(\.folded))
                return [.currencies, .keywords(WatchGrammar.options.filter { !given.contains($0) })]
            }
        }
    )
}

/// Reads `watch`'s pairs, then its options in any order; `--until` takes the rest of the line.
enum WatchGrammar {
    static let options = ["--every", "--count", "--until"]

    static func parse(_ arguments: ArraySlice<Token>, command: Token, context: ParseContext) throws(UsageError) -> Command {
        let firstOption = arguments.firstIndex { $0.text.hasPrefix("--") } ?? arguments.endIndex
        var request = WatchRequest(pairs: try pairs(arguments[..<firstOption], command: command, context: context))
        var index = firstOption
        while index < arguments.endIndex {
            let option = arguments[index]
            index += 1
            let value = index < arguments.endIndex ? arguments[index] : nil
            switch option.folded {
            case "--every":
                guard let value else { throw UsageError(.watch(.missingValue(option.text)), at: option) }
                switch interval(value.text) {
                case .success(let seconds): request.every = seconds
                case .failure(.tooLong): throw UsageError(.watch(.intervalTooLong(value.text)), at: value)
                case .failure(.malformed): throw UsageError(.watch(.interval(value.text)), at: value)
                }
                index += 1
            case "--count":
                guard let value else { throw UsageError(.watch(.missingValue(option.text)), at: option) }
                guard let count = Int(value.text), count > 0 else { throw UsageError(.watch(.count(value.text)), at: value) }
                request.count = count
                index += 1
            case "--until":
                let rest = arguments[index...]
                guard !rest.isEmpty else { throw UsageError(.watch(.missingValue(option.text)), at: option) }
                guard let condition = try ConditionGrammar.parse(rest, context: context) else {
                    let text = rest.map(\.text).joined(separator: " ")
                    throw UsageError(.watch(.notACondition(text)), span: rest.first!.start..<rest.last!.end)
                }
                request.until = condition
                index = arguments.endIndex
            default:
                throw UsageError(.watch(.unknownOption(option.text)), at: option)
            }
        }
        return .watch(request)
    }

    /// `30s`, `2m`, `1h`, or a bare number of seconds; at least one second, at most `DurationParser.longest`.
    static func interval(_ text: String) -> Result<TimeInterval, DurationParser.Problem> {
        // A bare number of any length is seconds: too many digits for an Int are too long, not malformed.
        let bare = !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
        let read = bare ? (Double(text).map(DurationParser.seconds) ?? .failure(.tooLong)) : DurationParser.read(text)
        guard case .success(let seconds) = read else { return read }
        return seconds >= 1 ? read : .failure(.malformed)
    }

    /// `usd krw, btc eur`, `usd/jpy`, `usd jpy gbp` (USD in each): a pair per quote, each once.
    private static func pairs(_ words: ArraySlice<Token>, command: Token, context: ParseContext) throws(UsageError)
        -> [WatchRequest.Pair]
    {
        var pairs: [WatchRequest.Pair] = []
        var group: [Token] = []
        var last = command
        func close() throws(UsageError) {
            defer { group = [] }
            guard let baseToken = group.first else { return }
            let base = try context.currency(baseToken).get()
            guard group.count > 1 else { throw UsageError(.missingTarget(after: baseToken.text), span: nil) }
            for token in group.dropFirst() {
                let quote = try context.currency(token).get()
                guard quote != base else { throw UsageError(.samePair(base), at: token) }
                let pair = WatchRequest.Pair(base, quote)
                if !pairs.contains(pair) { pairs.append(pair) }
            }
        }
        for token in words {
            last = token
            if token.text == "," {
                try close()
            } else if token.text != "/", !targetKeywords.contains(token.folded) {
                group.append(token)
            }
        }
        try close()
        guard !pairs.isEmpty else { throw UsageError(.watch(.noPair), at: last == command ? nil : last) }
        return pairs
    }
}
