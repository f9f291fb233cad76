import AssessmentModel
import AssessmentLint
import AssessmentRunner
import FoundationEssentials
import JSONCore
import SurveyFlow

/// How the preview reads and runs a survey file.
public struct PreviewSettings: Sendable {
    /// The survey file.
    public var path: String
    /// An app's own node types, checked as generic nodes.
    public var allowedTypes: Set<String>
    /// The folder `transform` nodes (and image resources) are read from.
    public var resourceFolder: String
    /// The phone engine to run as, where the two differ.
    public var platform: EnginePlatform?
    /// The clock and task-run identifier of each run.
    public var environment: @Sendable () -> RunEnvironment

    /// Settings for the survey at `path`.
    public init(path: String, allowedTypes: Set<String> = [], resourceFolder: String? = nil, platform: EnginePlatform? = nil,
                environment: @escaping @Sendable () -> RunEnvironment = { RunEnvironment.live() }) {
        self.path = path
        self.allowedTypes = allowedTypes
        self.resourceFolder = resourceFolder ?? URL(fileURLWithPath: path).deletingLastPathComponent().path
        self.platform = platform
        self.environment = environment
    }
}

/// One reading of the survey file: the runnable root with its lint findings and flow graph, or why
/// it cannot be run (the page shows that instead of a step).
public struct PreviewSurvey: Sendable {
    /// The survey as it runs (transforms resolved, targets read as the platform reads them), when it can run.
    public let root: Node?
    /// The navigator over `root`.
    public let navigator: Navigator?
    /// Why the survey cannot be run (unreadable JSON, a missing transform resource, no steps).
    public let problem: String?
    /// Lint findings of the file.
    public let findings: [Finding]
    /// The flow graph drawn as SVG, without highlighting.
    public let svg: String
    /// The graph, to find a step's vertex.
    public let graph: FlowGraph?
    /// The file's bytes as read.
    public let bytes: [UInt8]

    /// Reads the survey with `settings` (never throws: problems become `problem`).
    public init(settings: PreviewSettings) {
        let bytes = FileManager.default.contents(atPath: settings.path).map(Array.init)
        self.init(bytes: bytes, settings: settings)
    }

    /// Reads survey bytes (`nil`: the file could not be read).
    public init(bytes: [UInt8]?, settings: PreviewSettings) {
        self.bytes = bytes ?? []
        let name = URL(fileURLWithPath: settings.path).lastPathComponent
        guard let bytes else {
            (root, navigator, problem, findings, svg, graph) = (nil, nil, "\(name): cannot read the file", [], "", nil)
            return
        }
        let resources = SurveyResources.folder(settings.resourceFolder)
        let lint = Linter(allowedTypes: settings.allowedTypes, resources: resources).lint(bytes: bytes, file: name)
        findings = lint.findings
        let document: SurveyDocument
        do {
            document = try SurveyDocument(bytes: bytes)
        } catch {
            let position = lint.findings.first.map { "\($0.range.start.line):\($0.range.start.column): " } ?? ""
            (root, navigator, problem, svg, graph) = (nil, nil, "\(name):\(position)\(error)", "", nil)
            return
        }
        var failures: [(node: Node, error: TransformError)] = []
        var resolved = document.assessment.resolvingTransforms(from: resources, failures: &failures, platform: settings.platform)
        if let platform = settings.platform { resolved = resolved.readingTargets(as: platform) }
        if let failure = failures.first {
            (root, navigator, problem, svg, graph) = (nil, nil, "\(name): \(failure.node.kind) \"\(failure.node.identifier)\": \(failure.error)", "", nil)
            return
        }
        guard resolved.steps != nil else {
            (root, navigator, problem, svg, graph) = (nil, nil, "\(name): the root is a step of type \"\(resolved.kind)\", not an assessment with steps", "", nil)
            return
        }
        let flow = FlowGraph(survey: resolved, now: settings.environment().now())
        (root, navigator, problem, graph) = (resolved, Navigator(assessment: resolved), nil, flow)
        svg = GraphWriter(graph: flow).svg
    }

    /// Where the step at `location` is drawn in ``svg`` (`x`, `y`, `width`, `height`), for the page to
    /// outline it over the picture without loading the picture again.
    public func box(of location: StepLocation?) -> [Double]? {
        guard let location, let graph, let vertex = graph.vertex(at: location),
              let start = svg.firstRange(of: #"data-id="\#(graph.vertices[vertex].id)" data-box=""#) else { return nil }
        let numbers = svg[start.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
        return numbers.count == 4 ? numbers : nil
    }
}
