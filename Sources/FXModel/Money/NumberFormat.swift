/// How numbers are written where they could be read two ways (`1.234`, `1,234`), and how
/// fx writes them when asked (the `number_format` setting). Unambiguous input (`1.234,56`,
/// `1'234.50`, `1,00,000`, `12,5`) reads the same under every format.
public enum NumberFormat: String, Sendable, CaseIterable {
    /// `1,234.56`: `,` groups thousands and `.` is the decimal mark. fx's default.
    case english = "en"
    /// `1.234,56`.
    case german = "de"
    /// `1 234,56`, grouped with a narrow no-break space.
    case french = "fr"
    /// `1'234.56`.
    case swiss = "ch"
    /// `1,00,000.00`: lakhs and crores, grouped by two above the thousands.
    case indian = "in"

    /// The mark that `1.234` or `1,234` is read as a decimal point with.
    public var decimalMark: Character {
        switch self {
        case .english, .swiss, .indian: "."
        case .german, .french: ","
        }
    }

    /// `decimalMark` as the byte written.
    @inlinable public var decimalMarkByte: UInt8 {
        switch self {
        case .english, .swiss, .indian: UInt8(ascii: ".")
        case .german, .french: UInt8(ascii: ",")
        }
    }

    /// What stands between digit groups in output.
    public var groupSeparator: String {
        switch self {
        case .english, .indian: ","
        case .german: "."
        case .french: "\u{202F}"
        case .swiss: "'"
        }
    }
}
