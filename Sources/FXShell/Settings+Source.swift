import FXCommands
import FXRates
import FXRender

extension Settings {
    /// `"source": "boc"` (`set source boc --save`): the source every line asks; one fx does not
    /// know is one warning, and every source is asked as before.
    mutating func readSource(_ config: ConfigFile, knownSources: [SourceID]) {
        guard let name = field(config.source, "source", expected: "a source id") else { return }
        let id = SourceID(name.lowercased())
        guard knownSources.contains(id) else {
            warnings.append(
                "ignoring source '\(Messages.printable(name))' in \(shownPath): give one of \(Self.someOf(knownSources.map(\.rawValue)))")
            return
        }
        preferences.source = id
    }
}
