/// One pair's rates under a named rule (Quoting: which publication a rule takes, pure): the institution's publications, rounded as it publishes
/// them, and for each transaction day the one publication (or period mean) the rule takes, or why
/// there is none. Built once per pair; a CSV row's lookup is then one subscript.
public struct RuleSeries: Sendable {
    public let rule: Rule
    public let from: CurrencyCode
    public let to: CurrencyCode
    /// The publications as the rule uses them: for a daily or monthly rule the institution's own
    /// days, for an average one entry per whole period, dated its last publication. Its columns
    /// hold `from` and `to` against a notional pivot, so that `to ÷ from` is the rule's rate.
    public let derived: RateHistory
    /// The currency the institution's series is against, as relayed: what `--explain` names as the base.
    public var sourceBase: CurrencyCode { source.base }
    /// The institution's series as held: its days are the publications.
    private let source: RateHistory
    private var published: [Day] { source.days }
    /// Per average entry: its period's name and the days averaged.
    private let periods: [(label: String, first: Day, last: Day, count: Int)]
    /// For each calendar day from the first publication to a year after the last, the derived
    /// index the rule takes (negative: no answer, asked again through `pick` for the reason).
    /// 1M-row benchmark under `--rule ecb`: 0.248 s CPU with the table, 0.265 s with a binary search per row.
    public private(set) var table: [Int32] = []
    public let tableStart: Int

    public static let pivot = CurrencyCode("XXX")!

    /// `tabled`: a CSV file's many rows look each day up in a table built here; one answer does not.
    public init(rule: Rule, from: CurrencyCode, to: CurrencyCode, history: RateHistory, tabled: Bool = false) {
        self.rule = rule
        self.from = from
        self.to = to
        var legs = Self.legs(rule: rule, from: from, to: to, history: history)
        // The Treasury amends single currencies between quarters: a currency's rate in force is its
        // own latest, so a publication without the pair is no publication of it. Elsewhere a gap
        // stays a gap (the error names it), never an older rate. The base against itself is in every
        // publication, amendments of other currencies too: its own are those that open a quarter.
        var history = history
        if rule.day == .quarter {
            let baseOnly = from == history.base && to == history.base
            let kept = legs.indices.filter { legs[$0] != nil && (!baseOnly || Self.opensQuarter($0, history.days)) }
            history = RateHistory(base: history.base, days: kept.map { history.days[$0] }, columns: [:])
            legs = kept.map { legs[$0] }
        }
        source = history
        var periods: [(label: String, first: Day, last: Day, count: Int)] = []
        if rule.day == .average {
            var days: [Day] = [], fromColumn: [Decimal?] = [], toColumn: [Decimal?] = []
            for (label, window) in Self.windows(rule: rule, days: history.days) {
                guard let mean = Self.mean(legs, days: history.days, window: window, rule: rule, from: from, to: to) else { continue }
                days.append(mean.last)
                fromColumn.append(mean.from)
                toColumn.append(mean.to)
                periods.append((label, mean.first, mean.last, mean.count))
            }
            derived = RateHistory(base: Self.pivot, days: days, columns: Self.columns(from, fromColumn, to, toColumn))
        } else {
            derived = RateHistory(
                base: Self.pivot, days: history.days, columns: Self.columns(from, legs.map { $0?.from }, to, legs.map { $0?.to }))
        }
        self.periods = periods
        tableStart = history.days.first?.ordinal ?? 0
        if tabled, let first = history.days.first, let last = history.days.last {
            var table: [Int32] = []
            table.reserveCapacity(last.ordinal - first.ordinal + 400)
            for ordinal in first.ordinal...(last.ordinal + 366) {
                table.append(Int32((try? pick(Day(ordinal: ordinal))) ?? -1))
            }
            self.table = table
        }
    }

    /// The derived index for a transaction on `day`, or why the rule has none.
    public func index(for day: Day) -> Result<Int, RuleMiss> {
        let offset = day.ordinal - tableStart
        if offset >= 0, offset < table.count, table[offset] >= 0 { return .success(Int(table[offset])) }
        return Result { () throws(RuleMiss) in try pick(day) }
    }

