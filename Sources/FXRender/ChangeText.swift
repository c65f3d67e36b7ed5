import FXRates

/// `+1.40 (+0.10%)`: a rate's change against an earlier one, to the decimals the rate is shown
/// with (at least two), and in percent to two decimals. For `rate` and the `watch` board.
public struct ChangeText: Sendable, Equatable {
    public let text: String
    /// 1 up, -1 down, 0 unchanged at the decimals shown.
    public let direction: Int

    /// Nil when there is nothing to compare with (no previous rate, or a previous rate of 0).
    public init?(rate: Decimal, previous: Decimal) {
        guard previous != 0 else { return nil }
        let shown = DecimalFormat.rate(rate)
        let decimals = max(2, shown.split(separator: ".").dropFirst().first?.count ?? 0)
        let change = (rate - previous).rounded(scale: decimals)
        let percent = ((rate - previous) / previous * 100).rounded(scale: 2)
        direction = change > 0 ? 1 : change < 0 ? -1 : 0
        let sign = change < 0 ? "-" : "+"
        text =
            "\(sign)\(DecimalFormat.fixed(abs(change), fractionDigits: decimals)) (\(sign)\(DecimalFormat.fixed(abs(percent), fractionDigits: 2))%)"
    }

    /// Green up, red down, as is.
    public func styled(_ style: Style) -> String {
        direction > 0 ? style.green(text) : direction < 0 ? style.red(text) : text
    }
}
