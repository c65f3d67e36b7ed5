import FXCommands
import FXAnswers
import FXRates

/// Every sentence fx says about a problem, in one place and one voice.
public enum Messages {
    public static func text(for failure: Failure) -> String {
        switch failure {
        case .usage(let error): text(for: error)
        case .rates(let error): text(for: error)
        case .tooOld(let provenance, let staleness, let maxAge):
            "\(provenance.sourceName) rates of \(provenance.date) were superseded \(AgeText.duration(staleness)) ago, "
                + "longer than --max-age \(AgeText.duration(maxAge)) allows"
        case .refreshFailed(let ids):
            // Each source's reason is on its own line of the report; this line names them for stderr.
            "no source could be refreshed (\(ids.map(\.rawValue).joined(separator: ", "))); the cache is as it was"
        case .snapshot(let error): text(for: error)
        case .partialSeries(let missing): partial(missing)
        }
    }

    public static func text(for error: UsageError) -> String {
        // The failing command's own example; a bare conversion has none of its own.
        let example = error.example ?? "convert 100 usd eur"
        switch error.kind {
        case .unknownCommand(let word, let suggestion):
            if let suggestion { return "Unknown command '\(printable(word))'. Did you mean '\(suggestion)'?" }
            return "Unknown command '\(printable(word))'. Type 'help' to see the commands."
        case .unknownCurrency(let word, let suggestion):
            let shown = word.count == 3 ? word.uppercased() : word
            if let suggestion { return "Unknown currency '\(printable(shown))'. Did you mean '\(suggestion)'?" }
            return "Unknown currency '\(printable(shown))'. Use an ISO 4217 code such as USD, EUR or JPY."
        case .eitherCurrency(let word, let codes):
            let named = codes.map { code in "\(code)" + (CurrencyCatalog.standard[code].map { " (\($0.name))" } ?? "") }
            return "'\(printable(word))' may be \(named.joined(separator: " or ")). Write the code of the one you mean."
        case .unknownSource(let word, let known):
            return "Unknown source '\(printable(word))'. Sources: \(known.map(\.rawValue).joined(separator: ", "))."
        case .malformedAmount(let word, let hint):
            let base = "Malformed amount '\(printable(word))'."
            switch hint {
            case .decimalComma?: return base + " Use one decimal mark, as in 1,234.56 or 1.234,56."
            case .exponent?: return base + " Write the number out; exponents such as 1e3 are not accepted."
            case .tooPrecise?: return base + " It has more than 38 significant digits."
            case .tooLarge?: return base + " Amounts must stay below 10^24 to convert exactly."
            case nil: return base + " Write amounts like 100, 1,234.56, 1.234,56, 1.5k or $20."
            }
        case .missingAmount(let command):
            // A bare conversion ("€ usd") has no command word to point after.
            if command.isEmpty { return "Missing amount. Example: \(error.example ?? "100 usd eur")" }
            return "Missing amount after '\(command)'. Example: \(example)"
        case .missingCurrency(let after):
            return "Missing currency after '\(printable(after))'. Example: \(example)"
        case .missingTarget(let after):
            return "Missing target currency after '\(printable(after))'. Example: \(example)"
        case .books(let problem):
            return text(for: problem)
        case .dates(let problem):
            return text(for: problem)
        case .unexpectedWord(let word, let command):
            return "Unexpected '\(printable(word))' after '\(command)'. Type 'help \(command)' for its grammar."
        case .unexpectedInCalculation(let word, let after):
            return unexpected(printable(word), after: printable(after))
        case .unknownHelpTopic(let word, let suggestion):
            if let suggestion { return "No help for '\(printable(word))'. Did you mean '\(suggestion)'?" }
            return "No help for '\(printable(word))'. Type 'help' to see the commands."
        case .missingSource(let after):
            return "Missing source after '\(printable(after))'. Example: \(error.example ?? "sources disable ecb")"
        case .malformedDate(let word):
            return "Unknown date '\(printable(word))'. Write a date as 2024-03-01, today, yesterday or 3d ago."
        case .missingDate(let after):
            return "Missing date after '\(printable(after))'. Example: \(error.example ?? "rate usd jpy on 2024-03-01")"
        case .malformedRange(let word):
            return "Unknown range '\(printable(word))'. Use 30d, 6m, 1y, ytd, all, or from 2024-01-01 [to 2024-06-30]."
        case .samePair(let code):
            return "Both currencies are \(code); name two different ones, as in history usd jpy."
        case .futureDate(let day):
            return "\(day) is in the future; no rates are published for it yet."
        case .lineTooLong(let limit):
            return "The line is longer than \(limit >> 20) MiB; it was skipped unread."
        case .missingSetting(let after):
            return "Missing value after '\(printable(after))'. Example: \(error.example ?? "set home chf")"
        case .unknownSetting(let word, let known):
            return "Unknown setting '\(printable(word))'; known: \(known.joined(separator: ", "))."
        case .noTarget(let code):
            // An example that converts: `100 eur eur` would answer nothing worth asking.
            let target = code == .eur ? "usd" : "eur"
            return
                "Convert \(code) to what? Name a currency (100 \(code.rawValue.lowercased()) \(target)), or set one: set home chf, set targets eur gbp."
        case .expected(let word, let after):
            return "Expected '\(word)' after '\(printable(after))'. Example: 200 usd as % of 180 eur"
        case .expectedAmount(let found):
            return "Expected an amount, a variable or '(' where '\(printable(found))' is. Example: 100 usd + 20 eur in gbp"
        case .unbalanced(let bracket):
            return bracket == "(" ? "This '(' is never closed; add ')'." : "This ')' closes nothing; remove it or add '(' before."
        case .percentOfMoney:
            return "Only a plain number can be a percentage: 15%, 2.5%."
        case .nonPositiveRate(let word):
            return "A rate must be above zero, not '\(printable(word))'. Example: 500 eur in usd at 1.0712"
        case .malformedRate(let word, let hint):
            return ownRate(printable(word), hint)
        case .misplacedOption(let word):
            if let owner = CommandTree().commands.first(where: { $0.options.contains(word.lowercased()) }) {
                return "'\(printable(word))' is an option of '\(owner.name)', not of this line. Type 'help \(owner.name)' for its grammar."
            }
            return "'\(printable(word))' is not an option of this line. Type 'help options' for the options every line takes."
        case .unknownOption(let word, let suggestion):
            if let suggestion { return "Unknown option '\(printable(word))'. Did you mean '\(suggestion)'?" }
            return "Unknown option '\(printable(word))'. Type 'help options' for fx's options."
        case .runOption(let word, let instead):
            return "\(word) is for a whole run, not one line; \(instead)."
        case .missingOptionValue(let option, let valueName):
            return "Missing \(valueName) after '\(option)'. Example: \(optionExample(option))"
        case .malformedOptionValue(let option, let value):
            return
                "Malformed \(option) '\(printable(value))'. Write a duration such as 90s, 15m, 12h or 2d, or 0 for the newest rates only."
        case .badName(let name, let problem):
            switch problem {
            case .notAName: return "'\(printable(name))' cannot name a variable; use letters, digits and _, starting with a letter."
            case .keyword: return "'\(printable(name))' is a word of fx's grammar; name the variable otherwise (rent, trip, fee2)."
            case .currency: return "'\(printable(name))' is a currency; name the variable otherwise (rent, trip, fee2)."
            }
        case .badAlias(let name, let problem):
            switch problem {
            case .notAName:
                return
                    "'\(printable(name))' cannot be an alias; use 2 to \(CurrencyAliases.maxLength) letters and digits, starting with a letter."
            case .currency: return "'\(printable(name))' is a currency already; an alias may not stand for another (set alias quid gbp)."
            case .keyword: return "'\(printable(name))' is a word of fx's grammar; an alias may not take it (set alias quid gbp)."
            case .currencyName(let code):
                return "'\(printable(name))' is fx's name for \(code); an alias may not make it another currency (set alias quid gbp)."
            }
        case .mismatch(let mismatch):
            return text(for: mismatch)
        case .unknownName(let name, let suggestion):
            if name == "ans" { return "There is no answer yet for 'ans' to stand for." }
            if let suggestion, suggestion.lowercased() == name.lowercased(), suggestion != name {
                return "Unknown variable '\(printable(name))'. Did you mean '\(suggestion)'? Names are case-sensitive."
            }
            if let suggestion { return "Unknown variable '\(printable(name))'. Did you mean '\(suggestion)'?" }
            return "Unknown variable '\(printable(name))'. Set one with: \(printable(name)) = 1450 chf"
        case .nestedTooDeep(let limit):
            return "The expression nests more than \(limit) deep (parentheses, signs or % of); fx reads no deeper."
        case .divisionByZero:
            return "Division by zero."
        case .overflow:
            return "The result is beyond the 38 exact digits fx computes with; no rounded guess is given."
        case .csv(let problem):
            return text(for: problem)
        case .watch(let problem):
            return text(for: problem)
        }
    }

