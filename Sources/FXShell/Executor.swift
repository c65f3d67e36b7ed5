import FXCommands
import FXRates
import FXRender
import Foundation

/// Runs a parsed command against the rate service and returns what happened, unformatted.
public struct Executor: Sendable {
    public struct Options: Sendable {
        /// `--source`: ask only this source.
        public var source: SourceID?
        /// `--max-age`: answers from rates superseded longer ago than this fail with status 3.
        public var maxAge: TimeInterval?

        public init(source: SourceID? = nil, maxAge: TimeInterval? = nil) {
            self.source = source
            self.maxAge = maxAge
        }
    }

    let service: RateService
    /// Dated questions and `history`; nil where no history is wired (then they fail clearly).
    let history: HistoryService?
    /// Bare `history` reads this user's conversion log.
    let log: (any ConversionLog)?
    let tree: CommandTree
    let catalog: CurrencyCatalog
    let clock: any WallClock
    let options: Options

    public init(service: RateService, history: HistoryService? = nil, log: (any ConversionLog)? = nil,
                tree: CommandTree = CommandTree(), catalog: CurrencyCatalog = .standard, clock: any WallClock,
                options: Options = Options()) {
        self.service = service
        self.history = history
        self.log = log
        self.tree = tree
        self.catalog = catalog
        self.clock = clock
        self.options = options
    }

    /// Problems both services recovered from since the last call.
    public func takeDiagnostics() async -> [Diagnostic] {
        var diagnostics = await service.takeDiagnostics()
        if let history { diagnostics += await history.takeDiagnostics() }
        return diagnostics
    }

    public func execute(_ command: Command) async throws(Failure) -> Outcome {
        do {
            switch command {
            case .convert(let amount, let from, let targets, let date):
                let day = try resolve(date)
                return .conversion(try await convert(amount, from: from, to: targets, on: day))
            case .rate(let base, let quotes, let date):
                let day = try resolve(date)
                return .rates(try await rates(base: base, quotes: quotes, on: day))
            case .history(let query):
                return .history(try await pairHistory(query), query.format)
            case .log(let format):
                return .log(log?.entries() ?? [], format)
            case .refresh(let ids):
                return .refresh(try await service.refresh(only: ids))
            case .help(let topic):
                return .help(topic.flatMap(tree.command(named:)).map(HelpText.command) ?? HelpText.overview(tree))
            case .quit:
                return .quit
            }
        } catch let error as RateError {
            throw .rates(error)
        } catch let error as UsageError {
            throw .usage(error)
        } catch {
            throw .rates(.unknownSource(String(describing: error)))
        }
    }

    /// The day a typed date means here (the user's calendar day), refused when in the future.
    private func resolve(_ date: DateExpression?) throws(UsageError) -> Day? {
        guard let date else { return nil }
        let today = LocalCalendar.today(at: clock.now())
        let day = date.resolve(today: today)
        if day > today { throw UsageError(.futureDate(day), span: nil) }
        return day
    }

    private func historyService() throws(RateError) -> HistoryService {
        guard let history else { throw .unknownSource("history") }
        return history
    }

    private func pairHistory(_ query: HistoryQuery) async throws(RateError) -> PairHistory {
        let today = LocalCalendar.today(at: clock.now())
        let range: ClosedRange<Day>? = query.range == .all ? nil : query.range.days(today: today, earliest: today)
        return try await historyService().pair(base: query.base, quote: query.quote, range: range, only: options.source)
    }

    /// A failure the answer carries although it was printed: data older than `--max-age`,
    /// or a refresh in which every source failed.
    public func verdict(on outcome: Outcome) -> Failure? {
        switch outcome {
        case .refresh(let reports) where !reports.isEmpty && reports.allSatisfy({ $0.outcome.entry == nil }):
            return .refreshFailed
        case .conversion(let conversion):
            return tooOld(conversion.lines.map(\.quote.provenance))
        case .rates(let listing):
            return tooOld(listing.quotes.map(\.provenance))
        default:
            return nil
        }
    }

    private func quote(from: CurrencyCode, to: CurrencyCode, on day: Day?) async throws(RateError) -> Quote {
        guard let day else { return try await service.quote(from: from, to: to, only: options.source) }
        return try await historyService().quote(from: from, to: to, on: day, only: options.source)
    }

    private func convert(_ amount: Amount, from: CurrencyCode, to targets: [CurrencyCode], on day: Day?) async throws(RateError) -> Conversion {
        var lines: [Conversion.Line] = []
        for target in targets {
            let quote = try await quote(from: from, to: target, on: day)
            let digits = catalog.minorUnits(of: target)
            lines.append(Conversion.Line(quote: quote, result: quote.convert(amount.value).rounded(scale: digits), fractionDigits: digits))
        }
        return Conversion(amount: amount.value, amountDigits: max(catalog.minorUnits(of: from), amount.scale), from: from, lines: lines)
    }

    private func rates(base: CurrencyCode, quotes: [CurrencyCode], on day: Day?) async throws(RateError) -> RateListing {
        var codes = quotes
        if codes.isEmpty {
            let (table, _) = if let day { try await historyService().table(on: day, only: options.source) }
                             else { try await service.latestTable(only: options.source) }
            guard table.covers(base) else { throw .notCovered(base, sources: options.source.map { [$0] } ?? service.sourceIDs) }
            codes = table.currencies.filter { $0 != base }
        }
        var listed: [Quote] = []
        for code in codes { listed.append(try await quote(from: base, to: code, on: day)) }
        return RateListing(base: base, quotes: listed, wholeTable: quotes.isEmpty)
    }

    private func tooOld(_ provenances: [Provenance]) -> Failure? {
        guard let maxAge = options.maxAge else { return nil }
        let now = clock.now()
        for provenance in provenances {
            let staleness = provenance.staleness(at: now)
            if staleness > maxAge { return .tooOld(provenance, staleness: staleness, maxAge: maxAge) }
        }
        return nil
    }
}
