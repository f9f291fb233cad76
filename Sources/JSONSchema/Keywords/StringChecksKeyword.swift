import JSONCore

/// `maxLength`, `minLength`, `pattern` and `format` of one schema (two or more of them), answered for
/// verdicts in one call: one kind test, the length counted once, the pattern and format tests called
/// directly. They follow one another in the keyword table and have no subschemas, so nothing else can
/// run between them or notice their order. It lives only in a node's verdict list: errors are
/// collected from the node's own keywords.
final class StringChecksKeyword: Keyword, @unchecked Sendable {
    /// The bounds on the length in code points (`0` and `Int.max` when absent).
    private let minimum: Int
    private let maximum: Int
    /// The `pattern` and `format` keywords, unretained (the node's keyword list keeps them).
    private let pattern: Unmanaged<PatternKeyword>?
    private let format: Unmanaged<FormatKeyword>?

    private init(minimum: Int, maximum: Int, pattern: PatternKeyword?, format: FormatKeyword?) {
        self.minimum = minimum
        self.maximum = maximum
        self.pattern = pattern.map { .passUnretained($0) }
        self.format = format.map { .passUnretained($0) }
    }

    /// `keywords` with each run of two or more string checks replaced by one keyword.
    static func forVerdicts(_ keywords: [Keyword]) -> [Keyword] {
        var fused: [Keyword] = []
        var run: [Keyword] = []
        func endRun() {
            if run.count > 1 { fused.append(make(run)) } else { fused += run }
            run = []
        }
        for keyword in keywords {
            if isStringCheck(keyword) {
                run.append(keyword)
            } else {
                endRun()
                fused.append(keyword)
            }
        }
        endRun()
        return fused
    }

    private static func isStringCheck(_ keyword: Keyword) -> Bool {
        if let count = keyword as? CountLimitKeyword { return count.measure == .stringLength }
        return keyword is PatternKeyword || keyword is FormatKeyword
    }

    /// The keyword for a run of string checks (a schema has at most one of each).
    private static func make(_ run: [Keyword]) -> StringChecksKeyword {
        let counts = run.compactMap { $0 as? CountLimitKeyword }
        return StringChecksKeyword(minimum: counts.first { !$0.isMaximum }?.limit ?? 0,
                                   maximum: counts.first { $0.isMaximum }?.limit ?? Int.max,
                                   pattern: run.lazy.compactMap { $0 as? PatternKeyword }.first,
                                   format: run.lazy.compactMap { $0 as? FormatKeyword }.first)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.kind == .string else { return true }
        if minimum > 0 || maximum < Int.max {
            let length = instance.codePointCount
            guard length >= minimum, length <= maximum else { return false }
        }
        if let pattern, !pattern._withUnsafeGuaranteedRef({ $0.isValid(instance, context) }) { return false }
        guard let format else { return true }
        return format._withUnsafeGuaranteedRef { $0.isValid(instance, context) }
    }
}