    static func text(for mismatch: UsageError.Mismatch) -> String {
        switch mismatch {
        case .addNumberToMoney(let op):
            return
                "Cannot \(op == "+" ? "add" : "subtract") a plain number \(op == "+" ? "to" : "from") money: give it a currency (5 usd) or make it a percentage (5%)."
        case .multiplyMoney:
            return "Cannot multiply money by money; multiply by a plain number (3 * 12.50 eur)."
        case .divideByMoney:
            return "Cannot divide a plain number by money; divide money by a number (1450 chf / 3), or money by money for a ratio."
        case .alreadyMoney(let money, let code):
            return "\(money) is already money; to convert it write 'in \(code.rawValue.lowercased())'."
        case .numberHasNoCurrency:
            return
                "A plain number has no currency to convert from: write one (100 usd in eur), or set home chf to read bare amounts as francs."
        case .rateNeedsOnePair:
            return
                "A rate of your own ('at') needs one currency and one target, and its pair written as target/source: 500 eur in usd at 1.0712 usd/eur."
        case .shareOfNumber:
            return "'as % of' compares money with money or a number with a number: 200 usd as % of 180 eur."
        }
    }

    public static func text(for error: RateError) -> String {
        switch error {
        case .notCovered(let code, let sources):
            let names = sources.joined(separator: ", ")
            return "No rate for \(code): it is not published by \(names.isEmpty ? "any enabled source" : names)."
        case .unavailable(_, let name, let failure):
            return "No rates available: \(name): \(text(for: failure)), and nothing is cached."
        case .history(let error):
            return text(for: error)
        case .offlineWithoutData(let id):
            return "No cached rates for \(id) and --offline forbids fetching them."
        case .notInSnapshot(let id, let snapshot, let history):
            return notInSnapshot(id, snapshot: snapshot, history: history)
        case .retired(let code, let last, let sourceName):
            return retired(code, last: last, sourceName: sourceName)
        case .neverFetched(let code, let id, nil):
            return "No rate for \(code) offline: it must be fetched once ('fx refresh \(id)' when online), then the cache answers offline."
        case .neverFetched(let code, let id, let failure?):
            return
                "No rate for \(code) yet: it must be fetched once, and \(id) failed (\(text(for: failure))); 'fx refresh \(id)' fetches it."
        case .notPriced(let code, let id, let name, let failure):
            return "No rate for \(code): \(name) did not price it in its last fetch (\(text(for: failure))); 'fx refresh \(id)' asks again."
        case .unknownSource(let id):
            return "Unknown source '\(printable(id))'."
        case .sourceDisabled(let id):
            return "The source '\(id)' is disabled; 'fx sources enable \(id)' turns it on."
        case .noHistory(let id, let keeping):
            let names = FailureLine.list(keeping.map(\.rawValue))
            return
                "The \(id) source keeps no history here; dated questions and 'history' come from \(names.isEmpty ? "no enabled source" : names)."
        case .noEnabledSource(history: true):
            return
                "No enabled source keeps a history (\(FailureLine.list(SourceRegistry.standard.historyIDs.map(\.rawValue))) do); 'fx sources enable ecb' turns the ECB on."
        case .noEnabledSource(history: false):
            return "No source is enabled; 'fx sources enable ecb' turns the ECB on."
        case .configUnwritable(let reason):
            return "Could not change the configuration: \(printable(reason))."
        case .offlineRefresh:
            return "'refresh' needs the network, and --offline forbids it."
        }
    }

