/// A currency's own row on a day its source may not have published it: the row of that day, or
/// the newest one before it within the source's carry-forward window. Pure: the one place a
/// dated answer decides which row of a held history stands for a day.
public struct CarriedRow: Sendable, Equatable {
    /// Units of the currency per one of the history's base.
    public let rate: Decimal
    /// The day the row was published (on or before the day asked).
    public let day: Day

    /// Why a currency has no row for a day: outside the days it was published at all, or a gap
    /// longer than the window (the days of the rows around it).
    public enum Miss: Error, Equatable {
        case outsideSpan(ClosedRange<Day>?)
        case gap(lastBefore: Day, nextAfter: Day)
    }

    /// `code`'s row for the publication at `index` of `history`: its own cell, or (within
    /// `window` days of `index`'s day) the newest cell before it. Frankfurter's blend dates each
    /// row by its own observation and repeats a row in a range only when it changed, so a quote
    /// silent on a day others published is carried, as the server itself carries it (14 days).
    /// `pegs`: the source sets a pegged currency's row by its peg (Frankfurter's blend, which sends
    /// it rounded: EUR→XOF 655.96): such a row is read as the peg times its anchor's row, dated by
    /// the anchor's, as the latest answers read it (`PeggedRow`).
    public static func find(_ code: CurrencyCode, in history: RateHistory, at index: Int, window: Int, pegs: Bool = false)
        -> Result<CarriedRow, Miss>
    {
        let day = history.days[index]
        if pegs, let peg = Pegs.peg(of: code), peg.since <= day, peg.anchor != code, history.covers(peg.anchor),
            case .success(let anchor) = find(peg.anchor, in: history, at: index, window: window)
        {
            // Dated by the older of the anchor's row and the pegged currency's own (as the latest
            // table dates it), so the day said does not depend on which other currencies are held:
            // the days of a history fetched with a Saturday publisher include Saturdays.
            let own = find(code, in: history, at: index, window: window, pegs: false)
            let dated = (try? own.get()).map { min($0.day, anchor.day) } ?? anchor.day
            return .success(CarriedRow(rate: anchor.rate * peg.rate, day: dated))
        }
        if let rate = history.rate(code, at: index) { return .success(CarriedRow(rate: rate, day: day)) }
        let earliest = day.adding(days: -window)
        if window > 0, let column = history.columns[code] {
            var cursor = index - 1
            while cursor >= 0, history.days[cursor] >= earliest {
                if let rate = column[cursor] { return .success(CarriedRow(rate: rate, day: history.days[cursor])) }
                cursor -= 1
            }
        }
        guard let span = history.span(of: code), span.contains(day) else { return .failure(.outsideSpan(history.span(of: code))) }
        let column = history.columns[code] ?? []
        let before = column[..<index].lastIndex { $0 != nil }.map { history.days[$0] } ?? span.lowerBound
        let after = column[index...].firstIndex { $0 != nil }.map { history.days[$0] } ?? span.upperBound
        return .failure(.gap(lastBefore: before, nextAfter: after))
    }

    /// The table in force at `index`: each currency's own row of that day or carried within
    /// `window` days, dated by its own day where older (`RateTable.rowDates`).
    public static func table(of history: RateHistory, at index: Int, window: Int) -> RateTable {
        guard window > 0 else { return history.table(at: index) }
        let day = history.days[index]
        var rates: [CurrencyCode: Decimal] = [:], rowDates: [CurrencyCode: Day] = [:]
        for code in history.columns.keys {
            guard case .success(let row) = find(code, in: history, at: index, window: window) else { continue }
            rates[code] = row.rate
            if row.day != day { rowDates[code] = row.day }
        }
        return RateTable(base: history.base, date: day, rates: rates, rowDates: rowDates)
    }
}

extension CarriedRow {
    /// `from` and `to` on each publication of `history`, each carried within `window` days as a
    /// dated answer carries it, and the day each publication's pair is dated by (the older row):
    /// what a statement's rows look up, so that a row answers as `convert … on` that day does.
    public static func pair(_ from: CurrencyCode, _ to: CurrencyCode, in history: RateHistory, window: Int, pegs: Bool = false) -> (
        history: RateHistory, rowDays: [Day]?
    ) {
        guard window > 0 || pegs else { return (history, nil) }
        var columns: [CurrencyCode: [Decimal?]] = [:]
        var rowDays = history.days
        for code in Set([from, to]) where code != history.base {
            var column: [Decimal?] = []
            column.reserveCapacity(history.days.count)
            for index in history.days.indices {
                guard case .success(let row) = find(code, in: history, at: index, window: window, pegs: pegs) else {
                    column.append(nil)
                    continue
                }
                column.append(row.rate)
                rowDays[index] = min(rowDays[index], row.day)
            }
            columns[code] = column
        }
        return (RateHistory(base: history.base, days: history.days, columns: columns), rowDays)
    }
}
