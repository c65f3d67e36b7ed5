/// How a statement writes its dates, read from the dates themselves when no `--date-format`
/// says: ISO (`2024-03-01`), year first (`2024/03/01`, `2024.03.01`), day first with dots
/// (`01.03.2024`, `1.3.24`: as German and Swiss banks write them), a month's name (`01-Mar-2024`,
/// `1 Mar 2024`), and a slash or dash date with the year last (`1/3/2024`), whose order
/// `--date-order` gives or the file proves: a first number above 12 is a day, a second one
/// above 12 puts the month first. When every such date reads both ways, nothing is guessed.
public struct DateInference: Sendable {
    /// What the dates read so far settle.
    public enum Verdict: Equatable, Sendable {
        /// The format to read every row with, and what to tell the user (nil: nothing to tell).
        case format(String, InferredDates?)
        /// Every slash date read both ways: the first, as typed, and its two readings.
        case ambiguous(String, dayFirst: Day, monthFirst: Day)
    }

    /// `--date-order` or the `date_order` setting; `.ask` lets the file decide.
    public let order: DateOrder
    /// The first slash date seen: its text, separator and year's digits.
    private var open: (text: String, separator: Character, yearDigits: Int)?
    /// The first slash date that reads two different days (`01/03/2024`, not `01/01/2024`).
    private var twoWays: String?

    public init(order: DateOrder) {
        self.order = order
    }

    /// Reads one row's date field (at physical `line`); a verdict once the dates settle one.
    public mutating func read(_ field: String, line: Int) -> Verdict? {
        let text = Self.datePart(field)
        guard !text.isEmpty else { return nil }
        guard let shape = Self.shape(of: text) else {
            // Not a date fx can read without a format: ISO, and the rows say what is wrong.
            return open == nil ? .format("%Y-%m-%d", nil) : nil
        }
        switch shape {
        case .fixed(let format):
            guard open == nil else { return nil }
            return .format(format, format == "%Y-%m-%d" ? nil : InferredDates(format: format, example: text, proof: nil))
        case .slashed(let first, let second, let separator, let yearDigits):
            let year = yearDigits == 4 ? "%Y" : "%y"
            func format(dayFirst: Bool) -> String {
                (dayFirst ? ["%d", "%m", year] : ["%m", "%d", year]).joined(separator: String(separator))
            }
            if order != .ask {
                return .format(format(dayFirst: order == .dmy), nil)
            }
            if open == nil { open = (text, separator, yearDigits) }
            guard first > 12 || second > 12 else {
                if twoWays == nil, first != second { twoWays = text }
                return nil
            }
            let example = twoWays ?? open!.text
            let proof = example == text ? nil : (text: text, line: line)
            return .format(
                format(dayFirst: first > 12), InferredDates(format: format(dayFirst: first > 12), example: example, proof: proof))
        }
    }

    /// At the end of the file: the verdict the dates left open, if any.
    public func end() -> Verdict? {
        guard let open else { return nil }
        let year = open.yearDigits == 4 ? "%Y" : "%y"
        // Only dates such as `01/01/2024`, which read one way either way round.
        guard let twoWays else { return .format(["%d", "%m", year].joined(separator: String(open.separator)), nil) }
        let dayFirst = DayFormat(["%d", "%m", year].joined(separator: String(open.separator)))?.day(twoWays)
        let monthFirst = DayFormat(["%m", "%d", year].joined(separator: String(open.separator)))?.day(twoWays)
        guard let dayFirst, let monthFirst else { return .format("%Y-%m-%d", nil) }
        return .ambiguous(twoWays, dayFirst: dayFirst, monthFirst: monthFirst)
    }

    private enum Shape {
        case fixed(String)
        /// `a/b/yyyy`: which is the day is open.
        case slashed(Int, Int, separator: Character, yearDigits: Int)
    }

    /// The date without spaces around it or a time after it (`2024-03-01T10:00`, `01.03.2024 10:00`).
    static func datePart(_ field: String) -> String {
        // `1 Mar 2024` is three words; a time is the word with a colon, glued by a `T` or apart.
        var kept: [Substring] = []
        for word in field.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            guard word.contains(":") else {
                kept.append(word)
                continue
            }
            if let t = word.firstIndex(of: "T"), t > word.startIndex { kept.append(word[..<t]) }
            break
        }
        return kept.joined(separator: " ")
    }

    private static func shape(of text: String) -> Shape? {
        let characters = Array(text)
        // Runs of digits and of letters, and the separators between them.
        var runs: [String] = [], separators: [Character] = []
        var current = ""
        let kind = { (c: Character) in c.isASCII && c.isNumber ? 0 : c.isLetter ? 1 : 2 }
        for character in characters {
            if kind(character) == 2 {
                guard !current.isEmpty else { return nil }
                runs.append(current)
                separators.append(character)
                current = ""
            } else {
                if let last = current.last, kind(last) != kind(character) { return nil }
                current.append(character)
            }
        }
        runs.append(current)
        guard runs.count == 3, separators.count == 2, separators[0] == separators[1], !runs[2].isEmpty else { return nil }
        let separator = separators[0]
        let numbers = runs.map { Int($0) }
        let digits = runs.map(\.count)
        // `2024-03-01`, `2024/03/01`, `2024.03.01`.
        if digits[0] == 4, numbers[0] != nil, let month = numbers[1], let day = numbers[2], digits[1] <= 2, digits[2] <= 2 {
            guard (1...12).contains(month), (1...31).contains(day), "-/.".contains(separator) else { return nil }
            return .fixed("%Y\(separator)%m\(separator)%d")
        }
        guard digits[0] <= 2, let day = numbers[0], digits[2] == 4 || digits[2] == 2, numbers[2] != nil else { return nil }
        let year = digits[2] == 4 ? "%Y" : "%y"
        // `01-Mar-2024`, `1 Mar 2024`: a month's name.
        if numbers[1] == nil {
            guard DateNames.month(String(runs[1].lowercased().prefix(3))) != nil, runs[1].count >= 3, "- ".contains(separator) else {
                return nil
            }
            return .fixed("%d\(separator)%b\(separator)\(year)")
        }
        guard let second = numbers[1], digits[1] <= 2, day >= 1, second >= 1 else { return nil }
        // Dots: day first, always.
        if separator == "." { return .fixed("%d.%m.\(year)") }
        guard separator == "/" || separator == "-" else { return nil }
        guard day <= 31, second <= 31, day <= 12 || second <= 12 else { return nil }
        return .slashed(day, second, separator: separator, yearDigits: digits[2])
    }
}

/// Dates read in a format the file showed: the format, a date as written, and the date (with
/// its line) that settled which number is the day, when one had to.
public struct InferredDates: Equatable, Sendable {
    public let format: String
    public let example: String
    public let proof: (text: String, line: Int)?

    public init(format: String, example: String, proof: (text: String, line: Int)?) {
        self.format = format
        self.example = example
        self.proof = proof
    }

    /// The example's day, as the format reads it.
    public var day: Day? { DayFormat(format)?.day(example) }

    public static func == (lhs: InferredDates, rhs: InferredDates) -> Bool {
        lhs.format == rhs.format && lhs.example == rhs.example && lhs.proof?.text == rhs.proof?.text && lhs.proof?.line == rhs.proof?.line
    }
}
