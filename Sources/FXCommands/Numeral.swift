/// The digits of an amount with its group separators and decimal mark, however they are written:
/// `1,234.56`, `1.234,56`, `1 234,56`, `1'234.50`, `1_000`, `1,00,000`, `12,5`.
///
/// What is unambiguous reads the same under every `NumberFormat`: two different marks (the last is
/// the decimal mark), one mark repeated (`1.234.567`: groups), apostrophes, underscores and spaces
/// (groups), and a lone `.` or `,` followed by other than three digits (a decimal mark). Only a
/// lone mark before exactly three digits (`1.234`, `1,234`) is read by the format.
enum Numeral {
    private enum Mark: Equatable {
        case comma, point, apostrophe, underscore, space
    }

    private static func mark(_ character: Character) -> Mark? {
        switch character {
        case ",": .comma
        case ".": .point
        case "'", "’": .apostrophe
        case "_": .underscore
        case " ", "\u{00A0}", "\u{202F}": .space
        default: nil
        }
    }

    /// Whether `character` may stand inside a numeral: a digit or a mark.
    static func continues(_ character: Character) -> Bool {
        character.isASCII && character.isNumber || mark(character) != nil
    }

    /// The value and the decimals typed. The outer nil means malformed; the inner nil means more
    /// digits than an exact decimal holds.
    static func read(_ text: Substring, format: NumberFormat) -> (value: Decimal?, scale: Int)? {
        if let plain = plainDecimal(text, format: format) { return plain }
        var runs: [Substring] = []
        var marks: [Mark] = []
        var runStart = text.startIndex
        for index in text.indices {
            guard let found = mark(text[index]) else {
                guard text[index].isASCII, text[index].isNumber else { return nil }
                continue
            }
            runs.append(text[runStart..<index])
            marks.append(found)
            runStart = text.index(after: index)
        }
        runs.append(text[runStart...])

        guard let hasDecimal = lastMarkIsDecimal(runs: runs, marks: marks, format: format) else { return nil }
        let integerRuns = hasDecimal ? runs.dropLast() : runs[...]
        let fraction = hasDecimal ? runs.last! : ""
        if integerRuns.count > 1 {
            guard validGroups(integerRuns, indian: marks.first == .comma) else { return nil }
        }
        let integer = integerRuns.joined()
        guard !(integer.isEmpty && fraction.isEmpty) else { return nil }
        return (Decimal(exactly: integer + (fraction.isEmpty ? "" : "." + fraction)), fraction.count)
    }

    /// `100` and `12.50` without building runs of marks: the first use of those generic arrays
    /// cost a one-shot answer 0.4 M instructions, a quarter of it (measured with Scripts/instruction-budget).
    /// Nil for anything else, including `1.234` where the format may read the point as a group mark.
    private static func plainDecimal(_ text: Substring, format: NumberFormat) -> (value: Decimal?, scale: Int)? {
        var digits = 0, point: Int?
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard point == nil, digits > 0 else { return nil }
                point = digits
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                digits += 1
            }
        }
        let scale = point.map { digits - $0 } ?? 0
        guard digits > 0, point == nil || scale > 0, point == nil || scale != 3 || format.decimalMark == "." else { return nil }
        return (Decimal(exactly: String(text)), scale)
    }

    /// Whether the last mark is a decimal mark; nil when the marks cannot be read at all.
    private static func lastMarkIsDecimal(runs: [Substring], marks: [Mark], format: NumberFormat) -> Bool? {
        guard let last = marks.last else { return false }
        var kinds: [Mark] = []
        for kind in marks where !kinds.contains(kind) { kinds.append(kind) }
        let isDecimalKind = last == .comma || last == .point
        switch kinds.count {
        case 1:
            // A mark that repeats, or one that only ever groups, separates groups.
            guard isDecimalKind, marks.count == 1 else { return false }
            guard runs[1].count == 3 else { return true }
            // `1.234` or `1,234`: the format decides; a reading as groups that cannot be groups is a decimal.
            let typed: Character = last == .comma ? "," : "."
            if typed == format.decimalMark || !validGroups(runs[0...0] + [runs[1]], indian: false) { return true }
            return false
        case 2:
            // `1.234,56`, `1'234.50`: the last mark is the decimal mark, and occurs once, last.
            guard isDecimalKind, marks.dropLast().allSatisfy({ $0 != last }) else { return nil }
            return true
        default:
            return nil
        }
    }

    /// Thousands groups (`1,234,567`) or Indian ones (`12,34,567`); a first group with a leading
    /// zero is no group (`0,123` is a decimal).
    private static func validGroups(_ groups: ArraySlice<Substring>, indian: Bool) -> Bool {
        guard let first = groups.first, (1...3).contains(first.count), first.first != "0" else { return false }
        let rest = groups.dropFirst()
        if rest.allSatisfy({ $0.count == 3 }) { return true }
        guard indian, first.count <= 2, rest.last?.count == 3 else { return false }
        return rest.dropLast().allSatisfy { $0.count == 2 }
    }
}