    public static func text(for failure: FetchFailure) -> String {
        switch failure {
        case .transport(let error):
            switch error {
            // A long first fetch on a slow link needs more time: the setting that gives it is named.
            case .timedOut(let seconds): return "no answer within \(self.seconds(seconds)) s (a larger FX_TIMEOUT waits longer)"
            case .tooLarge(let limit): return "response larger than \(limit / 1024) KiB; refused"
            case .insecureURL: return "refusing plain HTTP to a host that is not this machine; use https://"
            case .redirectRefused: return "refused a redirect to an address that is not HTTPS"
            case .cannotConnect(let reason): return "cannot connect (\(shown(reason)))"
            case .cancelled: return "interrupted"
            case .other(let reason): return shown(reason)
            }
        case .httpStatus(let status):
            return "server answered HTTP \(status)" + (statusNames[status].map { " (\($0))" } ?? "")
        case .emptyBody: return "empty response"
        case .htmlBody: return "got an HTML page instead of rates"
        case .malformed(let reason): return "malformed response: \(shown(reason))"
        case .forbiddenDTD: return "response declares a DTD or entities; refused"
        case .missingDate: return "response has a rate without a date"
        case .noRates: return "response holds no rates"
        case .notInAnswer(let what): return "its answer has no \(printable(what))"
        case .invalidRate(let currency, let value): return "invalid rate '\(printable(value))' for \(printable(currency))"
        case .invalidCurrency(let code): return "invalid currency code '\(printable(code))'"
        case .duplicateCurrency(let code, let day): return "\(printable(code)) appears twice on \(day)"
        case .duplicateDate(let day): return "\(day) appears twice"
        case .futureDate(let day): return "rates dated \(day), which is in the future"
        case .implausibleRate(let doubt): return implausible(doubt)
        case .missingKey(let variable): return "needs an API key; set \(variable) or add it to the config"
        case .providerError(let text): return shown(text)
        case .quotaUsedUp(let used, let quota):
            if used >= quota { return "the plan's \(quota) requests this month are used up" }
            return "\(used) of the plan's \(quota) requests this month used; keeping the rest for 'refresh'"
        case .throttled(let status, let wait):
            let answered = text(for: .httpStatus(status))
            switch wait {
            case .date(let until): return answered + " and asked for no request before " + utcTime(until)
            case .seconds(let seconds): return answered + " and asked for no request within \(seconds) s"
            }
        case .waitingUntil(let until):
            return "the server asked for no request before \(utcTime(until))"
        case .notConfigured(let what):
            return "nothing asked: the config lists no \(printable(what)) for this source"
        case .backingOff(let failedAt, let reason, let until):
            return "failed at \(utcTime(failedAt)) (\(shown(reason))) and is not asked before \(utcTime(until))"
        }
    }

