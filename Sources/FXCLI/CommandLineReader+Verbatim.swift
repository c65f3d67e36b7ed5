extension CommandLineReader {
    /// Commands whose words after the command name are all their own, options included
    /// (`fx csv s.csv --to eur --fail-fast`): fx's options go before the command.
    static let verbatimCommands: Set<String> = ["csv", "watch"]

    /// The arguments before such a command, and the command's words as the line will read them;
    /// nil when the command is another. A word with spaces is quoted, as the `csv` grammar reads quotes.
    static func splitVerbatim(_ arguments: [String]) -> (options: [String], words: [String])? {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if GlobalOption.spelled(word)?.valueName != nil {
                index += 2
                continue
            }
            if word.hasPrefix("-") {
                index += 1
                continue
            }
            guard verbatimCommands.contains(word.lowercased()) else { return nil }
            let words = arguments[index...].map { word in
                word.contains(where: \.isWhitespace) || word.isEmpty ? "\"" + word + "\"" : word
            }
            return (Array(arguments[..<index]), words)
        }
        return nil
    }
}
