import FXRates
import Foundation

/// Changes to `config.json` made by `sources enable|disable|order`: the file is read as a JSON
/// object, only the keys fx owns are changed (everything else the user wrote stays), and the
/// result replaces the file atomically, 0600 since it may hold keys.
public struct ConfigEditor: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public struct EditError: Error, Sendable, Equatable {
        public let reason: String
    }

    public func setEnabled(_ id: SourceID, _ enabled: Bool) throws(EditError) {
        try edit { config in
            var sources = config["sources"] as? [String: Any] ?? [:]
            // Settings reads source names in any case: change the user's own entry ("OXR"), not a twin.
            let name = sources.keys.first { $0.lowercased() == id.rawValue } ?? id.rawValue
            var source = sources[name] as? [String: Any] ?? [:]
            source["enabled"] = enabled
            sources[name] = source
            config["sources"] = sources
        }
    }

    /// `ids` first, then every other known source in its current order.
    public func setOrder(_ ids: [SourceID], current: [SourceID]) throws(EditError) -> [SourceID] {
        var seen = Set<SourceID>()
        let order = (ids + current).filter { seen.insert($0).inserted }
        try edit { config in config["order"] = order.map(\.rawValue) }
        return order
    }

    private func edit(_ change: (inout [String: Any]) -> Void) throws(EditError) {
        var config: [String: Any] = [:]
        if FileManager.default.fileExists(atPath: path) {
            // Present but unreadable (permissions, a directory): refuse rather than start afresh.
            guard let data = FileManager.default.contents(atPath: path) else {
                throw EditError(reason: "cannot read \(path)")
            }
            // The user's own file: never replace what fx cannot read.
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw EditError(reason: "\(path) is not a JSON object; fix it by hand first")
            }
            config = object
        }
        change(&config)
        do {
            let data = try JSONSerialization.data(withJSONObject: config, options: [.prettyPrinted, .sortedKeys])
            try AtomicFile.makeDirectory((path as NSString).deletingLastPathComponent)
            try AtomicFile.write(data + [0x0A], to: path)
        } catch let failure as POSIXFailure {
            throw EditError(reason: failure.reason)
        } catch {
            throw EditError(reason: "cannot write \(path)")
        }
    }
}
