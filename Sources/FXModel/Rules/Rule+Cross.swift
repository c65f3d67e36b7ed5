extension Rule {
    /// For two currencies other than the home of a rule that rounds as its institution publishes:
    /// the step saying the rate is the ratio of two published figures (NBP publishes PLN per USD
    /// and PLN per CHF, never CHF per USD), and the home currency where those figures are home per
    /// unit, as `RuleNote.homePerUnit` says them.
    public func cross(from: CurrencyCode, to: CurrencyCode) -> (step: String, homePerUnit: CurrencyCode?)? {
        guard let rounding, from != to, from != rounding.home, to != rounding.home else { return nil }
        let home = rounding.home
        let ratio =
            rounding.homePerForeign ? "\(home) per \(from) ÷ \(home) per \(to)" : "\(to) per \(home) ÷ \(from) per \(home)"
        return (
            "\(to) per \(from) = \(ratio): the ratio of two figures in \(institution)",
            rounding.homePerForeign ? home : nil
        )
    }
}
