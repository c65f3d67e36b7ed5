import FXRates

/// `history … --csv`'s rows written as bytes. A decade's pair is thousands of rows: through
/// `Decimal` (a 38-digit division per cross rate, then rounding, then interpolation, three
/// zero-padded `String`s a day) `history usd ngn all --csv` spent 129 M of its 187 M instructions
/// here (callgrind, 7,260 rows, 2026-11-25); written from `FixedPoint`'s one rounded integer
/// division it spends about 3 M (see Benchmarks/README.md, "Frankfurter v2").
enum HistoryCSV {
    static func text(_ history: PairHistory) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24 + history.points.count * 40)
        bytes.append(contentsOf: "date,base,quote,rate".utf8)
        let pair = Array(",\(history.base),\(history.quote),".utf8)
        for point in history.points {
            bytes.append(UInt8(ascii: "\n"))
            appendDay(point.day, to: &bytes)
            bytes.append(contentsOf: pair)
            if !appendRate(point, to: &bytes) {
                bytes.append(contentsOf: HistoryRenderer.exact(point.rate).utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `YYYY-MM-DD`, as `Day.description` writes it for years 1000–9999; others take its path.
    private static func appendDay(_ day: Day, to bytes: inout [UInt8]) {
        let (year, month, date) = day.components
        guard (1000...9999).contains(year) else { return bytes.append(contentsOf: day.description.utf8) }
        for divisor in [1000, 100, 10, 1] { bytes.append(UInt8(truncatingIfNeeded: year / divisor % 10) &+ 48) }
        bytes.append(UInt8(ascii: "-"))
        bytes.append(UInt8(truncatingIfNeeded: month / 10) &+ 48)
        bytes.append(UInt8(truncatingIfNeeded: month % 10) &+ 48)
        bytes.append(UInt8(ascii: "-"))
        bytes.append(UInt8(truncatingIfNeeded: date / 10) &+ 48)
        bytes.append(UInt8(truncatingIfNeeded: date % 10) &+ 48)
    }

    /// The rate rounded once to `HistoryRenderer.exact`'s ten places, half away from zero, without
    /// trailing zeros; false where 128 bits do not hold the work (or a rate is negative), for the
    /// `Decimal` path to write it.
    private static func appendRate(_ point: RatePoint, to bytes: inout [UInt8]) -> Bool {
        let scale = HistoryRenderer.exactScale
        guard let quote = DecimalParts(point.quotePerPivot), !quote.negative else { return false }
        var mantissa: UInt128
        var exponent: Int
        if let base = point.basePerPivot {
            guard let divisor = DecimalParts(base), !divisor.negative, divisor.mantissa != 0,
                let quotient = FixedPoint.divide(
                    quote.mantissa, timesTenToThe: quote.exponent - divisor.exponent + scale, by: divisor.mantissa)
            else { return false }
            (mantissa, exponent) = (quotient, -scale)
        } else if quote.exponent < -scale {
            guard -scale - quote.exponent < 39 else { return false }
            (mantissa, exponent) = (FixedPoint.round(quote.mantissa, droppingDigits: -scale - quote.exponent), -scale)
        } else {
            (mantissa, exponent) = (quote.mantissa, quote.exponent)
        }
        while exponent < 0, mantissa != 0, mantissa % 10 == 0 {
            mantissa /= 10
            exponent += 1
        }
        if mantissa == 0 { exponent = max(exponent, 0) }
        let capacity = FixedPoint.capacity(exponent: exponent, fractionDigits: 0)
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: capacity))
        let written = bytes.withUnsafeMutableBufferPointer { buffer in
            FixedPoint.write(
                mantissa, exponent: exponent, negative: false, fractionDigits: 0, grouping: false, to: buffer.baseAddress! + start)
        }
        bytes.removeLast(capacity - written)
        return true
    }
}
