import Foundation
import XCTest
import JSONCore
import JSONSchema
import AssessmentModel
@testable import AssessmentLint
import AssessmentSchemas

/// Lint over the whole format as the reference defines it: no false alarms on what the apps accept,
/// errors for what they reject, extension types, resource files on their own, transforms.
final class ReferenceLintTests: XCTestCase {
    private func lint(_ text: String, _ linter: Linter = Linter()) -> [Finding] {
        linter.lint(bytes: Array(text.utf8), file: "t.json").findings
    }

    private func survey(_ steps: String, root: String = "") -> String {
        "{\"type\": \"assessment\", \"identifier\": \"survey\", \(root)\"steps\": [\n\(steps)\n]}"
    }

    func testEveryReferenceNodeTypeLintsClean() {
        let findings = lint(survey("""
            {"type": "overview", "identifier": "o", "icons": [{"icon": "clock", "title": "2 MINUTES"}]},
            {"type": "permission", "identifier": "p", "permissionType": "motion"},
            {"type": "countdown", "identifier": "c", "duration": 5, "fullInstructionsOnly": false},
            {"type": "active", "identifier": "a", "duration": 30, "commands": ["playSoundOnStart"]},
            {"type": "feedback", "identifier": "f", "scoringResultPath": "a", "resultTitle": "Score"},
            {"type": "transform", "identifier": "t", "resourceName": "part"},
            {"type": "transformableAssessment", "identifier": "ta", "resourceName": "other"},
            {"type": "assessmentPlaceholder", "identifier": "ph", "assessmentInfo": {"identifier": "dccs"}},
            {"type": "assessment", "identifier": "n", "steps": [{"type": "instruction", "identifier": "inside"}]},
            {"type": "multipleInputQuestion", "identifier": "m", "inputItems": [{"type": "checkbox", "identifier": "x", "label": "X"}, {"type": "time", "identifier": "at", "formatOptions": {"minimumValue": "06:00:00.000"}}]},
            {"type": "simpleQuestion", "identifier": "d", "inputItem": {"type": "duration", "displayUnits": ["minute", "second"]}},
            {"type": "completion", "identifier": "done"}
            """))
        XCTAssertEqual(findings.map(\.message), [])
    }

