import FXRates

/// Dates as people type them: `2024-03-01`, `today`, `yesterday`, `3d ago`, `3 days ago`, `2w ago`.
enum DateGrammar {
    static let words = ["today", "yesterday"]

    /// Reads one date at the cursor; nil (nothing consumed) when the next word does not start one.
    static func parse(_ cursor: inout ArgumentCursor) throws(UsageError) -> DateExpression? {
        guard let token = cursor.peek else { return nil }
        switch token.folded {
        case "today": _ = cursor.next(); return .daysAgo(0)
        case "yesterday": _ = cursor.next(); return .daysAgo(1)
        default: break
        }
        if let day = Day(iso: token.text) {
            _ = cursor.next()
            return .day(day)
        }
        // "3d ago", "3 days ago", "2w ago", "2 weeks ago".
        if let count = Int(token.text.prefix { $0.isNumber }), count <= 100_000 {
            var unit = String(token.folded.drop { $0.isNumber })
            var words = 1
            if unit.isEmpty, let second = cursor.peekSecond { unit = second.folded; words = 2 }
            let days: Int? =
                switch unit {
                case "d", "day", "days": count
                case "w", "week", "weeks": count * 7
                default: nil
                }
            if let days {
                for _ in 0..<words { _ = cursor.next() }
                guard cursor.skip(["ago"]) else { throw UsageError(.malformedDate(token.text), at: token) }
                return .daysAgo(days)
            }
        }
        return nil
    }

    /// `on <date>` at the end of a line, if there.
    static func parseOn(_ cursor: inout ArgumentCursor) throws(UsageError) -> DateExpression? {
        guard cursor.skip(["on", "at"]) else { return nil }
        let keyword = cursor.last
        guard let next = cursor.peek else { throw UsageError(.missingDate(after: keyword.text), span: nil) }
        guard let date = try parse(&cursor) else { throw UsageError(.malformedDate(next.text), at: next) }
        if let extra = cursor.peek { throw UsageError(.unexpectedWord(extra.text, command: "on"), at: extra) }
        return date
    }
}
