/// A pinned set of rates: every source's latest table as the cache held it when saved, and for
/// each history source the last day its history covered then.
///
/// History is kept *by reference*: the snapshot stores no history rows, only `history[source]`
/// (the last day and the check time). Answers from the snapshot read the live history cache
/// restricted to days up to that day, with that check time as provenance. Published reference
/// rates never change, so the answers stay the same for as long as the history cache still
/// holds those days; a source whose history is gone answers "no history" rather than anything else.
public struct Snapshot: Sendable, Equatable {
    /// What a snapshot refers to of one source's history.
    public struct HistoryMark: Sendable, Equatable {
        /// The last publication the history held when the snapshot was saved.
        public let lastDay: Day
        /// When that history was last checked, shown as its fetch time.
        public let checkedAt: Date

        public init(lastDay: Day, checkedAt: Date) {
            self.lastDay = lastDay
            self.checkedAt = checkedAt
        }
    }

    public let name: SnapshotName
    public let savedAt: Date
    public let latest: [SourceID: CachedRates]
    public let history: [SourceID: HistoryMark]

    public init(name: SnapshotName, savedAt: Date, latest: [SourceID: CachedRates], history: [SourceID: HistoryMark]) {
        self.name = name
        self.savedAt = savedAt
        self.latest = latest
        self.history = history
    }
}

/// A snapshot's name: letters, digits, `-`, `_` and `.`, not starting with a dot, so it is one
/// plain file name in the snapshots directory.
public struct SnapshotName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// Nil for a name that could not be a file name of its own (`../x`, `.hidden`, empty).
    public init?(_ text: String) {
        guard !text.isEmpty, text.count <= Self.maxLength, !text.hasPrefix("."),
            text.unicodeScalars.allSatisfy({
                $0.isASCII && (Self.allowed.contains($0) || $0.properties.isAlphabetic || ("0"..."9").contains($0))
            })
        else { return nil }
        rawValue = text
    }

    public static let maxLength = 64
    private static let allowed: Set<Unicode.Scalar> = ["-", "_", "."]

    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
