/// Which of a command's examples a "missing …" error shows: the one that goes furthest along the
/// words typed, so `sources order` shows `sources order ecb` and `history usd` shows `history usd jpy`.
enum UsageExample {
    static func choose(for kind: UsageError.Kind, typed: [String], from examples: [String]) -> String? {
        var candidates = examples
        switch kind {
        case .missingAmount, .missingCurrency, .missingTarget, .missingSource: break
        // A date example must hold the word the date was missing after (`on`, `from`).
        case .missingDate(let after): candidates = examples.filter { words($0).contains(after.lowercased()) }
        default: return nil
        }
        var best: (example: String, shared: Int)?
        for example in candidates {
            let shared = zip(words(example), typed).prefix { $0 == $1 }.count
            if shared > (best?.shared ?? -1) { best = (example, shared) }
        }
        return best?.example
    }

    private static func words(_ line: String) -> [String] {
        line.lowercased().split(separator: " ").map(String.init)
    }
}
