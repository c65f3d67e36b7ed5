import FXRates

extension Messages {
    /// `implausible rate 1 EUR = 0.0000000001 USD (2026-10-30): no real rate is below 0.000000001`;
    /// `implausible rate 1 EUR = 2.5 USD (2026-10-30), 2.24× its 1.1172 of 2026-10-29,
    /// or `1/2.5 of its …`, and no other source agrees`.
    static func implausible(_ doubt: ImplausibleRate) -> String {
        let pair = "implausible rate 1 \(doubt.base) = \(DecimalFormat.plain(doubt.figure)) \(doubt.currency) (\(doubt.day))"
        guard let reference = doubt.reference else {
            return doubt.figure < Plausibility.lowest
                ? pair + ": no real rate is below \(DecimalFormat.plain(Plausibility.lowest))"
                : pair + ": no real rate is above \(DecimalFormat.plain(Plausibility.highest))"
        }
        let up = doubt.figure > reference.figure
        let ratio = up ? doubt.figure / reference.figure : reference.figure / doubt.figure
        let rounded = ratio.rounded(scale: 2)
        let whose = reference.source.map { "\($0.rawValue)'s" } ?? "its"
        let shown = DecimalFormat.plain(rounded)
        return pair + ", \(up ? "\(shown)×" : "1/\(shown) of") \(whose) \(DecimalFormat.plain(reference.figure)) of \(reference.day), "
            + "and no other source agrees"
    }
}