    func testAStepWithoutTypeIsOneFinding() {
        let findings = lint(survey(#"{"identifier": "x", "title": "no type"}"#))
        XCTAssertEqual(findings.map(\.ruleID), ["schema"])
        XCTAssertTrue(findings[0].message.contains("missing required property \"type\""), findings[0].message)
    }

    func testUnknownTypesAreOneFindingAndExcludingItSilencesThem() {
        let text = survey(#"{"type": "tapping", "identifier": "tap", "duration": 30, "title": "Tap"}"#)
        XCTAssertEqual(lint(text).map(\.ruleID), ["unknown-node-type"], "the schema lets unknown types through to lint")
        XCTAssertEqual(lint(text, Linter(excluding: ["unknown-node-type"])), [])
        XCTAssertEqual(lint(text, Linter(allowedTypes: ["tapping"])), [], "an app's own type is a generic node")
        let badTitle = survey(#"{"type": "tapping", "identifier": "tap", "title": 3}"#)
        XCTAssertEqual(lint(badTitle, Linter(allowedTypes: ["tapping"])).map(\.ruleID), ["schema"], "generic node checks still apply")
        let loop = survey(#"{"type": "tapping", "identifier": "tap", "nextStepIdentifier": "tapp"}"#)
        XCTAssertEqual(lint(loop, Linter(allowedTypes: ["tapping"])).map(\.ruleID), ["unknown-target"], "navigation checks still apply")
    }

    func testRootTypes() {
        let root = #"{"type": "twoHandAssessment", "identifier": "t", "steps": [{"type": "instruction", "identifier": "i"}]}"#
        let findings = lint(root)
        XCTAssertEqual(findings.map(\.ruleID), ["unknown-node-type"])
        XCTAssertTrue(findings[0].message.hasPrefix("the root has unknown type \"twoHandAssessment\""), findings[0].message)
        XCTAssertEqual(lint(root, Linter(allowedTypes: ["twoHandAssessment"])), [])
    }

    func testSectionAndStepFilesLintOnTheirOwnWithTheLogicChecks() {
        let section = #"{"type": "section", "identifier": "s", "steps": [{"type": "instruction", "identifier": "a", "nextStepIdentifier": "c"}, {"type": "instruction", "identifier": "b"}]}"#
        XCTAssertEqual(lint(section).map(\.ruleID).sorted(), ["unknown-target", "unreachable-step"])
        XCTAssertEqual(lint(#"{"type": "section", "identifier": "s", "steps": [{"type": "instruction", "identifier": "a", "nextStepIdentifier": "nextSection"}]}"#), [])
        let step = #"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1, "text": "A"}, {"value": 1, "text": "B"}]}"#
        XCTAssertEqual(lint(step).map(\.ruleID), ["duplicate-choice-value"])
        XCTAssertEqual(lint(#"{"type": "instruction", "identifier": "i", "title": "Alone"}"#), [], "a single step is shown, not unreachable")
    }

    func testNestedAssessmentsAreContainers() {
        let findings = lint(survey("""
            {"type": "instruction", "identifier": "a"},
            {"type": "assessment", "identifier": "n", "steps": [{"type": "instruction", "identifier": "a", "nextStepIdentifier": "b"}, {"type": "instruction", "identifier": "b"}]}
            """))
        XCTAssertEqual(findings, [], "children of a nested assessment are reachable; its identifiers are its own")
    }

    func testMissingBaseType() {
        let inferred = lint(survey(#"{"type": "choiceQuestion", "identifier": "q", "choices": [{"value": "l", "text": "Left"}, {"value": "r", "text": "Right"}]}"#))
        XCTAssertEqual(inferred.map(\.ruleID), ["missing-base-type"])
        XCTAssertEqual(inferred.map(\.severity), [.warning])
        XCTAssertTrue(inferred[0].message.contains("the apps infer \"string\""), inferred[0].message)
        let mixed = lint(survey(#"{"type": "choiceQuestion", "identifier": "q", "choices": [{"value": 1, "text": "One"}, {"value": "two", "text": "Two"}]}"#))
        XCTAssertEqual(mixed.map(\.ruleID), ["missing-base-type"])
        XCTAssertEqual(mixed.map(\.severity), [.error])
        let typed = lint(survey(#"{"type": "choiceQuestion", "identifier": "q", "choices": [{"value": 1, "text": "One"}], "surveyRules": [{"matchingAnswer": "1", "skipToIdentifier": "exit"}]}"#))
        XCTAssertEqual(typed.map(\.ruleID), ["missing-base-type", "value-type-mismatch"],
                       "the inferred type is checked like a written one; a wrong-typed matchingAnswer is one finding, not unmatchable-answer too (issue 23)")
    }

    func testInputTypesTheReferenceDoesNotKnowAreErrors() {
        for type in ["boolean", "date", "dateTime", "height", "weight", "postalCode"] {
            let findings = lint(survey(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "\#(type)"}}"#))
            XCTAssertEqual(findings.map(\.ruleID), ["unknown-input-type"], type)
            XCTAssertEqual(findings.first?.severity, .error)
            XCTAssertEqual(findings.first?.pointer.description, "/steps/0/inputItem/type")
        }
        let inOther = lint(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "string", "choices": [{"value": "a", "text": "A"}], "other": {"type": "strng"}}"#))
        XCTAssertEqual(inOther.map(\.ruleID), ["unknown-input-type"])
        XCTAssertTrue(inOther[0].message.hasSuffix("did you mean \"string\"?"), inOther[0].message)
    }

    func testInputIdentifiersOfMultipleInputQuestions() {
        let findings = lint(survey(#"{"type": "multipleInputQuestion", "identifier": "m", "inputItems": [{"type": "string"}, {"type": "integer", "identifier": "n"}, {"type": "number", "identifier": "n"}, {"type": "string", "identifier": "0"}]}"#))
        XCTAssertEqual(findings.map(\.ruleID), ["input-identifier", "input-identifier"])
        XCTAssertEqual(findings.map(\.pointer.description), ["/steps/0/inputItems/2/identifier", "/steps/0/inputItems/3/identifier"],
                       "an item without identifier answers under its index, as in the reference")
        XCTAssertEqual(lint(survey(#"{"type": "multipleInputQuestion", "identifier": "m", "inputItems": [{"type": "string"}, {"type": "string"}]}"#)), [])
        let checkbox = lint(survey(#"{"type": "multipleInputQuestion", "identifier": "m", "inputItems": [{"type": "checkbox", "identifier": "c"}]}"#))
        XCTAssertEqual(checkbox.map(\.ruleID), ["schema"], "a checkbox needs its label")
    }

    func testDuplicateIdentifiersInDifferentSectionsAreFine() {
        let findings = lint(survey("""
            {"type": "section", "identifier": "left", "steps": [{"type": "instruction", "identifier": "hold"}]},
            {"type": "section", "identifier": "right", "steps": [{"type": "instruction", "identifier": "hold"}]}
            """))
        XCTAssertEqual(findings, [])
    }

    func testTransformsAreCheckedAgainstTheResources() {
        let files = ["part.json": #"{"type": "section", "identifier": "p", "steps": []}"#, "bad.json": "[1]"]
        let resources = SurveyResources(location: "res") { files[$0].map { Array($0.utf8) } }
        let text = survey(#"{"type": "transform", "identifier": "ok", "resourceName": "part"}, {"type": "transform", "identifier": "gone", "resourceName": "nope"}, {"type": "transformableAssessment", "identifier": "b", "resourceName": "bad"}"#)
        let findings = lint(text, Linter(resources: resources))
        XCTAssertEqual(findings.map(\.ruleID), ["unresolved-transform", "unresolved-transform"])
        XCTAssertEqual(findings.map(\.pointer.description), ["/steps/1/resourceName", "/steps/2/resourceName"])
        XCTAssertTrue(findings[0].message.contains("resource file \"nope.json\" is not in res"), findings[0].message)
        XCTAssertEqual(lint(text), [], "without resources, transforms are not looked up")
        XCTAssertEqual(lint(survey(#"{"type": "transform", "identifier": "t"}"#)).map(\.ruleID), ["schema"], "resourceName is required")
    }

    func testTheMovedSchemaAddressIsTheBundledSchema() {
        let moved = #""$schema": "https://bridgedigitalhealth.github.io/mobile-client-json/schemas/v2/AssessmentObject.json", "#
        let findings = lint(survey(#"{"type": "permission", "identifier": "p"}"#, root: moved))
        XCTAssertEqual(findings.map(\.ruleID), ["schema"])
        XCTAssertTrue(findings[0].message.contains("permissionType"), findings[0].message)
        XCTAssertEqual(lint(survey(#"{"type": "instruction", "identifier": "i"}"#, root: moved)), [])
    }

    /// Sage's URI names Sage's (shallower) schema; lint still checks with our own deep one, even when
    /// Sage's files are registered.
    func testSurveysNamingSagesSchemaAreLintedWithOurDeepSchema() throws {
        let sage = Repository.root.deletingLastPathComponent().appendingPathComponent("shared/sage/schemas").path
        guard FileManager.default.fileExists(atPath: sage) else { throw XCTSkip("\(sage) not found; test SKIPPED") }
        var registry = BundledSchemas.registry()
        try registry.registerDirectory(at: sage)
        XCTAssertTrue(registry.contains(SageSchemas.assessmentObjectURI))
        let declared = #""$schema": "https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/AssessmentObject.json", "#
        let findings = lint(survey(#"{"type": "permission", "identifier": "p"}"#, root: declared), Linter(registry: registry))
        XCTAssertEqual(findings.map(\.ruleID), ["schema"])
        XCTAssertTrue(findings.first?.message.contains("permissionType") ?? false, "\(findings)")
    }
}
