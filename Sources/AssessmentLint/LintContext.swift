import AssessmentModel
import AssessmentRunner
import JSONCore

/// A decoded survey with the lookups rules share.
public struct LintContext: Sendable {
    /// The survey as read, with its JSON and positions.
    public let document: SurveyDocument
    /// Every node below the assessment, with its ancestors.
    public let visits: [Node.Visit]
    /// How many containers the deepest step sits in (the assessment counts as one).
    let sectionDepth: Int
    /// Each node's identifier by its pointer (for `stepName(containing:)`).
    private let nodeNames: [JSONPointer: String]
    /// The identifiers of each container's steps, by the container's pointer: built once, so rules that
    /// ask per step stay linear in the survey's size.
    private let stepIdentifiers: [JSONPointer: Set<String>]
    /// Which steps runs can show and leave, as the runner's navigator moves (the reachability rules read it).
    let reachability: Reachability
    /// Types an app defines (`--allow-type`, `assess.json`): checked as generic nodes, not reported as unknown.
    public let allowedTypes: Set<String>
    /// Where `transform` nodes find their resource files, when known.
    public let resources: SurveyResources?
    /// Members an app reads (`--allow-property`, `assess.json`): `name` anywhere, `scope.name` in one kind of object.
    public let allowedProperties: Set<String>

    /// The lookups for `document`; `allowedTypes`, `resources` and `allowedProperties` are what the linter was given.
    public init(document: SurveyDocument, allowedTypes: Set<String> = [], resources: SurveyResources? = nil, allowedProperties: Set<String> = []) {
        self.document = document
        self.allowedTypes = allowedTypes
        self.allowedProperties = allowedProperties
        self.resources = resources
        // A file holding one step (a resource of a larger survey) is checked as that step, inside a holder.
        let walked = document.assessment.steps == nil ? Node.fileHolder(for: document.assessment) : document.assessment
        visits = walked.descendants()
        sectionDepth = visits.reduce(0) { max($0, $1.chain.depth) }
        nodeNames = Dictionary(visits.map { ($0.node.pointer, $0.node.identifier) }, uniquingKeysWith: { first, _ in first })
        var stepIdentifiers: [JSONPointer: Set<String>] = [:]
        for visit in visits where stepIdentifiers[visit.container.pointer] == nil {
            stepIdentifiers[visit.container.pointer] = Set((visit.container.steps ?? []).map(\.identifier))
        }
        self.stepIdentifiers = stepIdentifiers
        reachability = Reachability(navigator: Navigator(assessment: walked))
    }

    /// The root node.
    public var assessment: Node { document.assessment }

    /// Every container (the assessment and each section), outermost first.
    public var containers: [Node] {
        // Only the containers are copied out of the visits (a node is a large value).
        (assessment.steps == nil ? [] : [assessment]) + visits.compactMap { $0.node.kind.isContainer ? $0.node : nil }
    }

    /// The identifiers of a container's steps (the names its steps' targets may use).
    public func stepIdentifiers(in container: Node) -> Set<String> {
        stepIdentifiers[container.pointer] ?? Set((container.steps ?? []).map(\.identifier))
    }

    /// A finding of `rule` at a value (or, with `onKey`, at its member name).
    public func finding(_ rule: any LintCheck, _ message: String, at pointer: JSONPointer, onKey: Bool = false, severity: LintSeverity? = nil,
                        notes: [Finding.Note] = [], related: [Finding.Note] = [], fixes: [FixIt] = []) -> Finding {
        finding(rule, HintedText(message), at: pointer, onKey: onKey, severity: severity, notes: notes, related: related, fixes: fixes)
    }

    /// A finding of `rule` at a value (or, with `onKey`, at its member name) whose message names a remedy.
    public func finding(_ rule: any LintCheck, _ text: HintedText, at pointer: JSONPointer, onKey: Bool = false, severity: LintSeverity? = nil,
                        notes: [Finding.Note] = [], related: [Finding.Note] = [], fixes: [FixIt] = []) -> Finding {
        Finding(rule: rule.id, severity: severity ?? rule.severity, text: text, pointer: pointer,
                range: onKey ? document.keyRange(of: pointer) : document.range(of: pointer), notes: notes, related: related, fixes: fixes)
    }

    /// A note pointing at a value.
    public func note(_ message: String, at pointer: JSONPointer) -> Finding.Note {
        Finding.Note(message: message, range: document.range(of: pointer))
    }

    /// The fix that replaces the string at `pointer` (or, with `onKey`, its member name) by `text`.
    public func replacing(_ pointer: JSONPointer, onKey: Bool = false, with text: String) -> [FixIt] {
        guard let map = document.sourceMap, let range = onKey ? map.keyRange(of: pointer) : map.range(of: pointer) else { return [] }
        return [FixIt(title: "replace with \"\(text)\"", edits: [TextEdit(range: range, replacement: JSONWriter.compact.string(.string(text)))])]
    }

    /// The fix that replaces the value at `pointer` with `value` (a matchingAnswer of the right type).
    public func replacing(_ pointer: JSONPointer, with value: JSONValue) -> [FixIt] {
        guard let range = document.sourceMap?.range(of: pointer) else { return [] }
        let text = JSONWriter.compact.string(value)
        return [FixIt(title: "replace with \(text)", edits: [TextEdit(range: range, replacement: text)])]
    }

    /// The identifier of the step that holds a pointer (for messages), if any.
    public func stepName(containing pointer: JSONPointer) -> String? {
        var current: JSONPointer? = pointer
        while let candidate = current {
            if let name = nodeNames[candidate] { return name }
            current = candidate.parent
        }
        return nil
    }
}
