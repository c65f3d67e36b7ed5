/// Why a snapshot could not be named, found, read, written or removed; worded in `Messages`.
public enum SnapshotError: Error, Sendable, Equatable {
    /// Not a name a snapshot can have (`../x`, `.hidden`, a space).
    case badName(String)
    /// No snapshot by that name; `saved` are the names there are.
    case unknown(String, saved: [String])
    /// The file is there but cannot be used (damaged, a newer fx's).
    case unreadable(String, reason: String)
    /// The cache holds no rates yet, so there is nothing to pin.
    case nothingCached
    /// Writing or removing the file failed.
    case store(StoreError)
    /// This fx was started without a snapshots directory (a test's executor).
    case unavailable
}
