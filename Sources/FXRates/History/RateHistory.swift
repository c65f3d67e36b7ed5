/// Every publication a source made over a span of days, stored by column: for each currency,
/// its rate (units per one `base`) on each of `days`, nil where the source published none.
/// Columns make the question history asks, "two currencies over many days", cheap.
public struct RateHistory: Sendable, Equatable {
    public let base: CurrencyCode
    /// Publication days, oldest first, no duplicates.
    public private(set) var days: [Day]
    /// One entry per day of `days`.
    public private(set) var columns: [CurrencyCode: [Decimal?]]

    public init(base: CurrencyCode, days: [Day], columns: [CurrencyCode: [Decimal?]]) {
        precondition(columns.values.allSatisfy { $0.count == days.count }, "a column must have one entry per day")
        self.base = base
        self.days = days
        self.columns = columns
    }

    /// Tables in any order; a later table of the same day replaces an earlier one.
    public init(base: CurrencyCode, tables: [RateTable]) {
        var byDay: [Day: RateTable] = [:]
        for table in tables where table.base == base { byDay[table.date] = table }
        let days = byDay.keys.sorted()
        var columns: [CurrencyCode: [Decimal?]] = [:]
        for (index, day) in days.enumerated() {
            for (code, rate) in byDay[day]!.rates {
                columns[code, default: Array(repeating: nil, count: days.count)][index] = rate
            }
        }
        self.init(base: base, days: days, columns: columns)
    }

    public var isEmpty: Bool { days.isEmpty }
    public var first: Day? { days.first }
    public var last: Day? { days.last }

    /// Every currency with at least one rate, the base included, sorted.
    public var currencies: [CurrencyCode] { ([base] + columns.keys).sorted() }

    public func covers(_ code: CurrencyCode) -> Bool { code == base || columns[code] != nil }

    /// Units of `code` per base on the day at `index`; 1 for the base.
    public func rate(_ code: CurrencyCode, at index: Int) -> Decimal? {
        code == base ? 1 : columns[code]?[index]
    }

    /// The index of the last publication on or before `day`.
    public func index(onOrBefore day: Day) -> Int? {
        var low = 0, high = days.count
        while low < high {
            let mid = (low + high) / 2
            if days[mid] <= day { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    /// First and last day on which `code` has a rate.
    public func span(of code: CurrencyCode) -> ClosedRange<Day>? {
        if code == base { return first.flatMap { f in last.map { f...$0 } } }
        guard let column = columns[code],
            let lo = column.firstIndex(where: { $0 != nil }),
            let hi = column.lastIndex(where: { $0 != nil })
        else { return nil }
        return days[lo]...days[hi]
    }

    /// The table published on the day at `index`.
    public func table(at index: Int) -> RateTable {
        var rates: [CurrencyCode: Decimal] = [:]
        for (code, column) in columns { if let rate = column[index] { rates[code] = rate } }
        return RateTable(base: base, date: days[index], rates: rates)
    }

    /// This history with `newer` laid over it: days of `newer` replace the same days here, whole,
    /// or (`keepingOtherColumns`, for a newer history asked for some currencies only) only in the
    /// columns `newer` has.
    public func merging(_ newer: RateHistory, keepingOtherColumns: Bool = false) -> RateHistory {
        guard base == newer.base, !newer.isEmpty else { return self }
        guard !isEmpty else { return newer }
        let replaced = Set(newer.days)
        let keep = days.indices.filter { !replaced.contains(days[$0]) }
        var order = keep.map { (day: days[$0], old: $0 as Int?, new: nil as Int?) }
        order += newer.days.indices.map { (day: newer.days[$0], old: nil, new: $0) }
        order.sort { $0.day < $1.day }
        let replacedIndex = keepingOtherColumns ? Dictionary(uniqueKeysWithValues: days.enumerated().map { ($1, $0) }) : [:]
        var merged: [CurrencyCode: [Decimal?]] = [:]
        for code in Set(columns.keys).union(newer.columns.keys) {
            let mine = columns[code], theirs = newer.columns[code]
            merged[code] = order.map { entry in
                if let old = entry.old { return mine?[old] ?? nil }
                if let theirs { return theirs[entry.new!] }
                return replacedIndex[entry.day].flatMap { mine?[$0] } ?? nil
            }
        }
        return RateHistory(base: base, days: order.map(\.day), columns: merged)
    }

    /// This history with the columns of `other`, which holds the same days (other columns of the
    /// same file); nil when its days differ.
    public func addingColumns(of other: RateHistory) -> RateHistory? {
        guard base == other.base, days == other.days else { return nil }
        return RateHistory(base: base, days: days, columns: columns.merging(other.columns) { _, theirs in theirs })
    }

    /// Only the days in `range`.
    public func restricted(to range: ClosedRange<Day>) -> RateHistory {
        let lo = days.firstIndex { $0 >= range.lowerBound } ?? days.count
        let hi = (days.lastIndex { $0 <= range.upperBound }).map { $0 + 1 } ?? 0
        guard lo < hi else { return RateHistory(base: base, days: [], columns: [:]) }
        return RateHistory(base: base, days: Array(days[lo..<hi]), columns: columns.mapValues { Array($0[lo..<hi]) })
    }
}
