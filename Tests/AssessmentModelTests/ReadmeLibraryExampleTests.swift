import AssessmentModel
import Foundation

/// One line per step of a survey: an app decodes it with Foundation and switches over each node's kind.
func outline(of data: Data) throws -> [String] {
    let survey = try JSONDecoder().decode(Node.self, from: data)
    return survey.descendants().map { visit in
        let node = visit.node
        switch node.body {
        case .assessment(let container), .section(let container):
            return "\(node.identifier): \(container.steps.count) steps"
        case .question(let question):
            switch question.input {
            case .simple(let item): return "\(node.identifier): \(item?.type.description ?? "no input")"
            case .choice(let choice): return "\(node.identifier): \(choice.choices?.count ?? 0) choices"
            case .multiple(let items): return "\(node.identifier): \(items?.count ?? 0) inputs"
            }
        case .countdown(let duration), .active(let duration):
            return "\(node.identifier): \(duration?.description ?? "?") s"
        case .overview, .instruction, .completion, .feedback, .permission, .transform,
             .transformableAssessment, .assessmentPlaceholder, .unknown:
            return "\(node.identifier): \(node.kind)"
        }
    }
}
// End of the README's example: everything above is the README's second ```swift block, verbatim.

import XCTest

/// The README's library example, compiled and run here.
final class ReadmeLibraryExampleTests: XCTestCase {
    func testTheReadmeShowsThisFilesExampleVerbatim() throws {
        let readme = try String(contentsOf: Repository.file("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let example = try XCTUnwrap(source.components(separatedBy: "// End of the README's example").first)
        XCTAssertTrue(readme.contains("```swift\n" + example + "```\n"), "README.md's Libraries section must show this file's example")
    }

    func testTheExampleRuns() throws {
        let lines = try outline(of: Data(contentsOf: Repository.file("examples/surveys/sleep-sections.json")))
        XCTAssertEqual(lines.first, "overview: overview")
        XCTAssertTrue(lines.contains("lastNight: 3 steps"), "\(lines)")
        XCTAssertTrue(lines.contains("hoursAwake: number"), "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasSuffix("choices") }, "\(lines)")
    }
}
