import FXCommands
import FXRates
import FXAnswers
import FXRender

/// Script mode's fast lane for its commonest line, `[convert] <amount> <from> [to|in] <to>`,
/// once the general path has answered the same pair: a million-line file then costs
/// integer arithmetic per line instead of a parse, an actor call, Decimal and String work.
/// Measured alone, without it script mode misses its target by two orders of magnitude (see
/// Benchmarks/README.md, "What each fast path is worth").
///
/// The general path stays the authority. The lane learns a pair only from a line the general
/// path answered without any warning, and only if the lane's own answer to that very line is
/// byte for byte what the general path printed. A learned pair expires after a second (or when
/// its rates are superseded), rates from another fetch of a source it learned from and every other
/// command make it forget them all, so the lane never answers from rates the general path would
/// no longer use. Anything else it leaves alone. A pair never asked may be answered from the
/// rows of the fetch the general path would answer it from (`QuickLane+Rows.swift`).
public final class QuickLane: @unchecked Sendable {
    /// A learned pair: the exact rates as integers with scales, and the decimals to show.
    struct Entry {
        var toPerBase: UInt128
        var toScale: Int
        var fromPerBase: UInt128
        var fromScale: Int
        var fromDigits: Int
        var toDigits: Int
        var from: (UInt8, UInt8, UInt8)
        var to: (UInt8, UInt8, UInt8)
        /// Which fetch of which source the rates came from (an index into `stamps`).
        var stamp: Int
        var expires: Date
    }

    /// A line of the one shape the lane answers.
    struct Line {
        var amount: UInt128
        var scale: Int
        var from: (UInt8, UInt8, UInt8)
        var to: (UInt8, UInt8, UInt8)
        var key: UInt32 { Self.code(from) << 15 | Self.code(to) }

        static func code(_ letters: (UInt8, UInt8, UInt8)) -> UInt32 {
            (UInt32(letters.0 - 65) * 26 + UInt32(letters.1 - 65)) * 26 + UInt32(letters.2 - 65)
        }
    }

    let catalog: CurrencyCatalog
    let clock: any WallClock
    /// Learned pairs: `keys` open-addressed by `Line.key` (a Dictionary's hashing cost a tenth of
    /// a line), each with the index of its entry in `entries`. The table doubles when half full:
    /// a script across the world's 189 currencies has 35,721 pairs.
    var keys = [UInt32](repeating: QuickLane.empty, count: QuickLane.initialCapacity)
    var places = [Int32](repeating: 0, count: QuickLane.initialCapacity)
    var entries: [Entry] = []
    var learned: Int { entries.count }
    /// Nothing learnt: no pair, no rows; every line goes to the general path.
    var knowsNothing: Bool { entries.isEmpty && tables.isEmpty }
    var stamps: [Stamp] = []
    /// Rows learnt per currency (`QuickLane+Rows.swift`), one fetch of a source each.
    var tables: [Rows] = []
    /// Sources the rows depend on whose fetch is not known here: any answer from one makes the lane forget.
    var watched: [SourceID] = []
    /// `Workspace.generation` when the rows were learnt.
    var rowsGeneration = 0
    private static let empty = UInt32.max
    private static let initialCapacity = 4096
    /// 2^17 slots: every pair of 256 currencies, 7 MB with their entries.
    private static let largestCapacity = 1 << 17
    /// Lines answered here, for tests and the benchmark.
    public internal(set) var answered = 0
    /// The number format answers are read and written in (`set number_format`): a change forgets
    /// what was learned in the other. The lane used to step aside under any format but `en`:
    /// 20,000 lines under `de` took 4.8 G instructions then, 91 M now (callgrind).
    public var format: NumberFormat = .english {
        didSet { if format != oldValue { forget() } }
    }
    /// How long a learned pair is trusted before the general path is asked again.
    static let lifetime: TimeInterval = 1

    public init(catalog: CurrencyCatalog = .standard, clock: any WallClock) {
        self.catalog = catalog
        self.clock = clock
    }

