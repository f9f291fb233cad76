import Foundation
import JSONCore
import JSONSchema

/// Finds and reads the official JSON Schema Test Suite.
enum TestSuite {
    /// The suite folder: `$JSON_SCHEMA_TEST_SUITE`, else `../shared/JSON-Schema-Test-Suite` beside the repo.
    static var root: URL? {
        if let path = ProcessInfo.processInfo.environment["JSON_SCHEMA_TEST_SUITE"] {
            return URL(fileURLWithPath: path)
        }
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shared = repo.deletingLastPathComponent().appendingPathComponent("shared/JSON-Schema-Test-Suite")
        return FileManager.default.fileExists(atPath: shared.appendingPathComponent("tests/draft7").path) ? shared : nil
    }

    static let skipMessage = "JSON Schema Test Suite not found: set JSON_SCHEMA_TEST_SUITE or place it at ../shared/JSON-Schema-Test-Suite; suite tests SKIPPED"

    /// A registry holding every file of `remotes/` as `http://localhost:1234/<path>`.
    static func remotesRegistry(_ root: URL) throws -> SchemaRegistry {
        var registry = SchemaRegistry()
        let remotes = root.appendingPathComponent("remotes")
        let files = FileManager.default.enumerator(at: remotes, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let relative = String(file.standardizedFileURL.path.dropFirst(remotes.standardizedFileURL.path.count + 1))
            let document = try JSONDocument(bytes: Array(Data(contentsOf: file)))
            registry.register(document.value, uri: "http://localhost:1234/" + relative)
        }
        return registry
    }

    /// One test group of a suite file.
    struct Case {
        let file: String
        let description: String
        let schema: JSONValue
        let tests: [(description: String, data: JSONValue, valid: Bool)]
    }

    /// The cases of every `.json` file directly in `folder` (relative to `tests/draft7`).
    static func cases(_ root: URL, folder: String) throws -> [Case] {
        let directory = root.appendingPathComponent("tests/draft7").appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        var cases: [Case] = []
        for name in names {
            let document = try JSONDocument(bytes: Array(Data(contentsOf: directory.appendingPathComponent(name))))
            for group in document.value.arrayValue ?? [] {
                let tests = (group["tests"]?.arrayValue ?? []).map { test in
                    (test["description"]?.stringValue ?? "", test["data"] ?? .null, test["valid"]?.boolValue ?? false)
                }
                cases.append(Case(file: folder.isEmpty ? name : folder + "/" + name,
                                  description: group["description"]?.stringValue ?? "",
                                  schema: group["schema"] ?? .null, tests: tests))
            }
        }
        return cases
    }

    /// Runs cases; returns (passed, total, failure descriptions).
    static func run(_ cases: [Case], registry: SchemaRegistry) -> (passed: Int, total: Int, failures: [String]) {
        var passed = 0, total = 0
        var failures: [String] = []
        for testCase in cases {
            total += testCase.tests.count
            let validator: Validator
            do {
                validator = try Validator(schema: testCase.schema, registry: registry)
            } catch {
                failures.append("\(testCase.file) — \(testCase.description): schema did not compile: \(error)")
                continue
            }
            for test in testCase.tests {
                let verdict = validator.isValid(test.data)
                let errors = validator.validate(test.data)
                if verdict == test.valid && errors.isEmpty == test.valid {
                    passed += 1
                } else {
                    failures.append("\(testCase.file) — \(testCase.description) — \(test.description): expected \(test.valid ? "valid" : "invalid"), isValid said \(verdict), validate found \(errors.count) errors")
                }
            }
        }
        return (passed, total, failures)
    }
}
