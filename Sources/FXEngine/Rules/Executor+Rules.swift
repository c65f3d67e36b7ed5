import FXAnswers
import FXCommands
import FXRates

extension Executor {
    /// Refuses a rule name the book (shipped rules and the config's) does not hold.
    func knownRule(_ name: RuleName) throws(Failure) {
        let book = workspace.preferences.rules
        guard book[name.rawValue] == nil else { return }
        throw .usage(UsageError(.books(.unknownRule(name.rawValue, known: book.names)), span: nil))
    }

    /// The rule's series for one pair: the institution's history only (never another source's),
    /// with the home currency's column when the rule rounds as the institution publishes; from
    /// the publication a transaction on `since` may take (from the first when nil).
    func ruleSeries(_ rule: Rule, from: CurrencyCode, to: CurrencyCode, since: Day?, tabled: Bool = false) async throws(RateError)
        -> (RuleSeries, Provenance)
    {
        let (history, provenance) = try await ruleHistory(rule, from: from, to: to, since: since)
        return (RuleSeries(rule: rule, from: from, to: to, history: history, tabled: tabled), provenance)
    }

    /// The institution's history of `from`, `to` and its home currency, from what a transaction on
    /// `since` needs; `--source` naming another is refused.
    func ruleHistory(_ rule: Rule, from: CurrencyCode, to: CurrencyCode, since: Day?) async throws(RateError) -> (
        RateHistory, Provenance
    ) {
        guard let source = rule.source else { throw .noHistory(SourceID(rule.name), keeping: []) }
        if let asked = options.source, asked != source {
            throw .history(.rule(.otherSource(rule: rule.name, source: source, asked: asked)))
        }
        var codes: Set = [from, to]
        if let home = rule.rounding?.home { codes.insert(home) }
        do {
            let held = try await historyService().columns(codes, only: source, reaching: since.map(rule.earliestPublication))
            return (held.history, held.provenance)
        } catch .noHistory(source, _) where sourceInfo.contains(where: { $0.id == source }) {
            // A source fx knows that is not held ready: the config switched it off.
            throw .sourceDisabled(source)
        }
    }

    /// `from` → `to` for a transaction on `day` as the rule prescribes, its provenance naming the rule.
    func ruleQuote(_ rule: Rule, from: CurrencyCode, to: CurrencyCode, on day: Day) async throws(RateError) -> Quote {
        let (series, provenance) = try await ruleSeries(rule, from: from, to: to, since: day)
        return try series.quote(on: day, provenance: provenance)
    }
}
