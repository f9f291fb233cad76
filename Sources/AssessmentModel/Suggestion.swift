/// "Did you mean" suggestions by edit distance.
public enum Suggestion {
    /// The candidate closest to `word`, when it is close enough to be a likely typo (a candidate that
    /// differs only in case is the closest of all).
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let length = word.count
        let tolerance = max(1, min(3, length / 3))
        // Lengths further apart than the tolerance are further apart in distance too: a long
        // word (a whole paragraph in a type field) costs nothing.
        let near = candidates.filter { abs($0.count - length) <= tolerance }
        let scored = near.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= tolerance && best.0 != word ? best.0 : nil
    }

    /// Levenshtein distance over characters.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
