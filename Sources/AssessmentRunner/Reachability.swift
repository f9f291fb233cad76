import AssessmentModel
import JSONCore

/// Which steps some run can show, and from which of them a run can still end, as the ``Navigator``
/// moves: every way of leaving a step (each rule that can fire, then `nextStepIdentifier` or the
/// next sibling) is resolved by the navigator's own moves. Lint's `unreachable-step` and
/// `endless-loop` read it; it never judges an answer, so a rule counts as a way out unless
/// ``Question/ruleCanFire(at:)`` proves no answer fires it.
public struct Reachability: Sendable {
    /// The pointers of the steps some run can show.
    public let shown: Set<JSONPointer>
    /// The pointers of shown steps from which no run can end (a loop with no way out).
    public let stuck: Set<JSONPointer>
    /// When a run's first move goes round empty sections forever, those sections in the order the
    /// navigator leaves them (the last closes the loop); otherwise empty.
    public let startLoop: [Node]

    /// The reachability of `navigator`'s survey: each way out of each step followed once by the navigator.
    public init(navigator: Navigator) {
        let tree = navigator.tree
        let end = tree.count
        // Where each step's ways out land (table entries; `end` for the run's end; loops lead nowhere).
        var targets = Array(repeating: [Int](), count: tree.count)
        for entry in 1..<tree.count where !tree.nodes[entry].kind.isContainer {
            for move in Reachability.moves(of: entry, in: navigator) {
                var walk = Walk(budget: navigator.hopBudget)
                switch navigator.follow(move, walk: &walk) {
                case .step(let next): targets[entry].append(next)
                case .finished: targets[entry].append(end)
                case .endlessLoop: break
                }
            }
        }
        var walk = Walk(budget: navigator.hopBudget)
        var seen = Array(repeating: false, count: tree.count + 1)
        var queue: [Int] = [], startLoop: [Node] = []
        switch navigator.follow(.enter(container: 0, at: 0), walk: &walk) {
        case .step(let first): queue = [first]
        case .finished: queue = [end]
        case .endlessLoop(let sections): startLoop = sections.map { tree.nodes[$0] }
        }
        self.startLoop = startLoop
        for entry in queue { seen[entry] = true }
        while let entry = queue.popLast() {
            guard entry < end else { continue }
            for next in targets[entry] where !seen[next] {
                seen[next] = true
                queue.append(next)
            }
        }
        var incoming = Array(repeating: [Int](), count: tree.count + 1)
        for (entry, nexts) in targets.enumerated() { for next in nexts { incoming[next].append(entry) } }
        var finishing = Array(repeating: false, count: tree.count + 1)
        finishing[end] = true
        queue = [end]
        while let entry = queue.popLast() {
            for previous in incoming[entry] where !finishing[previous] {
                finishing[previous] = true
                queue.append(previous)
            }
        }
        var shown: Set<JSONPointer> = [], stuck: Set<JSONPointer> = []
        for entry in 1..<tree.count where seen[entry] {
            shown.insert(tree.nodes[entry].pointer)
            if !finishing[entry] { stuck.insert(tree.nodes[entry].pointer) }
        }
        self.shown = shown
        self.stuck = stuck
    }

    /// The moves out of the step at `entry`: each rule that can fire (a rule without target ends the
    /// run, as ``Navigator/forward(from:answer:warnings:)`` does), then the fallback.
    private static func moves(of entry: Int, in navigator: Navigator) -> [Navigator.Move] {
        var moves: [Navigator.Move] = []
        if let question = navigator.tree.nodes[entry].question {
            for (index, rule) in question.surveyRules.enumerated() where question.ruleCanFire(at: index) {
                moves.append(rule.target.map { .target($0, from: entry) } ?? .target(.exit, from: entry))
            }
        }
        moves.append(navigator.fallback(of: entry))
        return moves
    }
}

extension Question {
    /// Whether the rule at `index` can ever be the first to match an answer: not when its operator is
    /// unknown, orders an answer that has no order, or orders a multiple choice; not when it asks for a
    /// value no choice has (single choice without "other"); not when an earlier rule matches its value.
    public func ruleCanFire(at index: Int) -> Bool {
        guard surveyRules.indices.contains(index) else { return false }
        let rule = surveyRules[index]
        let expected = rule.comparedValue
        if rule.ruleOperator.isOrdering {
            guard AnswerComparison.order(expected, expected, question: self) != nil else { return false }
            if choices != nil && !isSingleChoice { return false }
        }
        if case .unknown = rule.ruleOperator { return false }
        guard rule.ruleOperator == .equal else { return true }
        if let choices, other == nil, isSingleChoice, expected != .null {
            guard choices.contains(where: { $0.value.map { AnswerComparison.equal($0, expected, question: self) } ?? false }) else { return false }
        }
        return !surveyRules.prefix(index).contains { AnswerComparison.matches($0, answer: expected, question: self) }
    }
}
