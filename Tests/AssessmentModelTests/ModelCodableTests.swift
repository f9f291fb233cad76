import Foundation
import XCTest
import JSONCore
@testable import AssessmentModel

/// The model through the JSON core's `Codable` bridge, and the document's position helpers.
final class ModelCodableTests: XCTestCase {
    func testEveryExampleRoundTripsThroughTheCodableBridge() throws {
        for url in try Repository.exampleSurveys() {
            let document = try SurveyDocument(bytes: Array(try Data(contentsOf: url)))
            let decoded = try JSONValueDecoder().decode(Node.self, from: document.json)
            XCTAssertEqual(decoded, document.assessment, url.lastPathComponent)
            let encoded = try JSONValueEncoder().encode(decoded)
            XCTAssertEqual(encoded, document.json.value, "no member is lost: \(url.lastPathComponent)")
            XCTAssertEqual(encoded.objectValue?.keys, decoded.json.objectValue?.keys, "the encoder keeps the model's key order")
            XCTAssertEqual(try JSONValueDecoder().decode(Node.self, from: encoded), decoded, url.lastPathComponent)
        }
    }

    func testPointersComeFromTheCodingPath() throws {
        let document = try SurveyDocument(bytes: try Repository.bytes("examples/surveys/example-survey.json"))
        let steps = try XCTUnwrap(document.json.value["steps"])
        let nodes = try JSONValueDecoder().decode([Node].self, from: steps, at: JSONPointer(tokens: ["steps"]))
        XCTAssertEqual(nodes[1].pointer.description, "/steps/1")
        XCTAssertEqual(nodes[1].question?.surveyRules[2].pointer.description, "/steps/1/surveyRules/2")
        XCTAssertEqual(nodes[1].question?.choices?[3].pointer.description, "/steps/1/choices/3")
        XCTAssertEqual(nodes, document.assessment.steps)
    }

    func testPartsDecodeAndEncodeOnTheirOwn() throws {
        let rules = try JSONValueDecoder().decode([SurveyRule].self, from: [["skipToIdentifier": "a"], ["skipToIdentifier": "b", "matchingAnswer": nil, "note": "kept"]])
        XCTAssertNil(rules[0].matchingAnswer, "absent")
        XCTAssertEqual(rules[1].matchingAnswer, .null, "written as null")
        XCTAssertEqual(rules[1].extra["note"], "kept")
        XCTAssertEqual(try JSONValueEncoder().encode(rules), [["skipToIdentifier": "a"], ["skipToIdentifier": "b", "matchingAnswer": nil, "note": "kept"]])
        let choice = try JSONValueDecoder().decode(Choice.self, from: ["text": "x", "value": 2.5])
        XCTAssertEqual(try JSONValueEncoder().encode(choice), ["value": 2.5, "text": "x"])
    }

    func testANonObjectNodeIsADecodingErrorWithItsPointer() throws {
        XCTAssertThrowsError(try JSONValueDecoder().decode([Node].self, from: [3], at: JSONPointer(tokens: ["steps"]))) { error in
            XCTAssertEqual((error as? JSONDecodingError)?.description,
                           "/steps/0: expected an object (a node) for element 0 of 'steps' but found an integer")
        }
    }

    func testPositionsOfNodesRulesChoicesAndKeys() throws {
        let document = try SurveyDocument(bytes: try Repository.bytes("examples/surveys/example-survey.json"))
        let root = document.assessment
        let followup = try XCTUnwrap(root.step("followupQ"))
        XCTAssertEqual(followup.pointer.description, "/steps/6")
        XCTAssertEqual(document.position(of: followup.pointer).description, "129:5")
        let rule = try XCTUnwrap(followup.question?.surveyRules.first)
        XCTAssertEqual(document.position(of: rule.pointer).description, "135:9")
        XCTAssertEqual(document.position(of: rule.pointer.appending("skipToIdentifier")).description, "137:32")
        XCTAssertEqual(document.keyPosition(of: rule.pointer.appending("skipToIdentifier")).description, "137:11")
        let pizza = try XCTUnwrap(root.step("favoriteFood")?.question?.choices?.first)
        XCTAssertEqual(document.position(of: pizza.pointer.appending("value")).description, "205:21")
        XCTAssertEqual(root.node(at: followup.pointer)?.identifier, "followupQ")
        XCTAssertNil(root.node(at: rule.pointer), "a rule is not a node")
        XCTAssertNotNil(document.sourceMap)
        XCTAssertEqual(document.duplicateKeys, [])
    }

    func testNodeLookupThroughSections() throws {
        let document = try SurveyDocument(bytes: try Repository.bytes("examples/surveys/sleep-sections.json"))
        for visit in document.assessment.descendants() {
            XCTAssertEqual(document.assessment.node(at: visit.node.pointer)?.identifier, visit.node.identifier)
            XCTAssertEqual(visit.ancestors.last?.steps?.contains(visit.node), true)
        }
        let section = try XCTUnwrap(document.assessment.step("habits"))
        XCTAssertEqual(section.node(at: JSONPointer(tokens: ["steps", "1", "steps", "0"]))?.identifier, "cups", "relative to a section")
        XCTAssertEqual(section.node(at: section.pointer.appending("steps").appending(index: 1))?.identifier, "caffeine", "or absolute")
    }

    func testDuplicateKeysAreExposed() throws {
        let document = try SurveyDocument(text: "{\"type\": \"assessment\", \"identifier\": \"a\",\n \"identifier\": \"b\", \"steps\": []}")
        XCTAssertEqual(document.assessment.identifier, "b", "the last value wins")
        XCTAssertEqual(document.duplicateKeys.map(\.key), ["identifier"])
        XCTAssertEqual(document.duplicateKeys.first?.position.line, 2)
    }
}

extension Encodable {
    /// The value as `JSONValueEncoder` writes it (the model's only writer); a failure fails the test that asks.
    var json: JSONValue {
        do {
            return try JSONValueEncoder().encode(self)
        } catch {
            XCTFail("\(error)")
            return .null
        }
    }
}
