import FXRates

/// `▁▃▅▇█`: a series in eight levels of block, one character a value, lowest to highest.
public enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// Empty for fewer than two values; a flat series is a flat line.
    public static func text(_ values: [Double]) -> String {
        guard values.count > 1, let low = values.min(), let high = values.max() else { return "" }
        let span = high - low
        return String(
            values.map { value in
                span > 0 ? blocks[min(blocks.count - 1, Int((value - low) / span * Double(blocks.count - 1) + 0.5))] : blocks[3]
            })
    }
}
