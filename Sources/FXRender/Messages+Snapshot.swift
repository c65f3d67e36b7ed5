import FXCommands
import FXRates

extension Messages {
    /// Snapshots: names, lookups and the files they live in.
    static func text(for error: SnapshotError) -> String {
        switch error {
        case .badName(""):
            "Missing a snapshot name. Example: snapshot save q3-close"
        case .badName(let name):
            "Invalid snapshot name '\(printable(name))'. Use letters, digits, '-', '_' and '.', not starting with a dot, "
                + "at most \(SnapshotName.maxLength) characters: q3-close"
        case .unknown(let name, let saved):
            if let nearest = Suggestions.nearest(to: name, in: saved) {
                "Unknown snapshot '\(printable(name))'. Did you mean '\(nearest)'?"
            } else if saved.isEmpty {
                "Unknown snapshot '\(printable(name))'. No snapshot is saved yet; save one with: snapshot save \(printable(name))"
            } else {
                "Unknown snapshot '\(printable(name))'. Saved: \(saved.joined(separator: ", "))."
            }
        case .unreadable(let name, let reason):
            "Snapshot '\(name)' cannot be used (\(reason))."
        case .nothingCached:
            "No rates are cached yet, so there is nothing to pin. Run 'refresh' first."
        case .store(let error):
            error.reason
        case .unavailable:
            "Snapshots are not available here."
        }
    }
}
