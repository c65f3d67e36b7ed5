import FXRates
import FXAnswers
import FXRender

/// What the sources read through: the network, and the fetcher and reader of the ECB's files.
public struct SourceIO: Sendable {
    public let transport: any HTTPTransport
    public let ecbFiles: any ECBFileFetcher

    public init(transport: any HTTPTransport, ecbFiles: any ECBFileFetcher) {
        self.transport = transport
        self.ecbFiles = ecbFiles
    }
}

/// Every source fx knows, how to build it from the settings, and which are asked, in what order.
public struct SourceCatalog: Sendable {
    public struct Entry: Sendable {
        public let id: SourceID
        public let name: String
        /// What its rates are against, for `sources` before anything is cached.
        public let base: String
        /// The environment variable holding its key, for sources that need one.
        public let keyVariable: String?
        /// Asked unless the config says otherwise (sources needing a key: only once it is set).
        public let onByDefault: Bool
        public let make: @Sendable (_ url: URL?, _ key: String?, _ settings: Settings, _ io: SourceIO) -> any RateSource
    }

    public let entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    /// The ids in fx's default order: the official reference rates first, then their mirror,
    /// then the sources that add currencies or publish more often.
    public var ids: [SourceID] { entries.map(\.id) }

    /// Entries in the configured order (sources the order leaves out follow in default order).
    public func ordered(_ settings: Settings) -> [Entry] {
        let order = settings.sourceOrder ?? []
        var seen = Set<SourceID>()
        let ids = (order + ids).filter { seen.insert($0).inserted }
        return ids.compactMap { id in entries.first { $0.id == id } }
    }

    public func isEnabled(_ entry: Entry, _ settings: Settings) -> Bool {
        if let configured = settings.enabled[entry.id] { return configured }
        // Nasdaq is on once its key is set and it has datasets to ask: with either missing it cannot answer.
        if entry.id == .nasdaq { return settings.keys[entry.id] != nil && !settings.nasdaqDatasets.isEmpty }
        return entry.onByDefault && (entry.keyVariable == nil || settings.keys[entry.id] != nil)
    }

    /// What `sources` shows before asking anything.
    public func info(_ settings: Settings) -> [SourceInfo] {
        ordered(settings).map { entry in
            SourceInfo(
                id: entry.id, name: entry.name, enabled: isEnabled(entry, settings), keyVariable: entry.keyVariable,
                keySet: settings.keys[entry.id] != nil, base: entry.base)
        }
    }

    /// The enabled sources that keep histories, in the order of `sources`: the ECB, Frankfurter (its
    /// mirror), the Bank of Canada and Nasdaq Data Link's datasets; the two whose full history is
    /// several MiB with a longer deadline.
    public func historySources(of sources: [any RateSource], _ settings: Settings, io: SourceIO) -> [any HistorySource] {
        sources.compactMap { source in
            if source.id == .frankfurter {
                return FrankfurterSource(
                    baseURL: settings.sourceURLs[.frankfurter] ?? FrankfurterSource.defaultBaseURL,
                    transport: io.transport, timeout: max(settings.timeout, 30))
            }
            if source.id == .boc {
                return BankOfCanadaSource(
                    baseURL: settings.sourceURLs[.boc] ?? BankOfCanadaSource.defaultBaseURL,
                    transport: io.transport, timeout: max(settings.timeout, 30))
            }
            // Casts to the concrete types: one to a protocol would scan every conformance record.
            if let nasdaq = source as? NasdaqDataLinkSource { return nasdaq }
            return source as? ECBSource
        }
    }

    /// The enabled sources, in order, ready to ask.
    public func sources(_ settings: Settings, io: SourceIO) -> [any RateSource] {
        ordered(settings).filter { isEnabled($0, settings) }.map { entry in
            entry.make(settings.sourceURLs[entry.id], settings.keys[entry.id], settings, io)
        }
    }
}

extension SourceCatalog {
    /// The sources fx ships with.
    public static let standard = SourceCatalog(entries: [
        Entry(id: .ecb, name: "European Central Bank", base: "EUR", keyVariable: nil, onByDefault: true) { url, _, settings, io in
            ECBSource(baseURL: url ?? ECBSource.defaultBaseURL, files: io.ecbFiles, timeout: settings.timeout)
        },
        Entry(id: .frankfurter, name: "Frankfurter", base: "EUR", keyVariable: nil, onByDefault: true) { url, _, settings, io in
            FrankfurterSource(baseURL: url ?? FrankfurterSource.defaultBaseURL, transport: io.transport, timeout: settings.timeout)
        },
        Entry(id: .boc, name: "Bank of Canada", base: "CAD", keyVariable: nil, onByDefault: true) { url, _, settings, io in
            BankOfCanadaSource(baseURL: url ?? BankOfCanadaSource.defaultBaseURL, transport: io.transport, timeout: settings.timeout)
        },
        Entry(
            id: .oxr, name: "Open Exchange Rates", base: "USD", keyVariable: OpenExchangeRatesSource.keyVariable,
            onByDefault: true
        ) { url, key, settings, io in
            OpenExchangeRatesSource(
                appID: key, baseURL: url ?? OpenExchangeRatesSource.defaultBaseURL, transport: io.transport,
                timeout: settings.timeout)
        },
        Entry(id: .dunamu, name: "Dunamu (Hana Bank)", base: "KRW", keyVariable: nil, onByDefault: true) { url, _, settings, io in
            DunamuSource(baseURL: url ?? DunamuSource.defaultBaseURL, transport: io.transport, timeout: settings.timeout)
        },
        // Opt-in: the free FX databases are retired, so which datasets to ask is the user's choice.
        Entry(
            id: .nasdaq, name: "Nasdaq Data Link", base: "per dataset", keyVariable: NasdaqDataLinkSource.keyVariable,
            onByDefault: false
        ) { url, key, settings, io in
            let datasets = settings.nasdaqDatasets.compactMap { setting -> NasdaqDataset? in
                guard let base = CurrencyCode(setting.base.uppercased()), let quote = CurrencyCode(setting.quote.uppercased()) else {
                    return nil
                }
                return NasdaqDataset(
                    database: setting.database, code: setting.code, base: base, quote: quote,
                    inverted: setting.inverted ?? false, column: setting.column)
            }
            return NasdaqDataLinkSource(
                baseURL: url ?? NasdaqDataLinkSource.defaultBaseURL, apiKey: key, datasets: datasets,
                transport: io.transport, timeout: settings.timeout)
        },
    ])

    /// Monthly request allowances that apply unless the config sets one.
    public static let defaultQuotas: [SourceID: Int] = [.oxr: OpenExchangeRatesSource.freePlanMonthlyRequests]
}
