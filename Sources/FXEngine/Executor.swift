import FXCommands
import FXRates
import FXAnswers
import FXRender

/// Runs a parsed command against the rate service and returns what happened, unformatted.
public struct Executor: Sendable {
    public struct Options: Sendable {
        /// `--source`: ask only this source.
        public var source: SourceID?
        /// `--max-age`: answers from rates superseded longer ago than this fail with status 3.
        public var maxAge: TimeInterval?
        /// `--rule`: which publication answers a dated question; nil for the `rule` setting.
        public var rule: RuleName?

        public init(source: SourceID? = nil, maxAge: TimeInterval? = nil, rule: RuleName? = nil) {
            self.source = source
            self.maxAge = maxAge
            self.rule = rule
        }
    }

    /// `--rule` for this run, else the `rule` setting. Every way a name comes in (`--rule`, `set
    /// rule`, the config, `csv --rule`) is checked against the book first, so none is unknown here.
    var rule: Rule {
        let name = options.rule ?? workspace.preferences.rule
        // The default answers without a look in the book.
        if name == .onOrBefore { return .dayOnly(.onOrBefore) }
        return workspace.preferences.rules[name.rawValue] ?? .dayOnly(.onOrBefore)
    }

    /// The services and sources in use: `sources enable|disable|order` replaces them.
    let current: CurrentSourceSetup
    var service: RateService { current.setup.service }
    /// Dated questions and `history`; nil where no history is wired (then they fail clearly).
    var history: HistoryService? { current.setup.history }
    /// Every source fx knows, in the order asked, for `sources`.
    var sourceInfo: [SourceInfo] { current.setup.sourceInfo }
    /// Bare `history` reads this user's conversion log.
    let log: (any ConversionLog)?
    /// Where `sources enable|disable|order` write; nil where there is no config file.
    let config: (any ConfigWriting)?
    let tree: CommandTree
    let catalog: CurrencyCatalog
    let clock: any WallClock
    public var options: Options
    /// Variables, `ans` and the preferences `set` changes, for this session or script.
    public let workspace: Workspace
    /// `snapshot` and `use`; nil where there is no data directory (then they fail clearly).
    let snapshots: SnapshotLibrary?

    public init(
        service: RateService, history: HistoryService? = nil, log: (any ConversionLog)? = nil,
        sourceInfo: [SourceInfo] = [], config: (any ConfigWriting)? = nil,
        tree: CommandTree = CommandTree(), catalog: CurrencyCatalog = .standard, clock: any WallClock,
        options: Options = Options(), workspace: Workspace = Workspace(),
        rebuildSources: (@Sendable () -> SourceSetup)? = nil, snapshots: SnapshotLibrary? = nil, answering snapshot: Snapshot? = nil,
        institutions: (@Sendable () -> FrankfurterProviderDirectory)? = nil
    ) {
        self.snapshots = snapshots
        self.workspace = workspace
        var setup = SourceSetup(service: service, history: history, sourceInfo: sourceInfo)
        setup.snapshot = snapshot
        setup.institutions = institutions
        current = CurrentSourceSetup(setup, rebuild: rebuildSources)
        self.log = log
        self.config = config
        self.tree = tree
        self.catalog = catalog
        self.clock = clock
        self.options = options
    }

    /// Problems both services recovered from since the last call.
    public func takeDiagnostics() async -> [Diagnostic] {
        var diagnostics = await service.takeDiagnostics()
        if let history { diagnostics += await history.takeDiagnostics() }
        // A snapshot's rates are old on purpose: "run 'refresh'" would be no advice.
        if snapshotName != nil { diagnostics.removeAll { if case .staleData = $0 { true } else { false } } }
        return diagnostics
    }

    /// The currencies the cached rates of the sources in use cover (a snapshot's, under `use
    /// snapshot`), read at each call: for TAB, never for an answer.
    public func cachedCurrencies() -> [CurrencyCode] { service.cachedCurrencies() }

