import FXAnswers
import FXCommands
import FXRates

/// One currency's rates against the target on every publication held, for rows that ask about
/// any day: a binary search over the days, no actor hop, and the texts fx adds for a day made
/// once per publication rather than once per row.
final class PairColumns {
    let from: CurrencyCode
    let to: CurrencyCode
    let days: [Day]
    private let fromRates: [Decimal?]
    private let toRates: [Decimal?]
    private let history: RateHistory
    let provenance: Provenance
    /// The currency the history's rates are against (EUR for the ECB).
    var pivot: CurrencyCode { rule?.sourceBase ?? history.base }
    /// Whether the days reach the source's first publication: earlier days have no rate at all.
    let complete: Bool
    /// Every day as `YYYY-MM-DD`, ten bytes each.
    private let dayBytes: [UInt8]
    /// Both rates of each publication as small integers, side by side so that a row reads one
    /// cache line; `exact` false where either is missing or too long for 64 bits.
    private struct Legs {
        var from: UInt64 = 0, to: UInt64 = 0
        var fromExponent: Int32 = 0, toExponent: Int32 = 0
        var present = false, exact = false
    }
    private let legs: [Legs]
    /// The decimal mark the `rate` column is written with (the file's digits are never grouped).
    private let format: NumberFormat
    /// For each calendar day from the first publication to the last, the index of the
    /// publication on or before it: a row's lookup is one subscript.
    private let onOrBefore: [Int32]
    /// Under a named rule, the rule picks each row's publication (`history` is the rule's series).
    let rule: RuleSeries?
    /// The rule's table, held apart: reading it through the optional struct retained its arrays on
    /// every row (1M-row benchmark under `--rule ecb`: 0.275 s CPU, 11% over the plain run's 0.248;
    /// held apart 0.248 s, 7% over the plain run's 0.232, the `rule` column included).
    private let ruleTable: [Int32]
    private let ruleStart: Int

    /// The day each publication's pair is dated by, where a row was carried from an older day
    /// (`CarriedRow.pair`); nil when every row is of its publication's day.
    private let rowDays: [Day]?

    init(
        from: CurrencyCode, to: CurrencyCode, history: RateHistory, provenance: Provenance, complete: Bool, format: NumberFormat,
        rule: RuleSeries? = nil, rowDays: [Day]? = nil
    ) {
        self.rowDays = rowDays
        self.rule = rule
        ruleTable = rule?.table ?? []
        ruleStart = rule?.tableStart ?? 0
        self.from = from
        self.to = to
        self.history = history
        days = history.days
        fromRates = from == history.base ? Array(repeating: 1, count: history.days.count) : history.columns[from] ?? []
        toRates = to == history.base ? Array(repeating: 1, count: history.days.count) : history.columns[to] ?? []
        self.provenance = provenance
        self.complete = complete
        dayBytes = Self.isoBytes(rowDays ?? history.days)
        legs = zip(fromRates, toRates).map { from, to in
            var legs = Legs()
            guard let from, let to else { return legs }
            legs.present = true
            if let f = DecimalParts(from), let t = DecimalParts(to), !f.negative, !t.negative, f.mantissa <= UInt64.max,
                t.mantissa <= UInt64.max
            {
                legs = Legs(
                    from: UInt64(f.mantissa), to: UInt64(t.mantissa), fromExponent: Int32(f.exponent), toExponent: Int32(t.exponent),
                    present: true, exact: true)
            }
            return legs
        }
        self.format = format
        var table: [Int32] = []
        if let first = history.days.first, let last = history.days.last {
            table.reserveCapacity(last.ordinal - first.ordinal + 1)
            var index = 0
            for ordinal in first.ordinal...last.ordinal {
                while index + 1 < days.count, days[index + 1].ordinal <= ordinal { index += 1 }
                table.append(Int32(index))
            }
        }
        onOrBefore = table
    }

    /// The publication a row dated `day` takes: that day's or the last before it, or with
    /// `strictlyBefore` the last before it.
    func index(for day: Day, strictlyBefore: Bool) -> Result<Int, CSVRowProblem> {
        if !ruleTable.isEmpty {
            let offset = day.ordinal - ruleStart
            if offset >= 0, offset < ruleTable.count, case let index = Int(ruleTable[offset]), index >= 0, legs[index].present {
                return .success(index)
            }
        }
        if let rule { return ruleIndex(rule, day) }
        let wanted = strictlyBefore ? day.adding(days: -1) : day
        var found: Int?
        if let first = days.first, let last = days.last, wanted >= first {
            found = wanted >= last ? days.count - 1 : Int(onOrBefore[wanted.ordinal - first.ordinal])
        }
        guard let index = found else {
            let first = days.first ?? day
            if complete { return .failure(.rates(.history(.beforeFirstPublication(day, first: first, sourceName: provenance.sourceName)))) }
            return .failure(
                .rates(
                    .history(
                        .notFetched(
                            day, held: first...(days.last ?? first), builtIn: provenance.origin == .builtIn,
                            sourceName: provenance.sourceName))))
        }
        guard legs[index].present else {
            let code = fromRates[index] == nil ? from : to
            return .failure(.rates(gap(code, at: index, asked: day)))
        }
        return .success(index)
    }

