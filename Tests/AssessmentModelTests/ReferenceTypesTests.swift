import XCTest
import JSONCore
@testable import AssessmentModel
import AssessmentSchemas

/// The node and input types of the reference implementation, how they decode, and the transforms
/// that load nodes from resource files.
final class ReferenceTypesTests: XCTestCase {
    private func node(_ text: String) throws -> Node {
        try JSONValueDecoder().decode(Node.self, from: try JSONDocument(text: text).value)
    }

    func testEveryReferenceNodeTypeIsKnownAndRoundTrips() {
        let names = ["assessment", "section", "overview", "instruction", "completion", "permission", "simpleQuestion", "choiceQuestion",
                     "multipleInputQuestion", "countdown", "active", "feedback", "transform", "transformableAssessment", "assessmentPlaceholder"]
        XCTAssertEqual(NodeKind.knownNames, names)
        for name in names {
            if case .unknown = NodeKind(name) { XCTFail("\(name) should be known") }
            XCTAssertEqual(NodeKind(name).description, name)
        }
        XCTAssertEqual(names.filter { NodeKind($0).isQuestion }, ["simpleQuestion", "choiceQuestion", "multipleInputQuestion"])
        XCTAssertEqual(names.filter { NodeKind($0).isContainer }, ["assessment", "section"])
        XCTAssertEqual(names.filter { NodeKind($0).isTransform }, ["transform", "transformableAssessment"])
        XCTAssertEqual(NodeKind("tapping"), .unknown("tapping"))
    }

    func testMultipleInputQuestionAndCheckboxes() throws {
        let text = #"{"type": "multipleInputQuestion", "identifier": "m", "inputItems": [{"type": "checkbox", "identifier": "tea", "label": "Tea"}, {"type": "integer", "identifier": "cups"}]}"#
        let node = try node(text)
        XCTAssertTrue(node.isQuestion)
        XCTAssertEqual(node.question?.answerType, .object, "the answer is an object keyed by item identifier")
        let items = try XCTUnwrap(node.question?.inputItems)
        XCTAssertEqual(items.map(\.type), [.checkbox, .integer])
        XCTAssertEqual(items.map(\.pointer.description), ["/inputItems/0", "/inputItems/1"])
        XCTAssertEqual(items[0].label, "Tea")
        XCTAssertEqual(items[0].type.answerType, .boolean)
        XCTAssertEqual(node.json, try JSONDocument(text: text).value, "nothing is dropped or reordered")
    }

    func testTimedAndOtherStepsKeepTheirFields() throws {
        let countdown = try node(#"{"type": "countdown", "identifier": "c", "duration": 3, "fullInstructionsOnly": true}"#)
        XCTAssertEqual(countdown.kind, .countdown)
        XCTAssertEqual(countdown.body, .countdown(duration: JSONNumber(3)))
                XCTAssertEqual(countdown.extra["fullInstructionsOnly"], true, "members the model does not type are kept")
        XCTAssertEqual(countdown.json, try JSONDocument(text: #"{"type": "countdown", "identifier": "c", "duration": 3, "fullInstructionsOnly": true}"#).value)
        XCTAssertNil(countdown.question)
        let transform = try node(#"{"type": "transform", "identifier": "t", "resourceName": "part"}"#)
        XCTAssertEqual(transform.resourceName, "part")
        XCTAssertNil(try node(#"{"type": "instruction", "identifier": "i", "resourceName": "part"}"#).resourceName, "only transforms load resources")
    }

    func testBaseTypeIsInferredFromTheChoicesWhenMissing() throws {
        func inferred(_ choices: String) throws -> JSONPrimitiveType? {
            try node(#"{"type": "choiceQuestion", "identifier": "c", "choices": [\#(choices)]}"#).question?.choiceInput?.baseType
        }
        XCTAssertEqual(try inferred(#"{"value": "a", "text": "A"}, {"text": "none"}"#), .string)
        XCTAssertEqual(try inferred(#"{"value": 1, "text": "A"}, {"value": 2, "text": "B"}"#), .integer)
        XCTAssertEqual(try inferred(#"{"value": 1, "text": "A"}, {"value": 2.5, "text": "B"}"#), .number)
        XCTAssertEqual(try inferred(#"{"value": true, "text": "A"}"#), .boolean)
        XCTAssertEqual(try inferred(#"{"text": "A"}"#), .string, "the reference's default")
        XCTAssertNil(try inferred(#"{"value": 1, "text": "A"}, {"value": "b", "text": "B"}"#), "mixed types infer nothing")
        let written = try node(#"{"type": "choiceQuestion", "identifier": "c", "baseType": "integer", "choices": [{"value": "a", "text": "A"}]}"#)
        XCTAssertEqual(written.question?.choiceInput?.baseType, .integer, "a written baseType wins")
        XCTAssertEqual(written.question?.choiceInput?.baseTypeName, "integer", "and is kept as written")
    }

    func testARootOfAnyTypeHoldsItsSteps() throws {
        let document = try SurveyDocument(text: #"{"type": "twoHandAssessment", "identifier": "t", "steps": [{"type": "instruction", "identifier": "i"}]}"#)
        XCTAssertEqual(document.assessment.steps?.map(\.identifier), ["i"])
        let document2 = try SurveyDocument(text: #"{"type": "assessment", "identifier": "a", "steps": [{"type": "tapping", "identifier": "t", "steps": [{"type": "instruction", "identifier": "i"}]}]}"#)
        XCTAssertNil(document2.assessment.steps?.first?.steps, "an unknown step type is a step, not a container")
    }

    func testTimesOfDay() {
        XCTAssertEqual(TimeOfDay.seconds("00:00"), 0)
        XCTAssertEqual(TimeOfDay.seconds("08:30"), 30_600)
        XCTAssertEqual(TimeOfDay.seconds("23:59:59"), 86_399)
        XCTAssertEqual(TimeOfDay.seconds("06:00:00.250"), 21_600.25)
        for bad in ["8:30", "24:00", "12:60", "12:30:60", "12:30:", "12:30:00.", "12:30:00.1234", "12-30", "", "12:3a"] {
            XCTAssertNil(TimeOfDay.seconds(bad), bad)
        }
    }

    func testSageURIsOnEitherHostNameSagesSchemasNeverOurs() {
        let moved = "https://bridgedigitalhealth.github.io/mobile-client-json/schemas/v2/AssessmentObject.json"
        XCTAssertTrue(SageSchemas.isSageURI(moved))
        XCTAssertTrue(SageSchemas.isSageURI(SageSchemas.assessmentObjectURI))
        XCTAssertEqual(SageSchemas.alternateURI(moved), SageSchemas.assessmentObjectURI)
        XCTAssertEqual(SageSchemas.alternateURI(SageSchemas.assessmentObjectURI), moved)
        XCTAssertNil(SageSchemas.alternateURI("https://example.org/s.json"))
        XCTAssertFalse(SageSchemas.isSageURI(BundledSchemas.assessmentObjectURI))
        let registry = BundledSchemas.registry()
        for file in BundledSchemas.files {
            XCTAssertTrue(registry.contains(file.id))
            for base in SageSchemas.bases {
                XCTAssertFalse(registry.contains(base + "v2/" + file.fileName), "our \(file.fileName) must not answer Sage's URI")
            }
        }
    }
}