    /// A failure as a warning says it: a source held back tells its age and when it is asked again.
    static func text(for failure: FetchFailure, now: Date) -> String {
        guard case .backingOff(let failedAt, let reason, let until) = failure else { return text(for: failure) }
        return
            "failed \(AgeText.ago(failedAt, now: now)) (\(shown(reason))), asked again in \(askedAgain(until, now: now)) ('refresh' asks now)"
    }

    /// `40s`: a wait shown must not end early, so it is rounded up to the second.
    static func askedAgain(_ until: Date, now: Date) -> String {
        AgeText.duration(until.timeIntervalSince(now).rounded(.up))
    }

    /// The text of a `warning:` line.
    public static func text(for diagnostic: Diagnostic, now: Date) -> String {
        switch diagnostic {
        case .cacheSetAside(let path, let movedTo, let reason):
            return "the cache file \(path) was damaged (\(reason)); moved it to \(movedTo) and started afresh"
        case .cacheUnreadable(let path, let reason):
            return "cannot read the cache file \(path) (\(reason)); going on without it"
        case .cacheWriteFailed(_, let reason):
            return "could not update the cache: \(reason)"
        case .fetchFailed(_, let name, let failure, .cached(let day, let fetchedAt)):
            return "\(name): \(text(for: failure, now: now)); using cached rates of \(day) (fetched \(AgeText.ago(fetchedAt, now: now)))"
        case .fetchFailed(_, let name, let failure, .otherSource(let other)):
            return "\(name): \(text(for: failure, now: now)); using \(other) instead"
        case .fetchFailed(_, let name, let failure, .builtIn(let day)):
            return "\(name): \(text(for: failure, now: now)); " + builtIn(day)
        case .fetchesFailed(let failed, let fallback, let answeredBy):
            return FailureLine.text(failed, now: now) + "; " + FailureLine.answer(fallback, answeredBy: answeredBy, now: now)
        case .partlyPriced(_, let name, let gaps):
            return partlyPriced(name, gaps, now: now)
        case .usingBuiltIn(let day):
            return builtIn(day)
        case .partialHistory(let name, let from):
            return "the \(name) history held here begins only on \(from): earlier days have not been fetched; online, \(fetchHistoryAdvice)"
        case .coarseRate(let rate):
            return "\(rate.sourceName) publishes \(rate.currency) with \(digits(rate)); the result is not exact to its last digit"
        case .staleData(let name, let day, let supersededFor):
            return "using cached \(name) rates of \(day), superseded \(AgeText.duration(supersededFor)) ago; run 'refresh' when online"
        }
    }

