extension ExpressionReader {
    /// `avg <period>` at the end of a conversion, if next.
    mutating func averageClause() throws(UsageError) -> AveragePeriod? {
        guard let keyword = peek, AverageGrammar.keywords.contains(keyword.folded) else { return nil }
        var cursor = ArgumentCursor(tokens[(index + 1)...], after: keyword)
        let period = try AverageGrammar.period(&cursor)
        index = cursor.position
        clause = "avg"
        return period
    }
}
