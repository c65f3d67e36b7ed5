extension ExpressionReader {
    /// `avg <period>` at the end of a conversion, if next; refused after a date (`dated`), as a
    /// conversion takes one day's rate or one period's mean.
    /// `partial` after the period sets `partial`.
    mutating func averageClause(dated: Bool, partial: inout Bool) throws(UsageError) -> AveragePeriod? {
        guard let keyword = peek, AverageGrammar.keywords.contains(keyword.folded) else { return nil }
        if dated { throw UsageError(.unexpectedWord(keyword.text, command: "convert"), at: keyword) }
        var cursor = ArgumentCursor(tokens[(index + 1)...], after: keyword, dateOrder: context.dateOrder)
        let period = try AverageGrammar.period(&cursor)
        partial = cursor.skip(AverageGrammar.partialWords)
        index = cursor.position
        clause = "avg"
        return period
    }
}
