import FXCommands
import FXAnswers
import FXRates

extension Executor {
    /// This executor for one line that carries options (`--source boc`, `--rule pl-nbp`,
    /// `--max-age 2d`) or a session under `set source`: the same services, variables and
    /// settings, asked as those options say. A source that is off, or a rule the book lacks, is
    /// refused as on fx's command line.
    public func applying(_ line: LineOptions) throws(Failure) -> Executor {
        var applied = self
        if let source = line.source {
            guard service.sourceIDs.contains(source) else { throw .rates(.sourceDisabled(source)) }
            applied.options.source = source
        }
        if let rule = line.rule {
            try knownRule(rule)
            applied.options.rule = rule
        }
        if let maxAge = line.maxAge { applied.options.maxAge = maxAge }
        return applied
    }
}
