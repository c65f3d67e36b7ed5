/// "Did you mean …?": the closest candidate by edit distance, if it is close enough.
public enum Suggestions {
    /// The best candidate within `maxDistance` edits (transpositions count as one);
    /// ties go to the earlier candidate, so callers list the likelier ones first.
    public static func nearest(to word: String, in candidates: some Sequence<String>, maxDistance: Int = 2) -> String? {
        let target = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            // The distance is at least the difference in length: a megabyte-long word is not
            // compared letter by letter with every currency code (that took over a minute).
            let other = Array(candidate.lowercased())
            guard abs(other.count - target.count) <= maxDistance else { continue }
            let distance = editDistance(target, other)
            if distance <= maxDistance, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits of a substring).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
