import FXAnswers
import FXRates
import Synchronization

/// The services asking the enabled sources, in order, and what `sources` shows of every
/// source: all built from the settings, and built again when `sources enable|disable|order`
/// changes them, so a running prompt or script asks the sources as configured now.
public struct SourceSetup: Sendable {
    public let service: RateService
    /// Dated questions and `history`; nil where no history is wired (then they fail clearly).
    public let history: HistoryService?
    /// Every source fx knows, in the order asked, for `sources`.
    public let sourceInfo: [SourceInfo]
    /// The snapshot these services answer from only; nil for the live sources.
    public var snapshot: Snapshot?
    /// The institutions Frankfurter relays, for `sources` and `refresh`; nil where not wired.
    /// Made only when asked for, so a conversion builds nothing of it.
    public var institutions: (@Sendable () -> FrankfurterProviderDirectory)?

    public init(service: RateService, history: HistoryService? = nil, sourceInfo: [SourceInfo] = []) {
        self.service = service
        self.history = history
        self.sourceInfo = sourceInfo
    }
}

/// The setup in use, shared by the copies of an `Executor`, and how to make it again.
final class CurrentSourceSetup: Sendable {
    private let current: Mutex<SourceSetup>
    /// Reads the config again and builds the services from it; nil where nothing can be rebuilt.
    let rebuild: (@Sendable () -> SourceSetup)?

    /// What answered first, for `use live` where nothing can be rebuilt.
    let initial: SourceSetup

    init(_ setup: SourceSetup, rebuild: (@Sendable () -> SourceSetup)?) {
        current = Mutex(setup)
        initial = setup
        self.rebuild = rebuild
    }

    var setup: SourceSetup { current.withLock { $0 } }

    /// Answers from `setup` from now on (`use snapshot`, `use live`).
    func replace(with setup: SourceSetup) {
        current.withLock { $0 = setup }
    }

    /// True when the sources were rebuilt.
    func renew() -> Bool {
        guard let rebuild else { return false }
        let fresh = rebuild()
        current.withLock { $0 = fresh }
        return true
    }
}