    /// Answers `command`. `context` is the parser's that read the line: a CSV statement reads its
    /// amounts' symbols and number format as the line was read.
    public func execute(_ command: Command, context: ParseContext = ParseContext()) async throws(Failure) -> Outcome {
        // `history usd eur 2030`, `from 1 dec 2030`: a range that has not begun (an end after today
        // was always cut at today, and still is). Today is asked only here and for words below:
        // the plain one-shot conversion reads no time zone.
        if case .history(let query) = command {
            let today = LocalCalendar.today(at: now())
            var start = days(of: query)?.lowerBound
            if case .between(let from, _) = query.range { start = from.resolve(today: today) }
            if let start, start > today { throw .usage(UsageError(.futureDate(start), span: nil)) }
        }
        let outcome = try await answer(command, context: context)
        // Said beside the answer: `yesterday = 2026-11-24`, `01/15/2024 = 2024-01-15`.
        guard let date = command.dateAsked, date.needsMeaning else { return outcome }
        return outcome.meaning(DateMeaning(typed: date.description, day: date.resolve(today: LocalCalendar.today(at: now()))))
    }

    private func answer(_ command: Command, context: ParseContext) async throws(Failure) -> Outcome {
        // A typed date is the only usage error found here; everything after it is the command's.
        let day: Day?
        do {
            day = try resolve(command.dateAsked)
        } catch {
            throw .usage(error)
        }
        switch command {
        case .convert(let amount, let from, let targets, let date) where targets.isEmpty:
            let chosen = workspace.preferences.defaultTargets(excluding: from)
            guard !chosen.isEmpty else { throw .usage(UsageError(.noTarget(from), span: nil)) }
            return try await execute(.convert(amount: amount, from: from, to: chosen, on: date), context: context)
        case .convert(let amount, let from, let targets, _):
            let conversion = try await convert(amount, from: from, to: targets, on: day)
            if let line = conversion.lines.first, conversion.lines.count == 1 {
                workspace.remember(.money(Value.Money(line.result, line.quote.to)), as: nil)
            }
            return .conversion(conversion)
        case .calculate(let calculation): return try await calculate(calculation, on: day)
        case .average(let base, let quotes, let period, let partial) where rule.isNamed:
            var listed: [Quote] = []
            for quote in quotes { listed.append(try await ruleAverage(rule, from: base, to: quote, period: period, partial: partial)) }
            return .rates(RateListing(base: base, quotes: listed, wholeTable: false))
        case .average(_, _, .taxYear, _):
            throw .usage(UsageError(.books(.taxYearWithoutRule(rules: ["uk-hmrc-monthly", "uk-hmrc-yearly"])), span: nil))
        case .average(let base, let quotes, let period, let partial):
            return .average(try await averages(base: base, quotes: quotes, period: period, partial: partial), period)
        case .set(let setting): return try set(setting)
        case .settings: return .listing(settingsListing())
        case .variables: return .listing(variablesListing())
        case .snapshot(let action): return try snapshot(action)
        case .csv(let request):
            if let name = request.rule { try knownRule(name) }
            return .statement(statement(request, context: context))
        case .ticker(let base, _):
            let quotes = workspace.preferences.defaultTargets(excluding: base)
            return .rates(try await rated { () throws(RateError) in try await rates(base: base, quotes: quotes, on: day) })
        case .rate(let base, let quotes, _):
            return .rates(try await rated { () throws(RateError) in try await rates(base: base, quotes: quotes, on: day) })
        case .history(let query) where query.format.isPriceFile && rule.isNamed:
            return .series(try await rated { () throws(RateError) in try await rulePriceHistories(rule, query) }, query)
        case .history(let query) where query.isSinglePairSeries:
            return .history(try await rated { () throws(RateError) in try await pairHistory(query) }, query.format)
        case .history(let query):
            let (histories, missing) = try await rated { () throws(RateError) in try await pairHistories(query) }
            return .series(histories, query, missing: missing)
        case .sources(let action):
            return try await rated { () throws(RateError) in try await sources(action, on: day) }
        case .log(let format):
            return .log(log?.entries() ?? [], format)
        case .refresh(let named, let force):
            // `fx --source ecb refresh` asks the ECB alone, as every other command under `--source` does.
            let ids = named.isEmpty ? options.source.map { [$0] } ?? [] : named
            let known = Set(sourceInfo.map(\.id))
            if let off = ids.first(where: { id in !service.sourceIDs.contains(id) && known.contains(id) }) {
                throw .rates(.sourceDisabled(off))
            }
            let reports = try await rated { () throws(RateError) in try await service.refresh(only: ids, force: force) }
            await refreshInstitutions(reports)
            return .refresh(reports)
        case .help(let topic):
            return .help(HelpText.text(for: topic, tree: tree))
        case .condition(let condition):
            return .condition(try await judge(condition))
        case .watch(let request):
            return .watch(request)
        case .quit:
            return .quit
        }
    }

