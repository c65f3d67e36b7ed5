/// Whole numbers written in English words, as people say an amount: `fifty`, `twenty-five`,
/// `twenty five`, `a hundred`, `one hundred and five`, `fifteen hundred`, `two thousand five
/// hundred`, `a million`, `half a million`, `three and a half thousand`.
///
/// A run reads only as a number a person would say: a unit after a unit (`five five`) or a
/// smaller scale before a larger one twice (`a thousand thousand`) ends the run, and a trailing
/// `and` or `a` is left for the words after it.
enum NumberWords {
    static let units: [String: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
        "nineteen": 19,
    ]
    static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    /// Powers of ten above the hundred; `hundred` multiplies the group it ends instead.
    static let scales: [String: Int] = ["thousand": 3, "million": 6, "billion": 9]

    /// Whether `word` (lower case) is a number word a run may start with.
    static func starts(_ word: String) -> Bool {
        units[word] != nil || tens[word] != nil || word == "half" || word == "a" || word == "an"
    }

    /// The value of the number words at `start` in `words` (lower case, a `-` between words
    /// that touch already joined away) and how many words it took; nil when they start none.
    /// `a`/`an` alone is no number here: `a dollar` is the phrasing's own reading.
    static func read(_ words: [String], from start: Int = 0) -> (value: Decimal, count: Int)? {
        var index = start
        var total = Decimal(0)
        // The group below the next scale word: `two hundred and five` before `thousand`.
        var group = 0
        var groupHasWords = false
        var lastUnit = false, lastTens = false, afterHundred = false
        var smallestScale = Int.max
        var half = false
        var readEnd = start
        var readValue: Decimal?

        func finish(at end: Int) {
            readEnd = end
            readValue = total + Decimal(group)
        }

        // `half a million`; `half a bitcoin` is a half of what follows.
        if words[safe: index] == "half", ["a", "an"].contains(words[safe: index + 1] ?? "") {
            guard let scale = words[safe: index + 2], let power = scale == "hundred" ? 2 : scales[scale] else {
                return (Decimal(sign: .plus, exponent: -1, significand: 5), 2)
            }
            return (Decimal(sign: .plus, exponent: power - 1, significand: 5), 3)
        }
        // `a hundred`, `a thousand`: the article is one, before a scale.
        if let first = words[safe: index], first == "a" || first == "an" {
            guard let next = words[safe: index + 1], next == "hundred" || scales[next] != nil else { return nil }
            group = 1
            groupHasWords = true
            index += 1
        }
        while let word = words[safe: index] {
            if let value = units[word] {
                // A unit after a unit, or after a ten a unit of ten or more, ends the run.
                guard !lastUnit, !(lastTens && (value == 0 || value >= 10)), value != 0 || (!groupHasWords && total == 0) else { break }
                if value == 0 {
                    index += 1
                    finish(at: index)
                    break
                }
                group += value
                groupHasWords = true
                lastUnit = true
                lastTens = false
            } else if let value = tens[word] {
                guard !lastUnit, !lastTens, group % 100 == 0 || afterHundred else { break }
                group += value
                groupHasWords = true
                lastTens = true
            } else if word == "hundred" {
                // `fifteen hundred`, `two hundred`; `a hundred` set the group to one above.
                guard groupHasWords, group > 0, group < 100, !afterHundred else { break }
                group *= 100
                afterHundred = true
                lastUnit = false
                lastTens = false
            } else if let power = scales[word] {
                guard groupHasWords, group > 0, power < smallestScale else { break }
                var scaled = Decimal(group) * Decimal(sign: .plus, exponent: power, significand: 1)
                if half { scaled += Decimal(sign: .plus, exponent: power - 1, significand: 5) }
                total += scaled
                smallestScale = power
                group = 0
                (groupHasWords, half, lastUnit, lastTens, afterHundred) = (false, false, false, false, false)
            } else if word == "and" {
                // `three and a half thousand`: a half of the scale that follows.
                if groupHasWords, !half, words[safe: index + 1] == "a", words[safe: index + 2] == "half",
                    let scale = words[safe: index + 3], scales[scale] != nil
                {
                    half = true
                    index += 3
                    continue
                }
                // `one hundred and five`, `a thousand and one`: `and` joins only onto what follows.
                guard afterHundred || (total > 0 && !groupHasWords), let next = words[safe: index + 1],
                    units[next] != nil || tens[next] != nil
                else { break }
                index += 1
                continue
            } else {
                break
            }
            index += 1
            finish(at: index)
        }
        guard let value = readValue, readEnd > start else { return nil }
        return (value, readEnd - start)
    }
}
