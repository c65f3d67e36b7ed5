import FXRates

/// The lane per currency: a pair never asked is answered from the rows of the fetch the general
/// path would answer it from. Learnt pair by pair, each of the 39,601 pairs of a blend's 199
/// currencies cost a general answer (about 250 K instructions) before the lane took it, and again
/// after each second's trust: 1 M lines took 0.90 s, 0.22 s with the rows (Benchmarks/README.md,
/// "Script mode per currency of a fetch").
///
/// The rows come from the rate service (`RateService.directRows`), asked after a line the
/// general path answered directly from a source without any warning, and are kept only if the
/// lane's answer to that very line from them is byte for byte what was printed. A pair is
/// answered from a source's rows when both are there and no source asked before it has both
/// in its table (the general path would ask that one first); anything else is left to the
/// general path. The rows obey the pairs' rules (a second's trust, forgotten with any other
/// fetch of a source they depend on) and are dropped when the session's names or settings change.
extension QuickLane {
    /// One fetch's rows, and what the sources asked before it cover.
    struct Rows {
        var source: SourceID
        /// The index in `rates` of each code's row (by `Line.code`), or -1.
        var places: [Int32]
        var rates: [Rate]
        /// For each source asked before this one, a bit per code (by `Line.code`) its table has.
        var earlier: [[UInt64]]
        var stamp: Int
        var expires: Date
    }

    /// A row's rate as an integer with a scale, and the decimals its currency is shown with.
    struct Rate {
        var perBase: UInt128
        var scale: Int
        var typedDigits: Int
        var minorUnits: Int
    }

    /// Codes of three letters, as `Line.code` numbers them.
    static let codeCount = 26 * 26 * 26

    /// The pair of `line` as the rows would answer it, or nil when they may not.
    static func rowEntry(for line: Line, now: Date, in tables: [Rows]) -> Entry? {
        let from = Int(Line.code(line.from)), to = Int(Line.code(line.to))
        guard from != to else { return nil }
        for rows in tables {
            let fromPlace = Int(rows.places[from]), toPlace = Int(rows.places[to])
            guard fromPlace >= 0, toPlace >= 0 else { continue }
            // An earlier source with both currencies is asked first: its rows may answer, or the general path.
            guard now < rows.expires, !rows.earlier.contains(where: { Self.has($0, from) && Self.has($0, to) }) else { continue }
            let fromRate = rows.rates[fromPlace], toRate = rows.rates[toPlace]
            return Entry(
                toPerBase: toRate.perBase, toScale: toRate.scale, fromPerBase: fromRate.perBase, fromScale: fromRate.scale,
                fromDigits: fromRate.typedDigits, toDigits: toRate.minorUnits, from: line.from, to: line.to,
                stamp: rows.stamp, expires: rows.expires)
        }
        return nil
    }

    static func has(_ bits: [UInt64], _ code: Int) -> Bool { bits[code >> 6] & (1 << UInt64(code & 63)) != 0 }

    /// Whether rows of the fetch `provenance` names would be new here (none held, or expired).
    public func wantsRows(of provenance: Provenance) -> Bool {
        let stamp = Stamp(provenance), now = clock.now()
        return !tables.contains { stamps[$0.stamp] == stamp && now < $0.expires }
    }

    /// Learns `direct`'s rows, whose decimals `catalog` gives, those codes only that the session
    /// reads as themselves (`reads`), after the general path printed `printed` for `line` from them.
    public func learnRows(
        _ direct: DirectRows, catalog: CurrencyCatalog, reads: (CurrencyCode) -> Bool, line: String, printed: String, generation: Int
    ) {
        guard let parsed = line.utf8.withContiguousStorageIfAvailable({ Self.parse($0, format: format) }) ?? nil else { return }
        var places = [Int32](repeating: -1, count: Self.codeCount)
        var rates: [Rate] = []
        for (code, value) in direct.rows {
            guard let index = Self.index(of: code), let rate = Self.integer(value), reads(code) else { continue }
            places[index] = Int32(rates.count)
            rates.append(
                Rate(
                    perBase: rate.value, scale: rate.scale, typedDigits: catalog.typedDigits(of: code),
                    minorUnits: catalog.minorUnits(of: code)))
        }
        let earlier = direct.earlier.map { source in
            var bits = [UInt64](repeating: 0, count: (Self.codeCount + 63) / 64)
            for code in source.currencies { if let index = Self.index(of: code) { bits[index >> 6] |= 1 << UInt64(index & 63) } }
            return bits
        }
        let now = clock.now()
        var rows = Rows(
            source: direct.provenance.source, places: places, rates: rates, earlier: earlier, stamp: 0,
            expires: min(expiry(for: direct.provenance, now: now), direct.validUntil))
        // The lane must print exactly what the general path printed for this very line.
        let expected = Array((printed + "\n").utf8)
        let same = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longestAnswer) { buffer in
            Self.rowEntry(for: parsed, now: now, in: [rows]).flatMap { Self.render(parsed, $0, format: format, into: buffer) }
                .map { Array(buffer[..<$0]) == expected } ?? false
        }
        guard same else { return }
        // A fetch of a source depended on other than the one known: forget first; then note them all.
        observe([direct.provenance] + direct.earlier.compactMap(\.provenance))
        rows.stamp = stamp(for: direct.provenance)
        for source in direct.earlier {
            if let provenance = source.provenance { _ = stamp(for: provenance) } else { watched.append(source.source) }
        }
        rowsGeneration = generation
        tables.removeAll { $0.source == rows.source }
        tables.append(rows)
    }

    /// The session's names or settings changed (`Workspace.generation`): a code may read otherwise now.
    public func noteGeneration(_ generation: Int) {
        guard !tables.isEmpty, generation != rowsGeneration else { return }
        tables.removeAll()
    }

    /// `Line.code` of a code of three capital letters; nil for any other.
    static func index(of code: CurrencyCode) -> Int? {
        let bytes = Array(code.rawValue.utf8)
        guard bytes.count == 3, bytes.allSatisfy({ (0x41...0x5A).contains($0) }) else { return nil }
        return Int(Line.code((bytes[0], bytes[1], bytes[2])))
    }
}
