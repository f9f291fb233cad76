import XCTest
import AssessmentLint
import AssessmentSchemas
import ResultArchive

/// Lint says what is wrong and what can be done, as a typed `Remedy`; no message of the library names a
/// command-line option (each front end names its own way to apply the remedy).
final class RemedyTextTests: XCTestCase {
    /// One of each remedy: the switch stops compiling when a case is added, so the list grows with it.
    static let everyRemedy: [Remedy] = {
        let all: [Remedy] = [.allowType("tapping"), .allowType(nil), .provideSchema, .schemaFolder, .schemaCatalog, .catalogEntry]
        for remedy in all {
            switch remedy {
            case .allowType, .provideSchema, .schemaFolder, .schemaCatalog, .catalogEntry: break
            }
        }
        return all
    }()

    private func namesAnOption(_ text: String) -> Bool {
        text.range(of: "--[a-z]", options: .regularExpression) != nil
    }

    func testNoRemedyIsWordedAsAnOption() {
        for remedy in Self.everyRemedy {
            XCTAssertFalse(namesAnOption(remedy.description), remedy.description)
        }
        XCTAssertEqual(Remedy.allowType("my \"type\"").configSetting, #""allowTypes": ["my \"type\""] in assess.json"#)
        XCTAssertEqual(Remedy.allowType(nil).configSetting, #""allowTypes" in assess.json"#)
        XCTAssertNil(Remedy.schemaFolder.configSetting)
        for setting in VerifySetting.allCases {
            XCTAssertFalse(namesAnOption(setting.description), setting.description)
        }
    }

    func testAHintedTextKeepsItsRemediesInPlace() {
        let inner: HintedText = "allow it with \(remedy: .allowType("x"))"
        let text: HintedText = "unknown type \("x") (\(inner))"
        XCTAssertEqual(text.remedies, [.allowType("x")])
        XCTAssertEqual(text.rendered { _ in "OPTION" }, "unknown type x (allow it with OPTION)")
        XCTAssertEqual(text.description, #"unknown type x (allow it with the app's own types (add "x"))"#)
        XCTAssertEqual(HintedText("plain").parts, [.text("plain")])
    }

    func testNoCheckSummaryNamesAnOption() {
        for check in LintRegistry.surveyChecks + ArchiveMapLinter.checks {
            XCTAssertFalse(namesAnOption(check.summary), "\(check.id): \(check.summary)")
        }
        let unknownType = LintRegistry.surveyChecks.first { $0.id == .unknownNodeType }
        XCTAssertEqual(unknownType?.summaryText.remedies, [.allowType(nil)])
        XCTAssertEqual(ArchiveMapLinter.checks.first { $0.id == .archiveMapUnresolvedSchema }?.summaryText.remedies, [.schemaFolder, .schemaCatalog])
    }

    func testSurveyFindingsCarryTheirRemedyAndNameNoOption() {
        let survey = #"""
            {"$schema": "https://example.org/my-survey.json", "type": "assessment", "identifier": "s", "steps": [
              {"type": "tapping", "identifier": "a"},
              {"type": "instrution", "identifier": "b"},
              {"type": "completion", "identifier": "done"}]}
            """#
        let findings = Linter().lint(bytes: Array(survey.utf8), file: "s.json").findings
        let hinted = findings.filter { !$0.text.remedies.isEmpty }
        XCTAssertEqual(hinted.map(\.rule), [.schema, .unknownNodeType, .unknownNodeType])
        XCTAssertEqual(hinted.map(\.text.remedies), [[.provideSchema], [.allowType("tapping")], [.allowType("instrution")]])
        for finding in findings {
            XCTAssertFalse(namesAnOption(finding.message), finding.message)
        }
        XCTAssertTrue(findings.contains { $0.message.hasSuffix(#"an app's own type can be allowed with the app's own types (add "tapping"))"#) })
    }

    func testArchiveMapFindingsCarryTheirRemedyAndNameNoOption() {
        let registry = BundledSchemas.registry()
        let map = #"{"assessments": [{"assessmentIdentifier": "walk", "assessmentRevision": 1, "files": [{"filename": "c.json", "jsonSchema": "s:nowhere"}]}]}"#
        let findings = ArchiveMapLinter(schemas: SchemaCache(registry: registry), registry: registry).lint(bytes: Array(map.utf8), file: "map.json").findings
        XCTAssertEqual(findings.first { $0.rule == .archiveMapSchema }?.text.remedies, [.schemaFolder])
        XCTAssertFalse(findings.isEmpty)
        for finding in findings {
            XCTAssertFalse(namesAnOption(finding.message), finding.message)
        }
    }
}
