/// Everything fx needs to know about a source, said once in the source's own folder: how people
/// and the config name it, what it quotes against, where it is asked and with what key, whether
/// it is asked by default, what it can answer, and how to build it. `sources`, TAB completion,
/// `help`, the manual page and the config reader all read it from `SourceRegistry`.
public struct SourceDescription: Sendable {
    /// What a source's rates are priced against.
    public enum Quoting: Sendable, Equatable {
        /// One currency for every rate: the ECB's EUR.
        case currency(CurrencyCode)
        /// Whatever each series is priced in: `.perSeries("dataset")` for Nasdaq's datasets.
        case perSeries(String)

        /// As `sources` shows it: `EUR`, `per dataset`.
        public var text: String {
            switch self {
            case .currency(let code): code.rawValue
            case .perSeries(let series): "per \(series)"
            }
        }
    }

    /// What must be set before the source can answer; until then it is off unless the config turns it on.
    public enum Requirement: Sendable, Equatable {
        /// Its API key (`keyVariable`, or `app_id`/`api_key` in the config).
        case key
        /// Its own config setting (`option`), with at least one usable value.
        case option
    }

    public let id: SourceID
    /// A name for people: "European Central Bank".
    public let name: String
    public let quoting: Quoting
    /// The environment variable holding its key, for sources that take one.
    public let keyVariable: String?
    /// Where it is asked unless `urlVariable` or the config's `url` says otherwise: parsed only when
    /// used, since a URL costs about 4,000 instructions to parse and most runs never need it.
    public var defaultURL: URL { makeDefaultURL() }
    private let makeDefaultURL: @Sendable () -> URL
    /// Asked unless the config says otherwise, once what it `requires` is set.
    public let onByDefault: Bool
    /// The source whose server relays it (an institution's series read through Frankfurter), whose
    /// URL it follows unless its own is set; nil for a source fx reads directly.
    public let relayedBy: SourceID?
    public let requires: [Requirement]
    /// A setting of its own in its config entry, such as Nasdaq's `datasets`.
    public let option: SourceOption?
    /// A monthly request allowance that applies unless the config sets `quota`.
    public let monthlyQuota: Int?
    public let capabilities: SourceCapabilities
    /// Builds the source for its latest rates.
    public let make: @Sendable (SourceContext) -> any RateSource
    /// The source that answers dated questions and `history`, given the one `make` built; nil for
    /// sources that publish no history (then `capabilities.history` is `.none`).
    public let history: (@Sendable (_ latest: any RateSource, SourceContext) -> (any HistorySource)?)?

    public init(
        id: SourceID, name: String, quoting: Quoting, keyVariable: String? = nil, defaultURL: @autoclosure @escaping @Sendable () -> URL,
        onByDefault: Bool = true, relayedBy: SourceID? = nil,
        requires: [Requirement] = [], option: SourceOption? = nil, monthlyQuota: Int? = nil, capabilities: SourceCapabilities,
        make: @escaping @Sendable (SourceContext) -> any RateSource,
        history: (@Sendable (_ latest: any RateSource, SourceContext) -> (any HistorySource)?)? = nil
    ) {
        (self.id, self.name, self.quoting, self.keyVariable, self.makeDefaultURL) = (id, name, quoting, keyVariable, defaultURL)
        (self.onByDefault, self.requires, self.option, self.monthlyQuota) = (onByDefault, requires, option, monthlyQuota)
        self.relayedBy = relayedBy
        (self.capabilities, self.make, self.history) = (capabilities, make, history)
    }

    /// The variable that points it elsewhere (a mirror, a test server): `FX_ECB_URL`.
    public var urlVariable: String { "FX_\(id.rawValue.uppercased())_URL" }

    /// Whether it is asked when the config says nothing: by default, and with what it requires set.
    public func isOnWithout(configured keySet: Bool, optionSet: Bool) -> Bool {
        onByDefault && requires.allSatisfy { $0 == .key ? keySet : optionSet }
    }
}

/// A setting a source reads from its own entry in the config file, named by the source
/// (`"datasets"` for Nasdaq), so that the config reader needs no case per source.
public struct SourceOption: Sendable {
    /// A value left out, worded for `ignoring <what> in <config>: <fix>`.
    public struct Ignored: Sendable, Equatable {
        public let what: String
        public let fix: String
        public init(what: String, fix: String) { (self.what, self.fix) = (what, fix) }
    }

    /// What was read: the usable value (nil when nothing usable was given) and what was left out.
    public struct Reading: Sendable {
        public let value: (any Sendable)?
        public let ignored: [Ignored]
        public init(value: (any Sendable)?, ignored: [Ignored] = []) { (self.value, self.ignored) = (value, ignored) }
    }

    /// The key in the source's config entry.
    public let name: String
    /// For the manual page: what it holds, with an example.
    public let meaning: String
    /// Reads the key's value; throws when it is not of the expected shape (the file is then ignored, as for any other key).
    public let read: @Sendable (any Decoder) throws -> Reading

    public init(name: String, meaning: String, read: @escaping @Sendable (any Decoder) throws -> Reading) {
        (self.name, self.meaning, self.read) = (name, meaning, read)
    }
}
