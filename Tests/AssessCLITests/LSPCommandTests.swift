import CLITestSupport
import AssessmentModel
import AssessmentLint
import AssessmentSchemas
import Foundation
import JSONCore
import LanguageServer
import XCTest
@testable import AssessCLI

/// `assess lsp`: the server reports what `assess lint` reports, and the binary speaks framed JSON-RPC.
final class LSPCommandTests: XCTestCase {
    /// Every JSON file of examples/ and the CLI fixtures.
    private var allJSONFiles: [URL] {
        [Paths.repository.appendingPathComponent("examples"), Paths.fixtures].flatMap { root -> [URL] in
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "json" }
        }.sorted { $0.path < $1.path }
    }

    /// One finding as both sides can say it: rule, severity, message, 0-based line and UTF-16 column, notes.
    private struct Said: Hashable {
        let rule: String, severity: String, message: String, line: Int, character: Int, notes: [String]
    }

    /// The UTF-16 column of a 1-based Unicode-scalar column on a 1-based line.
    private func utf16Column(_ lines: [Substring], line: Int, column: Int) -> Int {
        guard lines.indices.contains(line - 1) else { return column - 1 }
        return String(String.UnicodeScalarView(lines[line - 1].unicodeScalars.prefix(column - 1))).utf16.count
    }

    func testTheServerFindsWhatLintFindsInEveryExampleAndFixture() throws {
        var compared: [String] = []
        for file in allJSONFiles where file.lastPathComponent != "assess.json" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let uri = file.absoluteString
            let settings = ServerOptions().settings(for: uri)
            let analysis = DocumentAnalysis(bytes: Array(text.utf8), settings: settings, registry: BundledSchemas.registry())
            guard analysis.kind == .survey else { continue }
            compared.append(file.lastPathComponent)
            let lint = CapturedRun(["lint", "--format", "json", file.path])
            // Editors also get the places lint's outputs leave out (`Finding.related`), after the notes.
            let linter = Linter(allowedTypes: settings.allowedTypes, resources: settings.resources)
            let findings = linter.lint(bytes: Array(text.utf8), file: file.path).findings
            let related = findings.map { $0.related.map { "\($0.position.line): \($0.message)" } }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let fromLint = dig(try JSONDocument(text: lint.stdout).value, "files")?[0]?["findings"]?.arrayValue ?? []
            let expected = fromLint.enumerated().map { index, finding -> Said in
                let line = int(finding["line"])
                let notes = (finding["notes"]?.arrayValue ?? []).map { "\(int($0["line"])): \(string($0["message"]))" }
                    + (related.indices.contains(index) ? related[index] : [])
                // Where lint names an option, the editor names the setting it reads instead (`Remedy.serverSetting`).
                var message = string(finding["message"])
                if findings.indices.contains(index), !findings[index].text.remedies.isEmpty {
                    XCTAssertEqual(message, FlagHints.message(findings[index]), file.path)
                    message = findings[index].text.rendered(naming: \.serverSetting)
                }
                return Said(rule: string(finding["rule"]), severity: string(finding["severity"]), message: message,
                            line: line - 1, character: utf16Column(lines, line: line, column: int(finding["column"])), notes: notes)
            }
            var server = LanguageServer()
            _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]])
            let document: JSONValue = ["uri": .string(uri), "languageId": "json", "version": 1, "text": .string(text)]
            let published = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": document]])
            let publication = published.first { $0["method"] == "textDocument/publishDiagnostics" }
            let diagnostics = dig(publication, "params", "diagnostics")?.arrayValue ?? []
            let actual = diagnostics.map { diagnostic -> Said in
                let related = diagnostic["relatedInformation"]?.arrayValue ?? []
                let notes = related.map { "\(int(dig($0, "location", "range", "start", "line")) + 1): \(string($0["message"]))" }
                return Said(rule: string(diagnostic["code"]), severity: int(diagnostic["severity"]) == 1 ? "error" : "warning",
                            message: string(diagnostic["message"]), line: int(dig(diagnostic, "range", "start", "line")),
                            character: int(dig(diagnostic, "range", "start", "character")), notes: notes)
            }
            XCTAssertEqual(actual, expected, file.path)
        }
        // Every survey of the examples and fixtures is recognised as one (scripts and schemas are not surveys).
        for survey in ["example-survey.json", "unknown-type.json", "missing-target.json", "malformed-choice.json", "every-node.json",
                       "tremor-test.json", "hand-section.json", "old-input-types.json", "mini-assessment.json"] {
            XCTAssertTrue(compared.contains(survey), "\(survey) is linted as a survey; compared: \(compared)")
        }
    }

    private func dig(_ value: JSONValue?, _ keys: String...) -> JSONValue? {
        keys.reduce(value) { $0?[$1] }
    }

    private func int(_ value: JSONValue?) -> Int { value?.numberValue?.intValue ?? -1 }

    private func string(_ value: JSONValue?) -> String { value?.stringValue ?? "" }
}
