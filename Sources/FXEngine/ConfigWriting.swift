import FXAnswers
import FXRates

/// Where `sources enable|disable|order` and `set` keep what they change: the user's config file,
/// edited by the shell (`ConfigEditor`); the engine knows only these edits.
public protocol ConfigWriting: Sendable {
    /// The file written, for the answer that says where a change was kept.
    var path: String { get }
    /// Turns a source on or off.
    func setEnabled(_ id: SourceID, _ enabled: Bool) throws(ConfigEditError)
    /// `ids` first, then every other `known` source; returns the order written.
    func setOrder(_ ids: [SourceID], known: [SourceID]) throws(ConfigEditError) -> [SourceID]
    /// Sets a top-level preference, or removes it with nil.
    func setPreference(_ key: String, _ value: JSONTree?) throws(ConfigEditError)
    /// Sets one alias under `aliases`, or removes it with nil (and `aliases` with its last one).
    func setAlias(_ name: String, _ code: CurrencyCode?) throws(ConfigEditError)
}

/// Why the config was left as it was, worded for a user.
public struct ConfigEditError: Error, Sendable, Equatable {
    public let reason: String

    public init(reason: String) { self.reason = reason }
}
