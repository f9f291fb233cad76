import AssessmentLint
import AssessmentModel
import AssessmentRunner
import JSONCore
import SeededRandom
import SeededTesting
import XCTest
@testable import SurveyFlow

/// Lint's `unreachable-step` and `endless-loop` against the runner: no step a real run shows is called
/// unreachable, and on generated surveys lint's answers are exactly what exploring the navigator finds.
final class LintAgreesWithRunnerTests: XCTestCase {
    private let environment = RunEnvironment.fixed(at: Fixtures.now, seed: 3)

    func testNoStepShownOnARouteOfTheExamplesIsCalledUnreachable() throws {
        for name in ["example-survey", "food-choices", "mood-loop", "sleep-sections", "breathing-exercise", "breathing-test"] {
            let document = try Fixtures.survey("examples/surveys/\(name).json")
            let unreachable = try assertRoutesShowNoUnreachableStep(document, name: name)
            let explored = Exploration(document.assessment)
            XCTAssertTrue(explored.shown.isDisjoint(with: unreachable), name)
        }
    }

    func testGeneratedSurveysLintAsTheNavigatorMoves() throws {
        var random = seededGenerator(0x11A7_E261)
        for index in 0..<150 {
            let text = GeneratedSurvey(random: &random).text
            let document = try Fixtures.survey(text: text)
            let findings = Linter().lint(bytes: Array(text.utf8), file: "g.json").findings
            let unreachable = Self.calledUnreachable(findings, document: document)
            let explored = Exploration(document.assessment)
            let steps = Set(document.assessment.descendants().filter { !$0.node.kind.isContainer }.map(\.node.pointer))
            XCTAssertEqual(steps.subtracting(explored.shown), unreachable, "survey \(index): \(text)")
            XCTAssertEqual(findings.contains { $0.ruleID == "endless-loop" }, explored.loops, "survey \(index): \(text)")
            _ = try assertRoutesShowNoUnreachableStep(document, name: "survey \(index): \(text)")
        }
    }