    /// `2 significant digits (±0.6%)`: how precise a coarse rate is, and the error it allows.
    public static func digits(_ rate: CoarseRate) -> String {
        "\(rate.digits) significant digit\(rate.digits == 1 ? "" : "s") (±\(uncertainty(rate))%)"
    }

    /// A dated answer from another day than asked, said on stderr where no provenance line is
    /// printed: `no rates on 2013-03-23 (Saturday); the rates of 2013-03-22 answered`.
    /// Under `--rule previous-business-day` another day is what was asked for, and said the same way:
    /// `the rates of 2013-03-20 answered 2013-03-21 (rule previous-business-day: the publication before)`.
    public static func substitutedDay(_ provenance: Provenance) -> String? {
        // A named rule says which publication it took, and why.
        if let note = provenance.rule { return note.sentence }
        guard let requested = provenance.requested else { return nil }
        // Under the previous-business-day rule another day is what was asked for.
        if provenance.previousBusinessDay {
            return "the rates of \(provenance.date) answered \(requested) (rule previous-business-day: the publication before)"
        }
        let why = TargetCalendar.closure(on: requested).map { " (\($0))" } ?? ""
        return "no rates on \(requested)\(why); the rates of \(provenance.date) answered"
    }

    /// Marks a `sources compare` row further from the median than its precision explains.
    public static let beyondPrecision = "off by more than its precision explains"

    /// The ± of a coarse rate in percent, to one significant digit (50 ÷ 81 → 0.6).
    static func uncertainty(_ rate: CoarseRate) -> String {
        DecimalFormat.plain(rate.uncertaintyPercent.rounded(significantDigits: 1))
    }

    /// What fetches a whole history: `refresh` fetches only the latest rates; a history asked
    /// for without a range fetches every publication (and every currency) of the source.
    static let fetchHistoryAdvice = "'fx history eur usd all' fetches all of it"

