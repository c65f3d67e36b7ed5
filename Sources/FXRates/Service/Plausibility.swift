/// Whether a source's new rates can be true, before they replace what fx holds: fx must not be
/// easier to fool than its own sources (Frankfurter drops outliers from its blend). One policy
/// for every source, for the latest tables (`RateService`) and for history (`HistoryService`):
///
/// - **Bounds.** Every rate lies between a billionth and a billion units per unit of its
///   table's base (the widest real pair, rial per dinar, is a few million; a bitcoin in won is
///   a few billionths of a won's worth only at prices ten times today's). Beyond them the
///   table (or history) is refused, whatever else says: no confirmation makes `1e-10` true.
/// - **Jumps.** A row that moves more than `jumpFactor` either way (a devaluation of more than
///   half, or a rise to more than double) from its reference is doubted. The reference is the
///   same source's previous publication, else another source fx holds for the same pair (its
///   cross through the base); either counts only when at most `referenceDays` older than the
///   new table, so that a real devaluation seen by one source alone is taken once it has
///   persisted past that window. A doubted row is taken at once when another held source
///   (besides the reference) prices the pair within `agreement` of the new figure; otherwise
///   the table is refused: the previous good data stays, and the warning names the source,
///   the pair, the figure and the reference.
///
/// A devaluation of 30-50% in a day (Egypt 2024, Nigeria 2023) stays within the factor and is
/// taken as published; a larger one is taken when a second source shows it too, or once it has
/// persisted past the window.
public enum Plausibility {
    /// The smallest and largest rate taken, in units per one unit of the table's base.
    public static let lowest = Decimal(sign: .plus, exponent: -9, significand: 1)
    public static let highest = Decimal(sign: .plus, exponent: 9, significand: 1)
    /// How far a row may move from its reference without confirmation: × 2 or ÷ 2.
    public static let jumpFactor: Decimal = 2
    /// A reference older than this many days (before the new table's date) judges nothing:
    /// a weekend and a holiday fit, a week does not.
    public static let referenceDays = 4
    /// Another source agrees with a doubted figure when within this fraction of it (10%).
    public static let agreement = Decimal(sign: .plus, exponent: -1, significand: 1)

    /// The first rate of `table` that cannot be true, judged against the same source's
    /// `previous` table and `others` (other sources' tables fx holds); nil when all can.
    public static func doubt(
        _ table: RateTable, previous: RateTable?, others: [(source: SourceID, table: RateTable)]
    ) -> ImplausibleRate? {
        let codes = table.rates.keys.sorted()
        for code in codes {
            guard let rate = table.rates[code] else { continue }
            if !withinBounds(rate) { return ImplausibleRate(base: table.base, currency: code, figure: rate, day: table.date) }
        }
        for code in codes {
            guard let rate = table.rates[code] else { continue }
            guard let reference = reference(for: code, in: table, previous: previous, others: others) else { continue }
            let ratio = rate / reference.figure
            guard ratio > jumpFactor || ratio * jumpFactor < 1 else { continue }
            // Confirmed by a source besides the one that gave the reference.
            let confirmed = others.contains { other in
                other.source != reference.source && isRecent(other.table.date, before: table.date)
                    && cross(code, of: table.base, in: other.table).map { agrees($0, with: rate) } == true
            }
            if confirmed { continue }
            return ImplausibleRate(base: table.base, currency: code, figure: rate, day: table.date, reference: reference)
        }
        return nil
    }

    /// Why a fetched history cannot be true: a day after `latestDay` (a publication dated in
    /// the future), or a rate beyond the bounds; nil when every row can be.
    public static func refusal(of history: RateHistory, latestDay: Day) -> FetchFailure? {
        if let last = history.last, last > latestDay { return .futureDate(last) }
        for code in history.columns.keys.sorted() {
            guard let column = history.columns[code] else { continue }
            for (index, rate) in column.enumerated() {
                guard let rate, !withinBounds(rate) else { continue }
                return .implausibleRate(ImplausibleRate(base: history.base, currency: code, figure: rate, day: history.days[index]))
            }
        }
        return nil
    }

    static func withinBounds(_ rate: Decimal) -> Bool { !rate.isNaN && rate >= lowest && rate <= highest }

    private static func isRecent(_ day: Day, before date: Day) -> Bool {
        day <= date && day.adding(days: referenceDays) >= date
    }

    private static func agrees(_ figure: Decimal, with rate: Decimal) -> Bool {
        let difference = figure > rate ? figure - rate : rate - figure
        return difference <= rate * agreement
    }

    /// Units of `code` per `base` in `table`, crossed through its own base when it differs.
    private static func cross(_ code: CurrencyCode, of base: CurrencyCode, in table: RateTable) -> Decimal? {
        guard let units = table.unitsPerBase(code), let baseUnits = table.unitsPerBase(base), baseUnits > 0 else { return nil }
        return units / baseUnits
    }

    private static func reference(
        for code: CurrencyCode, in table: RateTable, previous: RateTable?, others: [(source: SourceID, table: RateTable)]
    ) -> ImplausibleRate.Reference? {
        if let previous, previous.base == table.base, isRecent(previous.date, before: table.date), let figure = previous.rates[code] {
            return ImplausibleRate.Reference(figure: figure, day: previous.date, source: nil)
        }
        for other in others where isRecent(other.table.date, before: table.date) {
            if let figure = cross(code, of: table.base, in: other.table) {
                return ImplausibleRate.Reference(figure: figure, day: other.table.date, source: other.source)
            }
        }
        return nil
    }
}
