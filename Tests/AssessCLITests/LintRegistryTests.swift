import Foundation
import CLITestSupport
import XCTest
@testable import AssessCLI
import AssessmentLint
import ResultArchive

/// The checks `assess lint` knows: the survey checks and the ones other modules register, listed once.
final class LintRegistryTests: XCTestCase {
    func testEveryCheckIsListedOnceSurveyChecksFirst() {
        let ids = LintRegistry.all.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count, "one check per id")
        XCTAssertEqual(ids, (LintRegistry.surveyChecks + ArchiveMapLinter.checks).map(\.id))
        XCTAssertEqual(ids.suffix(4), [.archiveMapSchema, .archiveMapUnresolvedSchema, .archiveMapSharedDataset, .archiveMapExampleFails],
                       "ResultArchive's archive-map checks come last")
        let listed = CapturedRun(["lint", "--list-rules"]).stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        XCTAssertEqual(listed, ids.map(\.rawValue))
    }

    func testTheRulesPageIsGeneratedFromTheRegistry() throws {
        let docs = Paths.repository.appendingPathComponent("docs/rules.md")
        let markdown = LintRegistry.rulesPage(LintRegistry.all)
        if try String(contentsOf: docs, encoding: .utf8) != markdown {
            // Stale after a rule was added or reworded: the fresh text is written beside it to copy over.
            let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("rules.md")
            try markdown.write(to: fresh, atomically: true, encoding: .utf8)
            XCTFail("docs/rules.md is generated from LintRegistry and is stale: cp \(fresh.path) docs/rules.md")
        }
    }
}
