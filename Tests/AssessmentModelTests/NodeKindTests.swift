import Foundation
import XCTest
import JSONCore
@testable import AssessmentModel

/// One minimal JSON per node kind and per input type, decoded on its own.
final class NodeKindTests: XCTestCase {
    private func node(_ text: String) throws -> Node {
        try JSONValueDecoder().decode(Node.self, from: try JSONDocument(text: text).value)
    }

    func testAssessment() throws {
        let node = try node(#"{"type": "assessment", "identifier": "a", "$schema": "https://example.org/s.json", "versionString": "1.0.0", "estimatedMinutes": 3, "copyright": "©", "steps": []}"#)
        XCTAssertEqual(node.kind, .assessment)
        XCTAssertTrue(node.kind.isContainer)
        XCTAssertEqual(node.steps, [])
        XCTAssertEqual(node.extra["$schema"]?.stringValue, "https://example.org/s.json")
        XCTAssertEqual(node.container?.versionString, "1.0.0")
        XCTAssertEqual(node.container?.estimatedMinutes, JSONNumber(3))
        XCTAssertEqual(node.container?.copyright, "©")
        XCTAssertNil(node.question)
    }

    func testSectionHoldsStepsWithPointers() throws {
        let node = try node(#"{"type": "section", "identifier": "s", "steps": [{"type": "instruction", "identifier": "i"}]}"#)
        XCTAssertEqual(node.kind, .section)
        XCTAssertEqual(node.steps?.map(\.pointer.description), ["/steps/0"])
        XCTAssertTrue(node.kind.isContainer)
    }

    func testSectionWithoutStepsHasAnEmptyList() throws {
        XCTAssertEqual(try node(#"{"type": "section", "identifier": "s"}"#).steps, [])
    }

    func testInstructionLikeKinds() throws {
        let cases: [(String, NodeKind)] = [("overview", .overview), ("instruction", .instruction), ("completion", .completion)]
        for (name, kind) in cases {
            let node = try node(#"{"type": "\#(name)", "identifier": "x", "title": "T", "subtitle": "S", "detail": "D", "image": "logo"}"#)
            XCTAssertEqual(node.kind, kind, name)
            XCTAssertEqual([node.title, node.subtitle, node.detail], ["T", "S", "D"])
            XCTAssertEqual(node.image, "logo")
            XCTAssertNil(node.steps, "\(name) holds no steps")
            XCTAssertNil(node.question, "\(name) is no question")
        }
    }

    func testPermission() throws {
        let node = try node(#"{"type": "permission", "identifier": "p", "permissionType": "motion", "requiresBackground": true}"#)
        XCTAssertEqual(node.kind, .permission)
        XCTAssertEqual(node.body, .permission(permissionType: "motion"))
        XCTAssertEqual(node.extra["requiresBackground"], true)
    }

    func testSimpleQuestion() throws {
        let node = try node(#"{"type": "simpleQuestion", "identifier": "q", "uiHint": "slider", "optional": true, "inputItem": {"type": "number", "fieldLabel": "kg", "identifier": "w"}}"#)
        XCTAssertTrue(node.isQuestion)
        XCTAssertEqual(node.question?.uiHint, "slider")
        XCTAssertEqual(node.question?.optional, true)
        XCTAssertEqual(node.question?.inputItem?.fieldLabel, "kg")
        XCTAssertEqual(node.question?.inputItem?.identifier, "w")
        XCTAssertEqual(node.question?.inputItem?.pointer.description, "/inputItem")
        XCTAssertEqual(node.question?.answerType, .number)
    }

    func testChoiceQuestion() throws {
        let node = try node("""
            {"type": "choiceQuestion", "identifier": "c", "baseType": "integer", "singleChoice": false,
             "choices": [{"value": 1, "text": "One", "detail": "the first", "icon": "one.png"},
                         {"text": "All", "selectorType": "all"}, {"text": "None", "selectorType": "exclusive"}],
             "other": {"type": "integer"}}
            """)
        XCTAssertEqual(node.kind, .choiceQuestion)
        XCTAssertEqual(node.question?.answerType, .integer)
        XCTAssertEqual(node.question?.isSingleChoice, false)
        let choices = node.question?.choices ?? []
        XCTAssertEqual(choices.map(\.selectorType), [.default, .all, .exclusive])
        XCTAssertEqual(choices.map(\.value), [1, nil, nil], "a choice without value has none")
        XCTAssertEqual(choices[0].extra["detail"], "the first")
        XCTAssertEqual(choices[0].extra["icon"], "one.png")
        XCTAssertEqual(choices[2].pointer.description, "/choices/2")
        XCTAssertEqual(node.question?.other?.type, .integer)
        XCTAssertEqual(node.question?.other?.pointer.description, "/other")
    }

    func testSingleChoiceIsTheDefaultAndUnknownSelectorsAreKept() throws {
        let node = try node(#"{"type": "choiceQuestion", "identifier": "c", "baseType": "text", "choices": [{"text": "x", "selectorType": "only"}]}"#)
        XCTAssertEqual(node.question?.isSingleChoice, true)
        XCTAssertNil(node.question?.choiceInput?.baseType, "an unknown baseType names no JSON type")
        XCTAssertEqual(node.question?.choiceInput?.baseTypeName, "text")
        XCTAssertEqual(node.question?.choices?.first?.selectorType, .unknown("only"))
    }

    func testUnknownTypeKeepsItsJSON() throws {
        let text = #"{"type": "textQuestion", "identifier": "t", "inputItem": {"type": "string"}, "surveyRules": []}"#
        let node = try node(text)
        XCTAssertEqual(node.kind, .unknown("textQuestion"))
        XCTAssertEqual(node.kind.description, "textQuestion")
        XCTAssertNil(node.question, "an unknown type is not read as a question")
        XCTAssertEqual(node.json, try JSONDocument(text: text).value, "nothing is dropped")
        XCTAssertFalse(NodeKind.knownNames.contains("textQuestion"))
        XCTAssertEqual(NodeKind.knownNames.map { NodeKind($0).description }, NodeKind.knownNames)
    }

    func testEveryInputTypeWithItsFormatOptions() throws {
        let cases: [(String, InputItemType, JSONPrimitiveType, String)] = [
            ("string", .string, .string, #"{"maximumLength": 20}"#),
            ("integer", .integer, .integer, #"{"minimumValue": 1, "maximumValue": 5, "stepInterval": 1}"#),
            ("number", .number, .number, #"{"minimumValue": 0.5, "maximumFractionDigits": 2}"#),
            ("year", .year, .integer, #"{"minimumYear": 1900, "maximumYear": 2030, "allowFuture": false}"#),
            ("time", .time, .string, #"{"minimumValue": "06:00", "allowFuture": false}"#),
            ("duration", .duration, .number, #"{"maximumValue": 3600}"#),
            ("checkbox", .checkbox, .boolean, "{}"),
        ]
        for (name, type, answerType, options) in cases {
            let item = try JSONValueDecoder().decode(InputItem.self, from: try JSONDocument(text: #"{"type": "\#(name)", "formatOptions": \#(options)}"#).value)
            XCTAssertEqual(item.type, type, name)
            XCTAssertEqual(item.type.description, name)
            XCTAssertEqual(item.type.answerType, answerType, name)
        }
        let year = try JSONValueDecoder().decode(FormatOptions.self, from: try JSONDocument(text: cases[3].3).value)
        XCTAssertEqual([year.minimumYear, year.maximumYear], [JSONNumber(1900), JSONNumber(2030)])
        XCTAssertEqual(year.allowFuture, false)
        XCTAssertNil(year.allowPast)
        let time = try JSONValueDecoder().decode(FormatOptions.self, from: try JSONDocument(text: cases[4].3).value)
        XCTAssertEqual(time.minimumValue, "06:00", "a time input's bounds are times")
        let number = try SurveyDocument(text: #"{"type": "simpleQuestion", "identifier": "n", "inputItem": {"type": "number", "formatOptions": {"minimumValue": 0.5, "maximumFractionDigits": "2", "minimumLabel": "low"}}}"#)
        let options = try XCTUnwrap(number.assessment.question?.inputItem?.formatOptions)
        XCTAssertEqual(options.minimumValue, 0.5)
        XCTAssertNil(options.maximumFractionDigits, "a mistyped option is nil")
        XCTAssertEqual(options.extra["maximumFractionDigits"], "2", "and kept for the round trip")
        XCTAssertEqual(number.issues.map(\.message), [#""maximumFractionDigits" must be a number, found a string"#])
        XCTAssertEqual(number.issues.map(\.pointer.description), ["/inputItem/formatOptions/maximumFractionDigits"])
        XCTAssertEqual(options.minimumLabel, "low")
        XCTAssertEqual(InputItemType("colour"), .unknown("colour"))
        XCTAssertNil(InputItemType("colour").answerType)
        for name in ["boolean", "date", "dateTime", "height", "weight", "postalCode"] {
            XCTAssertEqual(InputItemType(name), .unknown(name), "\(name) is known to neither the reference nor the published schema")
        }
        XCTAssertEqual(InputItemType.knownNames, ["string", "integer", "number", "year", "duration", "time", "checkbox"])
    }

    func testFormatOptionsRoundTripExactlyWithTheMembersTheyDoNotType() throws {
        let text = #"{"minimumValue":0,"maximumValue":1.50,"stepInterval":5e-1,"numberStyle":"percent","maximumFractionDigits":2,"#
            + #""minimumYear":1900,"maximumYear":2.03e3,"allowFuture":false,"allowPast":true,"minimumLabel":"low","maximumLabel":"high","#
            + #""minInvalidMessage":"too small"}"#
        let options = try JSONValueDecoder().decode(FormatOptions.self, from: try JSONDocument(text: text).value)
        XCTAssertEqual(options.stepInterval?.description, "5e-1")
        XCTAssertEqual(options.extra.keys, ["numberStyle", "minInvalidMessage"])
        XCTAssertEqual(options.maximumLabel, "high")
        let typedFirst = #"{"minimumValue":0,"maximumValue":1.50,"stepInterval":5e-1,"maximumFractionDigits":2,"minimumYear":1900,"#
            + #""maximumYear":2.03e3,"allowFuture":false,"allowPast":true,"minimumLabel":"low","maximumLabel":"high","#
            + #""numberStyle":"percent","minInvalidMessage":"too small"}"#
        XCTAssertEqual(JSONWriter.compact.string(try JSONValueEncoder().encode(options)), typedFirst, "typed members, then the others")
        let again = try JSONValueDecoder().decode(FormatOptions.self, from: try JSONDocument(text: typedFirst).value)
        XCTAssertEqual(JSONWriter.compact.string(try JSONValueEncoder().encode(again)), typedFirst, "the same bytes out")
        let foundation = try JSONDecoder().decode(FormatOptions.self, from: Data(text.utf8))
        XCTAssertEqual(try JSONDecoder().decode(FormatOptions.self, from: try JSONEncoder().encode(foundation)), foundation)
        XCTAssertEqual(foundation.maximumFractionDigits, JSONNumber(2))
        let engines = Set(EngineKeys.numberTypes.flatMap { EngineKeys.keys(for: .formatOptions($0)) ?? [] }.map(\.name))
        XCTAssertEqual(FormatOptions.CodingKeys.allCases.map(\.rawValue).filter { !engines.contains($0) }, [], "typed members are ones the engines read")
    }

    func testAnInputItemWithoutTypeIsAString() throws {
        let item = try JSONValueDecoder().decode(InputItem.self, from: ["placeholder": "x"])
        XCTAssertEqual(item.type, .string)
        XCTAssertEqual(item.placeholder, "x")
        XCTAssertNil(item.formatOptions)
    }

    func testRuleOperatorsAndUnknownOnes() {
        let names = ["eq", "ne", "lt", "gt", "le", "ge"]
        XCTAssertEqual(names.map { RuleOperator($0) }, [.equal, .notEqual, .lessThan, .greaterThan, .lessThanOrEqual, .greaterThanOrEqual])
        XCTAssertEqual(names.map { RuleOperator($0).description }, names)
        XCTAssertEqual(names.filter { RuleOperator($0).isOrdering }, ["lt", "gt", "le", "ge"])
        XCTAssertEqual(RuleOperator("contains"), .unknown("contains"))
        XCTAssertEqual(RuleOperator("contains").description, "contains")
    }

    func testButtonTypesRoundTripTheirNames() {
        let names = ["goForward", "goBackward", "skip", "cancel", "pause", "reviewInstructions"]
        XCTAssertEqual(ButtonType.knownNames, names)
        XCTAssertTrue(names.allSatisfy { ButtonType($0).isKnown })
        XCTAssertEqual(ButtonType("goforward"), .custom("goforward"), "names are case-sensitive")
        XCTAssertEqual(NavigationTarget("Exit"), .node("Exit"), "keywords are case-sensitive")
        XCTAssertEqual(NavigationTarget.keywords.map { NavigationTarget($0).description }, NavigationTarget.keywords)
    }
}