    public static func text(for error: HistoryError) -> String {
        switch error {
        case .beforeFirstPublication(let day, let first, let name):
            return "No rates for \(day): the \(name)'s rates begin on \(first)."
        case .notFetched(let day, let held, let builtIn, let name):
            let have =
                builtIn
                ? "the \(name) history has not been fetched, and the built-in rates cover only \(held.lowerBound) to \(held.upperBound)"
                : "only \(held.lowerBound) to \(held.upperBound) of the \(name) history has been fetched"
            return "No rates for \(day) here: \(have). Online, \(fetchHistoryAdvice)."
        case .outsideCurrencyRange(let code, let asked, let span, let name):
            return "No \(code) rate on \(asked): the \(name) published \(code) only from \(span.lowerBound) to \(span.upperBound)."
        case .currencyGap(let code, let asked, let before, let after, let name):
            return "No \(code) rate on \(asked): the \(name) published none between \(before) and \(after)."
        case .periodNotHeld(let coverage, let period, let builtIn, let offline, let name):
            let whole = period ?? "\(coverage.asked.lowerBound) to \(coverage.asked.upperBound)"
            let held =
                coverage.first.flatMap { first in coverage.last.map { "only \(coverage.days) days of it, \(first) to \($0)" } }
                ?? "none of it"
            let kept = builtIn ? "the built-in \(name) rates hold" : "the \(name) history held here holds"
            let rest = offline ? "Ask without --offline to fetch the rest" : "The rest could not be fetched; ask again later"
            // With none of it held, --partial would find no day either.
            return "Not the whole of \(whole): \(kept) \(held). \(rest)"
                + (coverage.days > 0 ? ", or add --partial to use the days held." : ".")
        case .noCommonDays(let base, let quote, let range):
            return "No day from \(range.lowerBound) to \(range.upperBound) has rates for both \(base) and \(quote)."
        case .currencyNotFetched(let code, let day, let name, nil):
            let when = day.map { " for \($0)" } ?? ""
            return
                "No \(code) rate\(when) here: it has never been fetched from \(name)\(day == nil ? "" : " for that day"); ask again without --offline to fetch it."
        case .currencyNotFetched(let code, let day, let name, let failure?):
            let when = day.map { " for \($0)" } ?? ""
            return
                "No \(code) rate\(when) yet: it has never been fetched from \(name)\(day == nil ? "" : " for that day"), and \(name) failed (\(text(for: failure))); ask again later."
        case .rule(let miss):
            return text(for: miss)
        }
    }

    /// Text from a provider or a transport: printable, and with any credential a quoted URL carries blanked.
    static func shown(_ text: String) -> String {
        printable(Redaction.hidingCredentials(text))
    }

    /// `2026-11-22 14:05:30 UTC`: unambiguous in a cron job's mail, and free of locale formatting.
    static func utcTime(_ date: Date) -> String {
        let (day, clock) = utcParts(date)
        return "\(day) \(clock) UTC"
    }

    /// `2026-11-22T14:05:30Z`, for JSON.
    static func isoTime(_ date: Date) -> String {
        let (day, clock) = utcParts(date)
        return "\(day)T\(clock)Z"
    }

    /// The UTC day and `HH:MM:SS`, seconds rounded up (a wait shown must not end early).
    private static func utcParts(_ date: Date) -> (Day, String) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.up))
        let within = ((seconds % 86_400) + 86_400) % 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = Day(utc: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return (day, "\(two(within / 3600)):\(two(within / 60 % 60)):\(two(within % 60))")
    }

    /// `15`, or `0.5` for a fraction of a second (FX_TIMEOUT accepts both).
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value))" : "\(value)"
    }

    /// After a failed write's reason, when the output is a file cut back to its last whole line.
    public static func wholeLinesKept(_ lines: Int) -> String {
        "; the output ends after \(DecimalFormat.plain(Decimal(lines), grouping: true)) whole line\(lines == 1 ? "" : "s")"
    }

    static func builtIn(_ day: Day) -> String {
        "using built-in ECB rates of \(day); run 'refresh' when online"
    }

    /// Text from outside (provider bodies, typed words) with control characters made visible,
    /// so nothing a server sends can drive the terminal.
    public static func printable(_ text: String) -> String {
        text.escapingControls(first: 200)
    }

    private static let statusNames: [Int: String] = [
        304: "Not Modified", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
        503: "Service Unavailable", 504: "Gateway Timeout",
    ]
}

extension Failure {
    /// The sentence for this failure, as stderr shows it.
    public var message: String { Messages.text(for: self) }
}

extension Messages {
    /// A line that gives `option` its value.
    static func optionExample(_ option: String) -> String {
        switch OptionName.spelled(option) {
        case .source?: "history usd cad 30d --source boc"
        case .rule?: "--rule pl-nbp 100 usd pln on 2024-05-02"
        default: "100 usd eur --max-age 2d"
        }
    }
}
