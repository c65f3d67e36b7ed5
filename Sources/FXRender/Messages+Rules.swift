import FXCommands

extension Messages {
    /// A rule with no answer for a day: what it needed, and that nothing else answered instead.
    public static func text(for miss: RuleMiss) -> String {
        switch miss {
        case .noPublicationOn(let day, let institution):
            return "No \(institution) of \(day): the rule takes that day's publication only."
        case .notHeld(let expected, let through, let institution):
            let held = through.map { "the history held ends on \($0)" } ?? "none of it is held"
            return "No \(institution) of \(expected) here: \(held). The rule takes no other publication."
        case .monthNotPublished(let month, let institution):
            return "No \(institution) for \(month): not published yet, or not held. The rule takes no other month's."
        case .quarterNotPublished(let quarter, let institution):
            return "No \(institution) for \(quarter): not published yet, or not held. The rule takes no other quarter's."
        case .periodIncomplete(let label, let through, let institution):
            let held = through.map { " (held to \($0))" } ?? ""
            return "No average of \(institution) for \(label): the period is not over, or not held whole\(held)."
        case .periodPartial(let label, let held, let institution):
            return "Not the whole of \(label): the \(institution) held are only \(held). "
                + "Add partial after the period (or --partial) to average those."
        case .beforeFirst(let day, let first, let institution):
            return "No \(institution) before \(day): the series held begins on \(first)."
        case .currencyMissing(let code, let publication, let institution):
            return "No \(code) rate in \(institution) of \(publication)."
        case .otherSource(let rule, let source, let asked):
            return "The rule \(rule) reads the \(source) source; --source \(asked) asks another. Drop one of them."
        }
    }

    /// The rule problems of `BooksProblem`.
    static func rulesText(for problem: BooksProblem) -> String {
        switch problem {
        case .unknownRule(let name, let known): unknownRule(name, known: known)
        case .taxYearWithoutRule(let rules):
            "A tax year is cut by a rule: add --rule \(rules.joined(separator: " or --rule ")) (or 'set rule'), or average a calendar year (avg 2025)."
        default: text(for: problem)
        }
    }

    /// `unknown rule 'x': give one of on-or-before, previous-business-day, ecb, …`.
    public static func unknownRule(_ name: String, known: [String]) -> String {
        "Unknown rule '\(printable(name))'. The rules are \(known.joined(separator: ", ")) (and those the config defines under \"rules\")."
    }
}