    /// The rule's choice for `day`, worked out from the publications (the table's source).
    private func pick(_ day: Day) throws(RuleMiss) -> Int {
        let institution = rule.institution
        guard let first = published.first else { throw .notHeld(expected: day, heldThrough: nil, institution: institution) }
        let onOrBefore = lastIndex(onOrBefore: day)
        switch rule.day {
        case .onOrBefore:
            guard let index = onOrBefore else { throw .beforeFirst(day, first: first, institution: institution) }
            return index
        case .sameDay:
            guard let index = onOrBefore, published[index] == day else { throw .noPublicationOn(day, institution: institution) }
            return index
        case .previousBusinessDay:
            guard let index = lastIndex(onOrBefore: day.adding(days: -1)) else {
                throw .beforeFirst(day, first: first, institution: institution)
            }
            // Where the history goes on past the day, the days published decide; where it ends
            // before the business day the calendar names, that table is not held (yet).
            let expected = rule.calendar.businessDay(before: day)
            if published[index] < expected, index == published.count - 1 {
                throw .notHeld(expected: expected, heldThrough: published.last, institution: institution)
            }
            return index
        case .month:
            let (year, month, _) = day.components
            guard let index = onOrBefore, published[index] >= Day(year: year, month: month, day: 1)! else {
                throw .monthNotPublished(month: String(day.description.prefix(7)), institution: institution)
            }
            return index
        case .quarter:
            let (year, month, _) = day.components
            let quarter = (month - 1) / 3 + 1
            let start = Day(year: year, month: quarter * 3 - 2, day: 1)!
            guard let index = onOrBefore, published[index] >= start.adding(days: -1) else {
                throw .quarterNotPublished(quarter: "Q\(quarter) \(year)", institution: institution)
            }
            return index
        case .average:
            let (_, label) = rule.period.period(holding: day)
            guard let index = periods.firstIndex(where: { $0.label == label }) else {
                throw .periodIncomplete(label: label, heldThrough: published.last, institution: institution)
            }
            return index
        }
    }

    private func lastIndex(onOrBefore day: Day) -> Int? { source.index(onOrBefore: day) }

    /// The first day a transaction takes the entry at `index`: the day after a table for the
    /// previous-business-day rule, a period's first day for its mean, else the publication's day.
    public func appliesFrom(_ index: Int) -> Day {
        switch rule.day {
        case .previousBusinessDay: derived.days[index].adding(days: 1)
        case .average: rule.period.period(holding: derived.days[index]).days.lowerBound
        default: derived.days[index]
        }
    }

    /// What the rule did for a transaction on `day` answered by `index`: said beside the answer.
    public func note(for day: Day, at index: Int) -> RuleNote {
        let publication = derived.days[index]
        let basis: String
        var steps = ["rule \(rule.name): \(rule.institution) (source \(rule.source?.rawValue ?? "any")), \(rule.day.spoken)"]
        switch rule.day {
        case .onOrBefore:
            basis = publication == day ? "the publication of that day" : "the last publication on or before \(day)"
        case .sameDay: basis = "the publication of that day"
        case .previousBusinessDay:
            basis = "the business day before \(day)"
            let expected = rule.calendar.businessDay(before: day)
            steps.append(
                "the business day before \(day) in the \(rule.calendar.rawValue) calendar: \(expected)"
                    + (expected == publication ? "" : "; the last table published before \(day) is of \(publication)"))
        case .month: basis = "the rate in force for \(day.description.prefix(7))"
        case .quarter:
            let month = day.components.month
            basis = "the rate in force for Q\((month - 1) / 3 + 1) \(day.components.year)"
        case .average:
            let period = periods[index]
            let monthly = period.count <= 12 && rule.day == .average && Set(published.map { $0.components.day }).count == 1
            let span =
                monthly
                ? "\(period.first.description.prefix(7)) to \(period.last.description.prefix(7))" : "\(period.first) to \(period.last)"
            basis = "the mean of \(period.count) \(monthly ? "monthly rates" : "publications"), \(span), for \(period.label)"
        }
        steps.append("transaction \(day): \(rule.institution) of \(publication), \(basis)")
        if let rounding = rule.rounding { steps.append(rounding.spoken) }
        let cross = rule.cross(from: from, to: to)
        if let cross { steps.append(cross.step) }
        return RuleNote(
            rule: rule.name, institution: rule.institution, transaction: day, publication: publication, basis: basis, steps: steps,
            homePerUnit: cross?.homePerUnit)
    }

    /// The rule's answer for a transaction on `day` as a quote, its provenance naming the rule.
    public func quote(on day: Day, provenance: Provenance) throws(RateError) -> Quote {
        let found: Int
        switch self.index(for: day) {
        case .success(let index): found = index
        case .failure(let miss): throw .history(.rule(miss))
        }
        let index = found
        guard let fromLeg = derived.rate(from, at: index), let toLeg = derived.rate(to, at: index) else {
            let code = derived.rate(from, at: index) == nil ? from : to
            throw .history(.rule(.currencyMissing(code, publication: derived.days[index], institution: rule.institution)))
        }
        var stamped = Provenance(
            source: provenance.source, sourceName: provenance.sourceName, date: derived.days[index], fetchedAt: provenance.fetchedAt,
            origin: provenance.origin)
        stamped.rule = note(for: day, at: index)
        return Quote(from: from, to: to, fromPerBase: fromLeg, toPerBase: toLeg, provenance: stamped)
    }
}

extension RuleSeries {
    public typealias Legs = (from: Decimal, to: Decimal)