    /// A rule without target ends the run in the runner (phones exit), so a loop with such a rule has a way out.
    func testARuleWithoutTargetIsAWayOutOfALoop() throws {
        let text = #"""
        {"type": "assessment", "identifier": "s", "steps": [
          {"type": "simpleQuestion", "identifier": "a", "inputItem": {"type": "integer"}, "surveyRules": [{"matchingAnswer": 1}]},
          {"type": "instruction", "identifier": "b", "nextStepIdentifier": "a"}
        ]}
        """#
        var warnings: [RunWarning] = []
        let navigator = Navigator(assessment: try SurveyDocument(text: text).assessment)
        XCTAssertEqual(navigator.forward(from: [0], answer: 1, warnings: &warnings).0, .finished(.exited))
        let findings = Linter().lint(bytes: Array(text.utf8), file: "s.json").findings.map(\.ruleID)
        XCTAssertTrue(findings.contains("rule-without-target"), "\(findings)")
        XCTAssertFalse(findings.contains("endless-loop"), "\(findings)")
    }

    /// Runs every route the planner finds and fails when a shown step is one lint calls unreachable.
    private func assertRoutesShowNoUnreachableStep(_ document: SurveyDocument, name: String) throws -> Set<JSONPointer> {
        let text = JSONWriter.compact.string(document.json.value)
        let findings = Linter().lint(bytes: Array(text.utf8), file: "x.json").findings
        let unreachable = Self.calledUnreachable(findings, document: document)
        let planner = RoutePlanner(graph: Fixtures.graph(document))
        let pointers = Dictionary(planner.graph.vertices.compactMap { vertex in vertex.pointer.map { (vertex.stepPath, $0) } }, uniquingKeysWith: { first, _ in first })
        let navigator = Navigator(assessment: document.assessment)
        for route in planner.all(maxRoutes: 200).routes {
            let script = try AnswerScript.parse(planner.script(route)).get()
            let run = ScriptedRun(navigator: navigator, script: script, environment: environment)
            for step in run.session.shown {
                let pointer = try XCTUnwrap(pointers[step.stepPath], name)
                XCTAssertFalse(unreachable.contains(pointer), "\(name): \(step.stepPath) is shown by \(planner.describe(route))")
            }
        }
        return unreachable
    }

    /// The steps lint calls unreachable: those it names and those inside the sections it names.
    static func calledUnreachable(_ findings: [Finding], document: SurveyDocument) -> Set<JSONPointer> {
        let named = Set(findings.filter { $0.ruleID == "unreachable-step" }.map(\.pointer))
        var steps: Set<JSONPointer> = []
        for visit in document.assessment.descendants() where !visit.node.kind.isContainer {
            var pointer: JSONPointer? = visit.node.pointer
            while let current = pointer {
                if named.contains(current) { steps.insert(visit.node.pointer) }
                pointer = current.parent
            }
        }
        return steps
    }
}

/// Every step the navigator shows when each question is given no answer and those of each rule's value and two
/// values no rule names that the runner's answer check accepts, and whether some shown step can no longer reach an end.
private struct Exploration {
    var shown: Set<JSONPointer> = []
    var loops = false

    init(_ assessment: Node) {
        let navigator = Navigator(assessment: assessment)
        let checker = AnswerChecker(now: Fixtures.now)
        var warnings: [RunWarning] = []
        var edges: [StepLocation: Set<StepLocation?>] = [:]
        var queue: [StepLocation] = []
        if case .step(let first) = navigator.start(warnings: &warnings) { queue.append(first) }
        var seen = Set(queue)
        while let location = queue.popLast() {
            guard let node = navigator.node(at: location) else { continue }
            shown.insert(node.pointer)
            let candidates = (node.question?.surveyRules.map(\.comparedValue) ?? []) + ["never named", 987_654]
            // The answers the runner accepts for this step, and none (skipped).
            let answers = [JSONValue.null] + candidates.compactMap { try? checker.check($0, for: node) }
            for answer in answers {
                switch navigator.forward(from: location, answer: answer, warnings: &warnings).0 {
                case .step(let next):
                    edges[location, default: []].insert(next)
                    if seen.insert(next).inserted { queue.append(next) }
                case .finished:
                    edges[location, default: []].insert(nil)
                case .endlessLoop:
                    break
                }
            }
        }
        // Steps from which an end is reached, grown backwards until nothing changes.
        var finishing = Set(edges.filter { $0.value.contains(nil) }.map(\.key))
        var grew = true
        while grew {
            grew = false
            for (from, targets) in edges where !finishing.contains(from) && targets.contains(where: { $0.map(finishing.contains) ?? false }) {
                finishing.insert(from)
                grew = true
            }
        }
        loops = !seen.isSubset(of: finishing)
        if seen.isEmpty, case .endlessLoop = navigator.start(warnings: &warnings) { loops = true }
    }
}

/// A random survey of instructions, integer questions with `=` rules and nested (sometimes empty) sections,
/// whose jumps name siblings, steps elsewhere, reserved targets or nothing.
private struct GeneratedSurvey {
    private(set) var text = ""
    private var names: [String] = []
    private var count = 0

    init(random: inout SplitMix64) {
        let steps = (0..<Int.random(in: 2...6, using: &random)).map { _ in node(depth: 0, random: &random) }
        // Targets are drawn once every name is known, so jumps may go forward, backward or out of the container.
        text = #"{"type": "assessment", "identifier": "generated", "steps": [\#(steps.joined(separator: ",\n"))]}"#
        while let range = text.range(of: "\"TARGET\"") {
            text.replaceSubrange(range, with: "\"\(target(random: &random))\"")
        }
    }

    private mutating func node(depth: Int, random: inout SplitMix64) -> String {
        count += 1
        let name = "n\(count)"
        names.append(name)
        let next = Int.random(in: 0..<4, using: &random) == 0 ? #", "nextStepIdentifier": "TARGET""# : ""
        switch Int.random(in: 0..<10, using: &random) {
        case 0...1 where depth < 3:
            let children = (0..<Int.random(in: 0...3, using: &random)).map { _ in node(depth: depth + 1, random: &random) }
            return #"{"type": "section", "identifier": "\#(name)"\#(next), "steps": [\#(children.joined(separator: ", "))]}"#
        case 2...4:
            let rules = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                let target = Int.random(in: 0..<12, using: &random) == 0 ? "" : #", "skipToIdentifier": "TARGET""#
                return #"{"matchingAnswer": \#(Int.random(in: 1...3, using: &random))\#(target)}"#
            }
            return #"{"type": "simpleQuestion", "identifier": "\#(name)"\#(next), "inputItem": {"type": "integer"}, "surveyRules": [\#(rules.joined(separator: ", "))]}"#
        default:
            return #"{"type": "instruction", "identifier": "\#(name)"\#(next)}"#
        }
    }

    private func target(random: inout SplitMix64) -> String {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return "exit"
        case 1: return "nextSection"
        case 2: return "beginning"
        case 3: return "nowhere"
        default: return names.randomElement(using: &random) ?? "exit"
        }
    }
}