    /// The rule's publication for `day`; one without a rate for either currency is the row's error.
    private func ruleIndex(_ rule: RuleSeries, _ day: Day) -> Result<Int, CSVRowProblem> {
        switch rule.index(for: day) {
        case .success(let index):
            guard legs[index].present else {
                let code = fromRates[index] == nil ? from : to
                return .failure(
                    .rates(.history(.rule(.currencyMissing(code, publication: days[index], institution: rule.rule.institution)))))
            }
            return .success(index)
        case .failure(let miss): return .failure(.rates(.history(.rule(miss))))
        }
    }

    /// `rate`, `rate_date`, `source`, and under a named rule `rule`: the columns a row adds.
    func addedFields(at index: Int) -> [String] {
        let day = withDayText(at: index) { String(decoding: $0, as: UTF8.self) }
        return [rateText(at: index), day, provenance.source.rawValue] + (rule.map { [$0.rule.name] } ?? [])
    }

    /// The publication at `index` as a quote for a row dated `day`, dated the day of its rows (the
    /// older, where one was carried): what `--explain` shows of a row, with the rule's steps under a named rule.
    func quote(at index: Int, on day: Day) -> Quote {
        var dated = Provenance(
            source: provenance.source, sourceName: provenance.sourceName, date: rowDays?[index] ?? days[index],
            fetchedAt: provenance.fetchedAt,
            origin: provenance.origin)
        dated.rule = rule?.note(for: day, at: index)
        return Quote(from: from, to: to, fromPerBase: fromRates[index]!, toPerBase: toRates[index]!, provenance: dated)
    }

    /// `amount` of `from` in `to` at the publication `index` rounded once to `places`, as a typed
    /// conversion computes it; nil where that is beyond a Decimal.
    func convert(_ amount: Decimal, at index: Int, places: Int) -> Decimal? {
        Decimal.product(amount, times: toRates[index]!, over: fromRates[index]!, places: places)
    }

    /// The rate as written in the `rate` column: see `AuditRate`.
    func rateText(at index: Int) -> String {
        DecimalFormat.plain(AuditRate.rate(to: toRates[index]!, from: fromRates[index]!), format: format)
    }

    /// |amount| converted, in units of 10^-digits, exactly rounded; nil where `FixedPoint` cannot.
    func units(_ amount: DecimalParts, at index: Int, digits: Int) -> UInt128? {
        let legs = self.legs[index]
        guard legs.exact else { return nil }
        return FixedPoint.product(
            amount.mantissa, exponent: amount.exponent, times: UInt128(legs.to), exponent: Int(legs.toExponent),
            over: UInt128(legs.from), exponent: Int(legs.fromExponent), scale: digits)
    }

    /// The publication day at `index` as ISO text.
    func withDayText<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        dayBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[index * 10..<index * 10 + 10])) }
    }

    private static func isoBytes(_ days: [Day]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(days.count * 10)
        // Digits appended one by one: an array literal per day was 9% of a 1,000-row file's time.
        func digit(_ value: Int) { bytes.append(UInt8(48 + value % 10)) }
        for day in days {
            let (y, m, d) = day.components
            digit(y / 1000)
            digit(y / 100)
            digit(y / 10)
            digit(y)
            bytes.append(UInt8(ascii: "-"))
            digit(m / 10)
            digit(m)
            bytes.append(UInt8(ascii: "-"))
            digit(d / 10)
            digit(d)
        }
        return bytes
    }

    private func gap(_ code: CurrencyCode, at index: Int, asked: Day) -> RateError {
        guard let span = history.span(of: code), span.contains(asked) else {
            return .history(
                .outsideCurrencyRange(code, asked: asked, span: history.span(of: code) ?? asked...asked, sourceName: provenance.sourceName))
        }
        let column = history.columns[code] ?? []
        let before = column[..<index].lastIndex { $0 != nil }.map { days[$0] } ?? span.lowerBound
        let after = column[index...].firstIndex { $0 != nil }.map { days[$0] } ?? span.upperBound
        return .history(.currencyGap(code, asked: asked, lastBefore: before, nextAfter: after, sourceName: provenance.sourceName))
    }
}
