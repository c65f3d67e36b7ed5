import FXCommands
import FXRates

/// The one rule for a percentage fee on a conversion, for the calculator (`+ 0.5% fee`) and
/// `csv --fee` alike: the fee is its share of the exact converted amount, rounded once, half away
/// from zero, to the target's minor unit; the total is the rounded conversion plus (or minus) the
/// rounded fee, so that the three figures shown add up. Neither is rounded from the other.
enum FeeRule {
    /// `percent` (0.5 for 0.5%) of `exact`, the unrounded converted amount, rounded to `places`.
    static func charge(on exact: Decimal, percent: Decimal, places: Int) throws(UsageError) -> Decimal {
        try Exact.divide(try Exact.multiply(exact, percent, exactTo: places + 2), 100, exactTo: places + 1).rounded(scale: places)
    }

    /// The amount whose conversion is the fee: `amount` × `fraction` (0.005 for 0.5%), exactly,
    /// so that a conversion rounded once gives `charge(on:)` of the converted amount; nil where
    /// 128 bits do not hold it (the row then takes the Decimal path).
    static func feeBase(_ amount: DecimalParts, fraction: DecimalParts) -> DecimalParts? {
        let (mantissa, overflow) = amount.mantissa.multipliedReportingOverflow(by: fraction.mantissa)
        guard !overflow else { return nil }
        return DecimalParts(negative: amount.negative, exponent: amount.exponent + fraction.exponent, mantissa: mantissa)
    }

    /// The subtotal and the fee, both already rounded, as the total.
    static func total(_ subtotal: Decimal, charge: Decimal, deducted: Bool) -> Decimal {
        deducted ? subtotal - charge : subtotal + charge
    }
}
