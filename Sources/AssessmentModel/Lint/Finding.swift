import JSONCore

/// How serious a finding is.
public enum LintSeverity: String, Sendable, Comparable, CaseIterable {
    /// Information that never fails a file, not even with `--strict` (e.g. which schema was used).
    case note
    case warning, error

    public static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// One problem lint found, located in the file.
public struct Finding: Sendable, Hashable {
    /// A related place, e.g. the first of two duplicates.
    public struct Note: Sendable, Hashable {
        public let message: String
        public let position: SourcePosition
    }

    /// The stable kebab-case id of the rule that found it.
    public let ruleID: String
    public let severity: LintSeverity
    public let message: String
    /// The JSON Pointer of the offending value.
    public let pointer: JSONPointer
    /// Where it is (1-based line and column).
    public let position: SourcePosition
    public let notes: [Note]

    public init(ruleID: String, severity: LintSeverity, message: String, pointer: JSONPointer, position: SourcePosition, notes: [Note] = []) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.pointer = pointer
        self.position = position
        self.notes = notes
    }
}

/// A survey logic check with a stable id.
public protocol LintRule: Sendable {
    /// Stable kebab-case id (used by `--exclude` and in every finding).
    var id: String { get }
    /// The severity of its findings.
    var severity: LintSeverity { get }
    /// One line saying what it reports.
    var summary: String { get }
    /// The findings for one survey.
    func check(_ survey: LintContext) -> [Finding]
}

/// A decoded survey with the lookups rules share.
public struct LintContext: Sendable {
    public let document: SurveyDocument
    /// Every node below the assessment, with its ancestors.
    public let visits: [Node.Visit]
    /// How many containers the deepest step sits in (the assessment counts as one).
    let sectionDepth: Int
    /// Each node's identifier by its pointer (for `stepName(containing:)`).
    private let nodeNames: [JSONPointer: String]
    /// Where navigation can go, shared by the reachability rules.
    let graph: NavigationGraph
    /// Types an app defines (`--allow-type`, `assess.json`): checked as generic nodes, not reported as unknown.
    public let allowedTypes: Set<String>
    /// Where `transform` nodes find their resource files, when known.
    public let resources: SurveyResources?

    public init(document: SurveyDocument, allowedTypes: Set<String> = [], resources: SurveyResources? = nil) {
        self.document = document
        self.allowedTypes = allowedTypes
        self.resources = resources
        // A file holding one step (a resource of a larger survey) is checked as that step, inside a holder.
        let walked = document.assessment.steps == nil ? Node.fileHolder(for: document.assessment) : document.assessment
        visits = walked.descendants()
        sectionDepth = visits.reduce(0) { max($0, $1.chain.depth) }
        nodeNames = Dictionary(visits.map { ($0.node.pointer, $0.node.identifier) }, uniquingKeysWith: { first, _ in first })
        graph = NavigationGraph(assessment: walked, visits: visits)
    }

    /// The root node.
    public var assessment: Node { document.assessment }

    /// Every container (the assessment and each section), outermost first.
    public var containers: [Node] {
        (assessment.steps == nil ? [] : [assessment]) + visits.map(\.node).filter { $0.kind.isContainer }
    }

    /// A finding of `rule` at a value.
    public func finding(_ rule: any LintRule, _ message: String, at pointer: JSONPointer, severity: LintSeverity? = nil,
                        notes: [Finding.Note] = []) -> Finding {
        Finding(ruleID: rule.id, severity: severity ?? rule.severity, message: message, pointer: pointer,
                position: document.position(of: pointer), notes: notes)
    }

    /// A note pointing at a value.
    public func note(_ message: String, at pointer: JSONPointer) -> Finding.Note {
        Finding.Note(message: message, position: document.position(of: pointer))
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