    /// A question for the rates alone: their error is the line's failure.
    private func rated<Answer>(_ ask: () async throws(RateError) -> Answer) async throws(Failure) -> Answer {
        do throws(RateError) { return try await ask() } catch { throw .rates(error) }
    }

    private func calculate(_ calculation: Calculation, on day: Day?) async throws(Failure) -> Outcome {
        let evaluator = Evaluator(
            quote: { from, to throws(Failure) in
                if let period = calculation.average {
                    return try await averageQuote(from: from, to: to, period: period, partial: calculation.partial)
                }
                do throws(RateError) { return try await quote(from: from, to: to, on: day) } catch { throw .rates(error) }
            }, catalog: catalog, workspace: workspace)
        let (result, value) = try await evaluator.evaluate(calculation)
        workspace.remember(value, as: calculation.assignTo)
        return .calculation(result)
    }

    private func sources(_ action: SourcesAction, on day: Day?) async throws(RateError) -> Outcome {
        switch action {
        case .list:
            let statuses = await service.status()
            let infos =
                sourceInfo.isEmpty
                ? statuses.map { SourceInfo(id: $0.id, name: $0.name, enabled: true, keyVariable: nil, keySet: false, base: "-") }
                : sourceInfo
            return .sources(
                SourcesReport(
                    rows: infos.map { info in
                        SourcesReport.Row(info: info, status: info.enabled ? statuses.first { $0.id == info.id } : nil)
                    }, relayed: await listedInstitutions(statuses)))
        case .enable(let id), .disable(let id):
            let on = action == .enable(id)
            try editConfig { config throws(ConfigEditError) in try config.setEnabled(id, on) }
            let key = sourceInfo.first { $0.id == id }
            let note = on && key?.keyVariable != nil && key?.keySet == false ? "; it needs \(key!.keyVariable!) before it answers" : ""
            return .configured(
                "\(id) \(on ? "enabled" : "disabled") in \(Messages.printable(config!.path))\(note); \(applied())")
        case .order(let ids):
            var order: [SourceID] = []
            try editConfig { config throws(ConfigEditError) in order = try config.setOrder(ids, known: sourceInfo.map(\.id)) }
            return .configured(
                "order now \(order.map(\.rawValue).joined(separator: ", ")) in \(Messages.printable(config!.path)); \(applied())")
        case .compare(let base, let quote, _):
            var rows: [SourceComparison.Row] = []
            for status in await service.status() {
                do {
                    // On a past day, each source's own history: one keeping none says so in its row.
                    let found =
                        if let day {
                            try await historyService().quote(from: base, to: quote, on: day, only: status.id)
                        } else {
                            try await service.quote(from: base, to: quote, only: status.id, disclose: false)
                        }
                    rows.append(.init(source: status.id, name: status.name, quote: found, problem: nil))
                } catch {
                    rows.append(.init(source: status.id, name: status.name, quote: nil, problem: Messages.text(for: error)))
                }
            }
            return .comparison(SourceComparison(base: base, quote: quote, rows: rows))
        }
    }

    /// Builds the sources again from the config just written, and says when the change counts.
    private func applied() -> String {
        current.renew() ? "in effect now" : "this takes effect when fx starts next"
    }

    private func editConfig(_ body: (any ConfigWriting) throws(ConfigEditError) -> Void) throws(RateError) {
        guard let config else { throw .configUnwritable("this fx has no configuration file") }
        do { try body(config) } catch { throw .configUnwritable(error.reason) }
    }

    /// The day a typed date means here (the user's calendar day), refused when in the future.
    private func resolve(_ date: DateExpression?) throws(UsageError) -> Day? {
        guard let date else { return nil }
        let today = LocalCalendar.today(at: now())
        let day = date.resolve(today: today)
        if day > today { throw UsageError(.futureDate(day), span: nil) }
        return day
    }

    func historyService() throws(RateError) -> HistoryService {
        guard let history else { throw .unknownSource("history") }
        return history
    }

    private func pairHistory(_ query: HistoryQuery) async throws(RateError) -> PairHistory {
        try await historyService().pair(
            base: query.base, quote: query.quote, range: days(of: query), only: options.source, partial: query.partial)
    }

