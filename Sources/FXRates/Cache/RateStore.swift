/// What fx keeps of one source between runs.
public struct CachedRates: Sendable, Equatable {
    public var source: SourceID
    public var table: RateTable
    /// When this table was received.
    public var fetchedAt: Date
    /// When the source last confirmed it was still current (a 304, or the same table again).
    public var checkedAt: Date
    public var validators: Validators
    /// What the fetch that brought `table` asked for and could not price, and why (`PartialFetch`).
    public var gaps: [PriceGap]

    public init(
        source: SourceID, table: RateTable, fetchedAt: Date, checkedAt: Date? = nil, validators: Validators = Validators(),
        gaps: [PriceGap] = []
    ) {
        self.source = source
        self.table = table
        self.fetchedAt = fetchedAt
        self.checkedAt = checkedAt ?? fetchedAt
        self.validators = validators
        self.gaps = gaps
    }

    /// Why the last fetch did not price `code`, when it asked for it.
    public func gap(_ code: CurrencyCode) -> FetchFailure? { gaps.first { $0.code == code }?.failure }
}

/// Reading the cache never fails: a damaged file is set aside and reported as a diagnostic.
public struct StoreContents: Sendable {
    public var entries: [SourceID: CachedRates]
    public var diagnostics: [Diagnostic]
    /// After a narrowed read (`load(keeping:)`): the whole of what was read then, decoded when
    /// first needed (the same bytes, so as if read whole at that time); nil when already whole.
    public var whole: (@Sendable () -> StoreContents)?
    /// After a narrowed read: the sources whose entries were left unread, each read when first
    /// asked for; nil from one that cannot be read so (then `whole` reads the file and says why).
    public var deferred: [SourceID: @Sendable () -> CachedRates?] = [:]

    public init(entries: [SourceID: CachedRates] = [:], diagnostics: [Diagnostic] = []) {
        self.entries = entries
        self.diagnostics = diagnostics
    }
}

/// Where the latest rates of every source live between runs.
public protocol RateStore: Sendable {
    /// Every source's entry. Never fails: what cannot be read is left out and said in a diagnostic.
    func load() -> StoreContents
    /// As `load`, but each table may hold only the rows of `codes` (and its base): what one
    /// question needs, read without the rest (a blend of 219 currencies is cached).
    func load(keeping codes: Set<CurrencyCode>) -> StoreContents
    /// Replaces one source's entry, keeping the others as they are on disk now.
    func save(_ entry: CachedRates) throws(StoreError)
    /// What identifies the stored contents as they are now (a file's identity, size and time),
    /// so that a long session sees another process's refresh; nil for a store that only this
    /// process changes.
    func version() -> StoreVersion?
}

extension RateStore {
    public func version() -> StoreVersion? { nil }
    public func load(keeping codes: Set<CurrencyCode>) -> StoreContents { load() }
}

/// Equal while a store's contents have not been replaced.
public struct StoreVersion: Sendable, Equatable {
    public let parts: [Int64]
    public init(_ parts: [Int64]) { self.parts = parts }
}

/// A store's file could not be written: which, and why, worded for a warning.
public struct StoreError: Error, Sendable, Equatable {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