    /// Writes the answer to `line` (without its newline) to `out` and returns true, or returns
    /// false and writes nothing when the general path must answer.
    public func answer(_ line: UnsafeBufferPointer<UInt8>, to out: any TextOutput) -> Bool {
        guard !knowsNothing else { return false }
        guard let parsed = Self.parse(line, format: format) else { return answerSum(line, to: out) }
        let now = clock.now()
        // A pair learnt, else one whose rows are; expired, the general path answers and the lane learns again.
        let learnt = entry(for: parsed.key).flatMap { now < $0.expires ? $0 : nil }
        guard let entry = learnt ?? Self.rowEntry(for: parsed, now: now, in: tables) else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longestAnswer) { buffer in
            guard let length = Self.render(parsed, entry, format: format, into: buffer) else { return false }
            out.write(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[..<length])))
            answered += 1
            return true
        }
    }

    /// The slot holding `key`, or the empty slot where it would go (the table is never full).
    func slot(for key: UInt32) -> Int {
        let mask = keys.count - 1
        var index = Int((key &* 2_654_435_761) >> UInt32(32 - mask.nonzeroBitCount)) & mask
        while keys[index] != key && keys[index] != Self.empty { index = (index + 1) & mask }
        return index
    }

    /// The pair learned under `key`, expired or not.
    func entry(for key: UInt32) -> Entry? {
        let slot = slot(for: key)
        return keys[slot] == key ? entries[Int(places[slot])] : nil
    }

    /// Learns the pair of a conversion the general path answered for `line` and printed as `printed`.
    public func learn(line: String, conversion: Conversion, printed: String) {
        guard conversion.lines.count == 1, let answer = conversion.lines.first, answer.quote.via == nil,
            let parsed = line.utf8.withContiguousStorageIfAvailable({ Self.parse($0, format: format) }) ?? nil,
            let to = Self.integer(answer.quote.toPerBase), let from = Self.integer(answer.quote.fromPerBase)
        else { return }
        let provenance = answer.quote.provenance
        let entry = Entry(
            toPerBase: to.value, toScale: to.scale, fromPerBase: from.value, fromScale: from.scale,
            fromDigits: catalog.typedDigits(of: conversion.from), toDigits: answer.fractionDigits,
            from: parsed.from, to: parsed.to,
            stamp: stamp(for: provenance),
            expires: expiry(for: provenance, now: clock.now()))
        // The lane must print exactly what the general path printed for this very line.
        let expected = Array((printed + "\n").utf8)
        let same = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longestAnswer) { buffer in
            Self.render(parsed, entry, format: format, into: buffer).map { Array(buffer[..<$0]) == expected } ?? false
        }
        guard same else { return }
        observe([provenance])
        store(entry, key: parsed.key)
    }

    func store(_ entry: Entry, key: UInt32) {
        let slot = slot(for: key)
        if keys[slot] == key {
            entries[Int(places[slot])] = entry
            return
        }
        // Half full at most, so probes stay short: the table doubles, up to the largest.
        if learned >= keys.count / 2 {
            guard keys.count < Self.largestCapacity else { return }
            grow()
            return store(entry, key: key)
        }
        keys[slot] = key
        places[slot] = Int32(entries.count)
        entries.append(entry)
    }

    /// Twice the slots, each learned pair placed again.
    private func grow() {
        let old = keys, oldPlaces = places
        keys = [UInt32](repeating: Self.empty, count: old.count * 2)
        places = [Int32](repeating: 0, count: old.count * 2)
        for (index, key) in old.enumerated() where key != Self.empty {
            let slot = slot(for: key)
            keys[slot] = key
            places[slot] = oldPlaces[index]
        }
    }

    /// The index of the fetch `provenance` names, kept so that a newer fetch makes the lane forget.
    func stamp(for provenance: Provenance) -> Int {
        let stamp = Stamp(provenance)
        if let index = stamps.firstIndex(of: stamp) { return index }
        stamps.append(stamp)
        return stamps.count - 1
    }

    /// A second from now, or sooner when the rates are superseded before.
    func expiry(for provenance: Provenance, now: Date) -> Date {
        let expires = now.addingTimeInterval(Self.lifetime)
        if let superseded = provenance.supersededAt, superseded > now, superseded < expires { return superseded }
        return expires
    }

    public func observe(_ provenances: [Provenance]) {
        guard !knowsNothing else { return }
        for provenance in provenances {
            let stamp = Stamp(provenance)
            // Rates of the same source from another fetch: its table moved on, start over.
            if stamps.contains(where: { $0 != stamp && $0.source == stamp.source }) || watched.contains(stamp.source) {
                forget()
                return
            }
        }
    }

    /// A fetch: its source, instant and origin. The date only for built-in data, which has no
    /// instant: in a table whose rows carry their own dates (a Frankfurter blend) each pair is
    /// dated by its older row, and two pairs of one fetch must not look like two fetches (the
    /// lane forgot everything at each such pair: 20,000 lines across the blend took 1.0 s).
    /// Compared as values: it was text, whose making cost a tenth of a general line.
    struct Stamp: Equatable {
        let source: SourceID
        let instant: Date?
        let date: Day?
        let origin: Provenance.Origin

        init(_ provenance: Provenance) {
            (source, instant, origin) = (provenance.source, provenance.fetchedAt, provenance.origin)
            date = provenance.fetchedAt == nil ? provenance.date : nil
        }
    }

    /// Every other command may change the rates (`refresh`) or the sources: forget everything.
    public func forget() {
        guard !knowsNothing || !stamps.isEmpty || !watched.isEmpty else { return }
        for index in keys.indices { keys[index] = Self.empty }
        entries.removeAll(keepingCapacity: true)
        stamps.removeAll()
        tables.removeAll()
        watched.removeAll()
    }

    // MARK: - Parsing

    /// `[convert ]<digits>[.<digits>] <abc> [to |in ]<abc>`, single spaces, at most 18 digits,
    /// no leading zeros, and no `1.234` where `format` may read it as a thousand; nil for anything else.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, format: NumberFormat = .english) -> Line? {
        var index = 0
        let count = bytes.count
        func lower(_ at: Int) -> UInt8 { bytes[at] | 0x20 }
        if count > 8, lower(0) == 0x63, lower(1) == 0x6F, lower(2) == 0x6E, lower(3) == 0x76, lower(4) == 0x65,
            lower(5) == 0x72, lower(6) == 0x74, bytes[7] == 0x20
        {
            index = 8  // "convert "
        }
        let start = index
        let syntax = FixedPoint.Syntax(threeDecimals: format.decimalMark == ".", significantDigits: 18, stop: 0x20)
        guard let amount = FixedPoint.read(bytes, from: start, syntax), amount.digits <= 18 else { return nil }
        index = amount.end
        // `007` or `00.5`: the general path decides what leading zeros mean.
        if bytes[start] == 0x30, index - start > 1, bytes[start + 1] != 0x2E { return nil }
        guard index < count, bytes[index] == 0x20 else { return nil }
        index += 1
        guard let from = letters(bytes, at: index) else { return nil }
        index += 3
        guard index < count, bytes[index] == 0x20 else { return nil }
        index += 1
        if index + 2 < count, bytes[index + 2] == 0x20,
            (lower(index) == 0x74 && lower(index + 1) == 0x6F) || (lower(index) == 0x69 && lower(index + 1) == 0x6E)
        {
            index += 3  // "to " or "in "
        }
        guard let to = letters(bytes, at: index), index + 3 == count else { return nil }
        return Line(amount: amount.mantissa, scale: amount.scale, from: from, to: to)
    }

    /// Three ASCII letters, upper-cased.
    static func letters(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt8, UInt8, UInt8)? {
        guard index + 3 <= bytes.count else { return nil }
        let first = bytes[index] & 0xDF, second = bytes[index + 1] & 0xDF, third = bytes[index + 2] & 0xDF
        guard (0x41...0x5A).contains(first), (0x41...0x5A).contains(second), (0x41...0x5A).contains(third) else { return nil }
        return (first, second, third)
    }

    /// A positive rate as an integer and a scale (`1.1172` → 11172, 4), when it fits 19 digits.
    static func integer(_ value: Decimal) -> (value: UInt128, scale: Int)? {
        guard value > 0, let parts = DecimalParts(value), parts.mantissa <= UInt128(UInt64.max) else { return nil }
        return (parts.mantissa, -parts.exponent)
    }

    // MARK: - Arithmetic and text

    /// 18 digits and 8 separators of up to 3 bytes, a code, " = ", 39 digits, 19 separators, a
    /// mark and a leading zero, a code, newline; with room for decimals of crypto amounts.
    static let longestAnswer = 256

    /// `17,612.72 JPY = 159.44 AUD\n` in `format`: the amount × to / from rounded half away from
    /// zero, as `Quote.convert` and `Decimal.rounded(scale:)` do, computed exactly by `FixedPoint`.
    /// Returns the length written, or nil when the numbers do not fit.
    static func render(_ line: Line, _ entry: Entry, format: NumberFormat, into out: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        guard
            let result = FixedPoint.product(
                line.amount, exponent: -line.scale, times: entry.toPerBase, exponent: -entry.toScale, over: entry.fromPerBase,
                exponent: -entry.fromScale, scale: entry.toDigits)
        else { return nil }
        let base = out.baseAddress!
        var at = FixedPoint.write(
            line.amount, exponent: -line.scale, negative: false, fractionDigits: entry.fromDigits, format: format, grouping: true, to: base)
        out[at] = 0x20; out[at + 1] = entry.from.0; out[at + 2] = entry.from.1; out[at + 3] = entry.from.2
        out[at + 4] = 0x20; out[at + 5] = 0x3D; out[at + 6] = 0x20  // " = "
        at += 7
        at += FixedPoint.write(
            result, exponent: -entry.toDigits, negative: false, fractionDigits: entry.toDigits, format: format, grouping: true,
            to: base + at)
        out[at] = 0x20; out[at + 1] = entry.to.0; out[at + 2] = entry.to.1; out[at + 3] = entry.to.2
        out[at + 4] = 0x0A
        return at + 5
    }
}
