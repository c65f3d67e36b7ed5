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
    let tree: CommandTree
    let catalog: CurrencyCatalog
    let clock: any WallClock
    let options: Options

    public init(service: RateService, tree: CommandTree = CommandTree(), catalog: CurrencyCatalog = .standard,
                clock: any WallClock, options: Options = Options()) {
        self.service = service
        self.tree = tree
        self.catalog = catalog
        self.clock = clock
        self.options = options
    }

    public func execute(_ command: Command) async throws(Failure) -> Outcome {
        do {
            switch command {
            case .convert(let amount, let from, let targets, _):
                return .conversion(try await convert(amount, from: from, to: targets))
            case .rate(let base, let quotes, _):
                return .rates(try await rates(base: base, quotes: quotes))
            case .history, .log:
                return .help("not yet")
            case .refresh(let ids):
                return .refresh(try await service.refresh(only: ids))
            case .help(let topic):
                return .help(topic.flatMap(tree.command(named:)).map(HelpText.command) ?? HelpText.overview(tree))
            case .quit:
                return .quit
            }
        } catch {
            throw .rates(error)
        }
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

    private func convert(_ amount: Amount, from: CurrencyCode, to targets: [CurrencyCode]) async throws(RateError) -> Conversion {
        var lines: [Conversion.Line] = []
        for target in targets {
            let quote = try await service.quote(from: from, to: target, only: options.source)
            let digits = catalog.minorUnits(of: target)
            lines.append(Conversion.Line(quote: quote, result: quote.convert(amount.value).rounded(scale: digits), fractionDigits: digits))
        }
        return Conversion(amount: amount.value, amountDigits: max(catalog.minorUnits(of: from), amount.scale), from: from, lines: lines)
    }

    private func rates(base: CurrencyCode, quotes: [CurrencyCode]) async throws(RateError) -> RateListing {
        var codes = quotes
        if codes.isEmpty {
            let (table, _) = try await service.latestTable(only: options.source)
            guard table.covers(base) else { throw .notCovered(base, sources: options.source.map { [$0] } ?? service.sourceIDs) }
            codes = table.currencies.filter { $0 != base }
        }
        var listed: [Quote] = []
        for code in codes { listed.append(try await service.quote(from: base, to: code, only: options.source)) }
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
