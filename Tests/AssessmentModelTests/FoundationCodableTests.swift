import Foundation
import XCTest
import JSONCore
@testable import AssessmentModel

/// The model through Foundation's `JSONDecoder`/`JSONEncoder`, and the problems the project's own
/// decoder collects where Foundation's drops them.
final class FoundationCodableTests: XCTestCase {
    /// Every survey and step file in examples/ and the test fixtures: a JSON object with a `type`.
    private func surveyFiles() throws -> [URL] {
        var files: [URL] = []
        for folder in ["examples", "Tests"] {
            let walker = FileManager.default.enumerator(at: Repository.file(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "json", let data = FileManager.default.contents(atPath: url.path),
                      let document = try? JSONDocument(bytes: Array(data)), document.value["type"] != nil else { continue }
                files.append(url)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    func testEveryExampleAndFixtureRoundTripsThroughFoundationToAnEqualModel() throws {
        let files = try surveyFiles()
        XCTAssertGreaterThan(files.count, 20)
        for url in files {
            let data = try Data(contentsOf: url)
            let name = url.path.replacingOccurrences(of: Repository.root.path, with: "")
            let decoded = try JSONDecoder().decode(Node.self, from: data)
            let encoded = try JSONEncoder().encode(decoded)
            XCTAssertEqual(try JSONDecoder().decode(Node.self, from: encoded), decoded, name)
            // The same survey as the project's own decoder reads it, pointers and all.
            let native = try SurveyDocument(bytes: Array(data))
            XCTAssertEqual(decoded.descendants().map(\.node.pointer), native.assessment.descendants().map(\.node.pointer), name)
            XCTAssertEqual(decoded.descendants().map(\.node.kind), native.assessment.descendants().map(\.node.kind), name)
            if native.issues.isEmpty && native.duplicateKeys.isEmpty {
                XCTAssertEqual(try JSONDocument(bytes: Array(encoded)).value, native.json.value, "no member is lost: \(name)")
            }
        }
    }

    func testProblemsAreCollectedByTheProjectsDecoderAndKeptInExtraByBoth() throws {
        let text = #"""
            {"type": "assessment", "identifier": "a", "steps": [
              {"type": "instruction", "identifier": "i", "title": 7, "subtitle": null},
              {"identifier": "noType"},
              {"type": "choiceQuestion", "identifier": "c", "choices": [{"value": 1, "text": false}, 3], "singleChoice": "yes"},
              {"type": "simpleQuestion", "identifier": "s", "inputItem": {"type": "integer", "formatOptions": [], "optional": 1}}
            ]}
            """#
        let document = try SurveyDocument(text: text)
        XCTAssertEqual(document.issues.map(\.pointer.description), [
            "/steps/0/title", "/steps/0/subtitle", "/steps/1", "/steps/2/singleChoice", "/steps/2/choices/0/text",
            "/steps/2/choices/1", "/steps/3/inputItem/formatOptions", "/steps/3/inputItem/optional",
        ])
        XCTAssertEqual(document.issues.map(\.message), [
            "\"title\" must be a string, found an integer", "\"subtitle\" must be a string, found a null",
            "the node has no \"type\"", "\"singleChoice\" must be a boolean, found a string", "\"text\" must be a string, found a boolean",
            "\"choices\" items must be objects, found an integer", "\"formatOptions\" must be an object, found an array",
            "\"optional\" must be a boolean, found an integer",
        ])
        XCTAssertEqual(document.position(of: document.issues[0].pointer).description, "2:55")
        let foundation = try JSONDecoder().decode(Node.self, from: Data(text.utf8))
        for root in [document.assessment, foundation] {
            let steps = try XCTUnwrap(root.steps)
            XCTAssertNil(steps[0].title)
            XCTAssertEqual(steps[0].extra["title"], 7, "kept for the round trip")
            XCTAssertEqual(steps[1].kind, .unknown(""))
            XCTAssertEqual(steps[2].question?.choices?.first?.extra["text"], false)
            XCTAssertEqual(steps[2].question?.choices?.count, 1)
            XCTAssertEqual(steps[3].question?.inputItem?.type, .integer)
        }
        XCTAssertEqual(try JSONValueEncoder().encode(document.assessment.steps?[0]), ["type": "instruction", "identifier": "i", "title": 7, "subtitle": nil])
    }

    func testExactNumbersAndMemberOrderSurviveTheProjectsCoders() throws {
        let document = try SurveyDocument(text: #"{"type": "assessment", "identifier": "a", "zeta": 1, "estimatedMinutes": 5.0, "alpha": 1.50, "steps": [{"type": "countdown", "identifier": "c", "duration": 1e1}]}"#)
        XCTAssertEqual(document.assessment.extra.keys, ["zeta", "alpha"])
        let encoded = try JSONValueEncoder().encode(document.assessment)
        XCTAssertEqual(JSONWriter.compact.string(encoded),
                       #"{"type":"assessment","identifier":"a","estimatedMinutes":5.0,"steps":[{"type":"countdown","identifier":"c","duration":1e1}],"zeta":1,"alpha":1.50}"#)
    }

    func testDeepNestingDecodesOnTheCallersThreadWithoutOverflow() throws {
        let depth = 5_000
        var text = ""
        for level in 1...depth { text += #"{"type": "section", "identifier": "s\#(level)", "steps": ["# }
        text += #"{"type": "instruction", "identifier": "bottom"}"#
        text += String(repeating: "]}", count: depth)
        let document = try SurveyDocument(text: #"{"type": "assessment", "identifier": "a", "steps": ["# + text + "]}")
        XCTAssertEqual(document.assessment.descendants().count, depth + 1)
        XCTAssertEqual(document.assessment.descendants().last?.node.pointer.tokenCount, 2 * (depth + 1))
    }
}