    /// A failure the answer carries although it was printed: data older than `--max-age`,
    /// or a refresh in which every source failed.
    public func verdict(on outcome: Outcome) -> Failure? {
        switch outcome {
        case .refresh(let reports) where !reports.isEmpty && reports.allSatisfy({ $0.outcome.entry == nil }):
            return .refreshFailed(reports.map(\.source))
        case .conversion, .rates, .calculation, .condition:
            // A condition judged on rates too old is no verdict: status 3, as for a conversion, never 0 or 1.
            return tooOld(outcome.answerQuotes.flatMap(\.provenances))
        case .series(_, _, let missing) where !missing.isEmpty:
            return .partialSeries(missing)
        default:
            return nil
        }
    }

    private func quote(from: CurrencyCode, to: CurrencyCode, on day: Day?) async throws(RateError) -> Quote {
        let rule = self.rule
        if rule.isNamed { return try await ruleQuote(rule, from: from, to: to, on: day ?? LocalCalendar.today(at: now())) }
        guard let day else {
            do throws(RateError) { return try await service.quote(from: from, to: to, only: options.source) } catch {
                throw await retiredOr(error)
            }
        }
        return try await historyService().quote(
            from: from, to: to, on: day, strictlyBefore: rule.day == .previousBusinessDay, only: options.source)
    }

    /// The rows script mode's fast lane may answer pairs from without asking, with the catalog
    /// that gives their decimals (`RateService.directRows`); nil under a named rule, which answers
    /// otherwise.
    public func directRows(of provenance: Provenance) async -> (rows: DirectRows, catalog: CurrencyCatalog)? {
        guard !rule.isNamed, let rows = await service.directRows(of: provenance, only: options.source) else { return nil }
        return (rows, catalog)
    }

    /// "Not published" for a currency the history held shows was published until a day: said as retired.
    private func retiredOr(_ error: RateError) async -> RateError {
        guard case .notCovered(let code, _) = error, let history, let retired = await history.retirement(of: code) else { return error }
        return .retired(code, last: retired.last, sourceName: retired.sourceName)
    }

    private func convert(_ amount: Amount, from: CurrencyCode, to targets: [CurrencyCode], on day: Day?) async throws(Failure)
        -> Conversion
    {
        var lines: [Conversion.Line] = []
        for target in targets {
            let quote = try await rated { () throws(RateError) in try await self.quote(from: from, to: target, on: day) }
            let digits = catalog.minorUnits(of: target)
            guard let result = quote.convert(amount.value, places: digits) else { throw .usage(UsageError(.overflow, span: nil)) }
            lines.append(Conversion.Line(quote: quote, result: result, fractionDigits: digits))
        }
        return Conversion(amount: amount.value, amountDigits: max(catalog.typedDigits(of: from), amount.scale), from: from, lines: lines)
    }

    private func rates(base: CurrencyCode, quotes: [CurrencyCode], on day: Day?) async throws(RateError) -> RateListing {
        var codes = quotes
        if codes.isEmpty {
            let (table, _) =
                if let day = day ?? (rule.isNamed ? LocalCalendar.today(at: now()) : nil) {
                    try await historyService().table(
                        on: day, strictlyBefore: rule.day == .previousBusinessDay, only: rule.source ?? options.source)
                } else {
                    try await service.latestTable(only: options.source, covering: base)
                }
            guard table.covers(base) else {
                let names = service.sourceNames
                let asked = options.source.map { [$0] } ?? service.sourceIDs
                throw .notCovered(base, sourceNames: asked.map { names[$0] ?? $0.rawValue })
            }
            codes = table.currencies.filter { $0 != base }
        }
        var listed: [Quote] = []
        for code in codes { listed.append(try await quote(from: base, to: code, on: day)) }
        return RateListing(base: base, quotes: listed, wholeTable: quotes.isEmpty)
    }

    private func tooOld(_ provenances: [Provenance]) -> Failure? {
        guard let maxAge = options.maxAge else { return nil }
        let instant = now()
        for provenance in provenances {
            let staleness = provenance.staleness(at: instant)
            if staleness > maxAge { return .tooOld(provenance, staleness: staleness, maxAge: maxAge) }
        }
        return nil
    }
}

extension Command {
    /// The date a conversion or rate lookup asks about, if any.
    fileprivate var dateAsked: DateExpression? {
        switch self {
        case .convert(_, _, _, let date), .rate(_, _, let date), .ticker(_, let date): date
        case .calculate(let calculation): calculation.date
        case .sources(.compare(_, _, let date)): date
        default: nil
        }
    }
}