    /// Whether the publication at `index` is the first in force for its quarter (one dated the day
    /// before a quarter starts, as the Treasury's are, is in force for that quarter).
    public static func opensQuarter(_ index: Int, _ days: [Day]) -> Bool {
        func quarter(_ day: Day) -> Int {
            let (year, month, _) = day.adding(days: 1).components
            return year * 4 + (month - 1) / 3
        }
        return index == 0 || quarter(days[index]) != quarter(days[index - 1])
    }

    /// The derived columns by currency: one when `from` is `to` (its two legs are then equal), where
    /// a literal keyed by both trapped on the duplicate key.
    public static func columns(_ from: CurrencyCode, _ fromColumn: [Decimal?], _ to: CurrencyCode, _ toColumn: [Decimal?])
        -> [CurrencyCode: [Decimal?]]
    {
        var columns = [from: fromColumn]
        columns[to] = toColumn
        return columns
    }

    /// Each publication's legs: as held, or rounded as the institution publishes (see `Rule.Rounding`).
    public static func legs(rule: Rule, from: CurrencyCode, to: CurrencyCode, history: RateHistory) -> [Legs?] {
        (0..<history.days.count).map { index in
            guard let rounding = rule.rounding else {
                guard let f = history.rate(from, at: index), let t = history.rate(to, at: index) else { return nil }
                return (f, t)
            }
            guard let f = published(from, at: index, history, rounding), let t = published(to, at: index, history, rounding) else {
                return nil
            }
            return pair(f, t, rounding)
        }
    }

    /// The legs whose quotient `to ÷ from` is the rate between two published figures: for an
    /// institution quoting home per unit, `from`'s figure over `to`'s.
    public static func pair(_ from: Decimal, _ to: Decimal, _ rounding: Rule.Rounding) -> Legs {
        rounding.homePerForeign ? (to, from) : (from, to)
    }

    /// `code` as the institution publishes it, rounded to its places; 1 for its home currency.
    public static func published(_ code: CurrencyCode, at index: Int, _ history: RateHistory, _ rounding: Rule.Rounding) -> Decimal? {
        if code == rounding.home { return 1 }
        guard let rate = history.rate(code, at: index), let home = history.rate(rounding.home, at: index), !rate.isZero else {
            return nil
        }
        return (rounding.homePerForeign ? home / rate : rate / home).rounded(scale: rounding.places(of: code))
    }

    /// The whole periods the publications span: `(label, months averaged)`, each only when held whole.
    public static func windows(rule: Rule, days: [Day]) -> [(String, Range<Day>)] {
        guard let first = days.first, let last = days.last else { return [] }
        var windows: [(String, Range<Day>)] = []
        var (period, label) = rule.period.period(holding: first)
        while period.lowerBound <= last {
            let window = rule.period.months(of: period)
            if isWhole(window, days: days, calendar: rule.calendar) { windows.append((label, window)) }
            (period, label) = rule.period.period(holding: period.upperBound.adding(days: 1))
        }
        return windows
    }

    /// Whether the publications held cover `window`: its first business day's, and its last's or a
    /// later one. A series that begins within a period has no whole mean of it.
    public static func isWhole(_ window: Range<Day>, days: [Day], calendar: InstitutionCalendar) -> Bool {
        guard let first = days.first, let last = days.last else { return false }
        let startHeld = first <= calendar.businessDay(onOrAfter: window.lowerBound)
        return startHeld && (last >= window.upperBound || last >= calendar.businessDay(before: window.upperBound))
    }

    /// The mean of the window's publications: each published figure's mean, rounded as published;
    /// without rounding, the mean of the pair's rates to 10 significant digits.
    public static func mean(_ legs: [Legs?], days: [Day], window: Range<Day>, rule: Rule, from: CurrencyCode, to: CurrencyCode)
        -> (from: Decimal, to: Decimal, first: Day, last: Day, count: Int)?
    {
        var sumFrom = Decimal(0), sumTo = Decimal(0), count = 0
        var firstDay: Day?, lastDay: Day?
        for index in days.indices where window.contains(days[index]) {
            guard let legs = legs[index] else { continue }
            if rule.rounding != nil {
                // Each published figure's own mean (home's legs are 1 throughout).
                sumFrom += legs.from
                sumTo += legs.to
            } else {
                sumTo += legs.to / legs.from
            }
            count += 1
            firstDay = firstDay ?? days[index]
            lastDay = days[index]
        }
        guard count > 0, let firstDay, let lastDay else { return nil }
        let n = Decimal(count)
        if let rounding = rule.rounding {
            // Each leg is one currency's figure (swapped where the institution quotes home per unit).
            let (fromCode, toCode) = rounding.homePerForeign ? (to, from) : (from, to)
            return (
                (sumFrom / n).rounded(scale: rounding.places(of: fromCode)), (sumTo / n).rounded(scale: rounding.places(of: toCode)),
                firstDay, lastDay, count
            )
        }
        return (1, (sumTo / n).rounded(significantDigits: 10), firstDay, lastDay, count)
    }
}
