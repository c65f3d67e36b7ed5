import FXRates
import FXAnswers
import FXRender

/// The sources of a `SourceRegistry` as the settings configure them: which are asked, in what
/// order, and each built from its URL, key and option. Nothing here names a source: each says
/// in its description what it needs.
public struct SourceCatalog: Sendable {
    public let registry: SourceRegistry

    public init(registry: SourceRegistry) { self.registry = registry }

    /// The sources fx ships with.
    public static let standard = SourceCatalog(registry: .standard)

    /// The ids in fx's default order.
    public var ids: [SourceID] { registry.ids }

    /// Descriptions in the configured order (sources the order leaves out follow in default order).
    public func ordered(_ settings: Settings) -> [SourceDescription] {
        // Without an order, the registry's: no set of ids to build on every run (about 50,000 instructions).
        guard let order = settings.sourceOrder else { return registry.descriptions }
        var seen = Set<SourceID>()
        let ids = (order + ids).filter { seen.insert($0).inserted }
        return ids.compactMap { registry[$0] }
    }

    /// As the config says, else as the description says given what is set.
    public func isEnabled(_ about: SourceDescription, _ settings: Settings) -> Bool {
        if let configured = settings.enabled[about.id] { return configured }
        return about.isOnWithout(configured: settings.keys[about.id] != nil, optionSet: settings.sourceOptions[about.id] != nil)
    }

    /// What `sources` shows before asking anything.
    public func info(_ settings: Settings) -> [SourceInfo] {
        ordered(settings).map { about in
            SourceInfo(
                id: about.id, name: about.name, enabled: isEnabled(about, settings), keyVariable: about.keyVariable,
                keySet: settings.keys[about.id] != nil, base: about.quoting.text, relayedBy: about.relayedBy)
        }
    }

    /// What a source is built from under these settings.
    func context(_ about: SourceDescription, _ settings: Settings, io: SourceIO) -> SourceContext {
        SourceContext(
            url: settings.sourceURLs[about.id] ?? about.relayedBy.flatMap { settings.sourceURLs[$0] } ?? about.defaultURL,
            key: settings.keys[about.id],
            option: settings.sourceOptions[about.id], timeout: settings.timeout, io: io)
    }

    /// The enabled sources that keep histories, in the order of `sources`, each as its description wires it,
    /// then the sources off by default that need nothing and that the config leaves alone: a rule
    /// names its institution (`--rule pl-nbp` reads `nbp`) as `--source` does, so they are held
    /// ready, asked only by a question that names them.
    public func historySources(of sources: [any RateSource], _ settings: Settings, io: SourceIO) -> [any HistorySource] {
        let enabled = sources.compactMap { source -> (any HistorySource)? in
            guard let about = registry[source.id], let history = about.history else { return nil }
            return history(source, context(about, settings, io: io))
        }
        let named = registry.descriptions.compactMap { about -> (any HistorySource)? in
            guard !about.onByDefault, about.requires.isEmpty, settings.enabled[about.id] == nil, let history = about.history else {
                return nil
            }
            return NamedOnlyHistory(id: about.id) {
                let context = context(about, settings, io: io)
                return history(about.make(context), context)
            }
        }
        return enabled + named
    }

    /// The enabled sources, in order, ready to ask.
    public func sources(_ settings: Settings, io: SourceIO) -> [any RateSource] {
        ordered(settings).filter { isEnabled($0, settings) }.map { about in about.make(context(about, settings, io: io)) }
    }

    /// Monthly request allowances: the config's, else the one a source's description gives.
    public func quotas(_ settings: Settings) -> [SourceID: Int] {
        var quotas = settings.quotas
        for about in registry.descriptions where quotas[about.id] == nil {
            if let quota = about.monthlyQuota { quotas[about.id] = quota }
        }
        return quotas
    }
}
