/// The reference engine a run imitates where the two apps behave differently: iOS runs the Swift
/// engine, Android the Kotlin one (AssessmentModelKMM). `assess run` without `--platform` keeps its
/// own documented mix (keywords as Swift, time bounds as Kotlin, transform identifiers as Swift).
public enum EnginePlatform: String, Sendable, CaseIterable {
    /// The Swift engine: navigation keywords match exactly, time bounds are compared without their
    /// seconds, a transform's resource takes the transform's identifier.
    case ios
    /// The Kotlin engine: navigation keywords match ignoring case, time bounds keep their seconds, a
    /// transform whose resource is a single step keeps the resource's own identifier.
    case android
}

extension NavigationTarget {
    /// Reads a target as `platform` does: Kotlin matches the reserved keywords ignoring case.
    public init(_ text: String, on platform: EnginePlatform) {
        if platform == .android, let keyword = NavigationTarget.keyword(matchingIgnoringCase: text) {
            self.init(keyword)
        } else {
            self.init(text)
        }
    }

    /// The reserved keyword `text` spells with other capitals (`"Exit"` → `"exit"`), if any.
    public static func keyword(matchingIgnoringCase text: String) -> String? {
        keywords.first { $0.lowercased() == text.lowercased() && $0 != text }
    }
}

extension Node {
    /// This tree with its navigation targets read as `platform` reads them (Android's keywords in any
    /// capitals become the keywords).
    public func readingTargets(as platform: EnginePlatform) -> Node {
        guard platform == .android else { return self }
        var node = self
        if let next = nextStepIdentifier { node.nextStepIdentifier = NavigationTarget(next.description, on: platform) }
        if case .question(var question) = node.body {
            question.surveyRules = question.surveyRules.map { rule in
                var rule = rule
                rule.skipToIdentifier = rule.skipToIdentifier.map { NavigationTarget($0, on: platform).description }
                return rule
            }
            node.body = .question(question)
        }
        node.steps = node.steps?.map { $0.readingTargets(as: platform) }
        return node
    }
}
