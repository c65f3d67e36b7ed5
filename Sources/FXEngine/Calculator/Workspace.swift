import FXCommands
import FXRates
import Synchronization

/// What a prompt session or a script remembers across its lines: variables, `ans`, and the
/// preferences `set` changes (which are also written to the configuration for the next run).
public final class Workspace: Sendable {
    public struct Preferences: Sendable, Equatable {
        public var home: CurrencyCode?
        public var targets: [CurrencyCode] = []
        /// How `1.234` reads and answers are written; English (fx's own) unless set.
        public var numberFormat: NumberFormat
        /// Which publication answers a dated question, unless `--rule` says: a name in `rules`.
        public var rule: RuleName
        /// The shipped rules and those the config defines.
        public var rules: RuleBook
        /// Whether every conversion's derivation is shown, as `--explain` shows it.
        public var explain: Bool
        /// Whether answers are kept in the conversion log (`set log off` stops it).
        public var log: Bool = true
        /// How `01/02/2024` reads; `ask` refuses it.
        public var dateOrder: DateOrder = .ask
        /// The user's own names for currencies, lower case (`quid`: GBP).
        public var aliases: [String: CurrencyCode] = [:]

        public init(
            home: CurrencyCode? = nil, targets: [CurrencyCode] = [], numberFormat: NumberFormat = .english,
            rule: RuleName = .onOrBefore, explain: Bool = false, rules: RuleBook = RuleBook()
        ) {
            self.home = home
            self.targets = targets
            self.numberFormat = numberFormat
            self.rule = rule
            self.rules = rules
            self.explain = explain
        }

        /// Where `100 usd` goes without targets: the saved targets, else home (never the amount's own).
        func defaultTargets(excluding source: CurrencyCode) -> [CurrencyCode] {
            let chosen = targets.isEmpty ? (home.map { [$0] } ?? []) : targets
            return chosen.filter { $0 != source }
        }
    }

    private struct State {
        var variables: [String: Value] = [:]
        /// Names in the order first assigned, for `vars`.
        var order: [String] = []
        var answer: Value?
        var preferences: Preferences
        /// Bumped by every change the parser must see (preferences, new names).
        var generation = 0
    }

    private let state: Mutex<State>

    public init(preferences: Preferences = Preferences()) {
        state = Mutex(State(preferences: preferences))
    }

    public var preferences: Preferences { state.withLock { $0.preferences } }
    public var generation: Int { state.withLock { $0.generation } }
    public var names: Set<String> { state.withLock { Set($0.order) } }

    func update(_ change: (inout Preferences) -> Void) {
        state.withLock { state in
            change(&state.preferences)
            state.generation += 1
        }
    }

    func value(of name: String) -> Value? {
        state.withLock { name == "ans" ? $0.answer : $0.variables[name] }
    }

    func variables() -> [(name: String, value: Value)] {
        state.withLock { state in state.order.compactMap { name in state.variables[name].map { (name, $0) } } }
    }

    /// The nearest name for "Did you mean …?".
    func suggestion(for name: String) -> String? {
        Suggestions.nearest(to: name, in: state.withLock { $0.order } + ["ans"], maxDistance: 2)
    }

    func remember(_ value: Value, as name: String?) {
        state.withLock { state in
            state.answer = value
            guard let name else { return }
            if state.variables.updateValue(value, forKey: name) == nil {
                state.order.append(name)
                state.generation += 1
            }
        }
    }
}
