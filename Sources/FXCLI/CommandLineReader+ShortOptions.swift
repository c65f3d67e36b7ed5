import FXCommands

extension CommandLineReader {
    /// `fx -v`, `fx -q`, `fx 100 usd eur -x`: a word of one dash and letters is an option fx does
    /// not have (its only short one is -h), not a minus before a variable: one line naming the
    /// nearest real option, nil when no word is such.
    static func shortOptionProblem(in arguments: [String]) -> String? {
        for word in arguments.prefix(while: { $0 != "--" }) {
            guard word.count >= 2, word.hasPrefix("-"), !word.hasPrefix("--"), word != "-h", word.dropFirst().allSatisfy(\.isLetter) else {
                continue
            }
            guard let nearest = nearestOption(to: word) else {
                return "Unknown option '\(word)'; fx's options are long ones, such as --json or --offline (see fx --help)"
            }
            return "Unknown option '\(word)'. Did you mean '\(nearest)'? (see fx --help)"
        }
        return nil
    }

    /// `-v` → `--version`, `-x` → `--explain`: the option whose name has the letter earliest;
    /// `-jsn` → `--json` by spelling.
    private static func nearestOption(to word: String) -> String? {
        let shown = GlobalOption.all.filter { !$0.isHidden }
        let letters = word.dropFirst().lowercased()
        guard letters.count == 1, let letter = letters.first else {
            return FXCommands.Suggestions.nearest(to: "--" + letters, in: shown.map(\.spelling))
        }
        // The name it starts, else the one it comes earliest in (`-x`: --explain before --max-age).
        let placed = shown.compactMap { option in
            option.name.firstIndex(of: letter).map { (option, option.name.distance(from: option.name.startIndex, to: $0)) }
        }
        return placed.min { $0.1 < $1.1 }?.0.spelling
    }
}
