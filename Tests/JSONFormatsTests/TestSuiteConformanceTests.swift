import Foundation
import JSONFormats
import XCTest

/// Runs the string cases of the official JSON Schema Test Suite's draft-07 format files.
final class TestSuiteConformanceTests: XCTestCase {
    /// One `{ "data": ..., "valid": ... }` case whose data is a string.
    private struct Case {
        let description: String
        let data: String
        let valid: Bool
    }

    /// The suite's `tests/draft7/optional/format` folder, from `JSON_SCHEMA_TEST_SUITE` or beside the checkout.
    private func formatDirectory() throws -> URL {
        let root: URL
        if let configured = ProcessInfo.processInfo.environment["JSON_SCHEMA_TEST_SUITE"], !configured.isEmpty {
            root = URL(fileURLWithPath: configured)
        } else {
            root = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent()
                .appendingPathComponent("../../../shared/JSON-Schema-Test-Suite")
                .standardizedFileURL
        }
        let directory = root.appendingPathComponent("tests/draft7/optional/format")
        guard FileManager.default.fileExists(atPath: directory.path) else {
            throw XCTSkip("JSON Schema Test Suite not found at \(root.path); set JSON_SCHEMA_TEST_SUITE to its root")
        }
        return directory
    }

    /// The string cases of one format file.
    private func cases(in file: URL) throws -> [Case] {
        let groups = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]],
            "\(file.lastPathComponent) is not an array of test groups"
        )
        return try groups.flatMap { group -> [Case] in
            let groupDescription = group["description"] as? String ?? "?"
            let tests = try XCTUnwrap(group["tests"] as? [[String: Any]], "\(groupDescription) has no tests")
            return try tests.compactMap { test in
                guard let data = test["data"] as? String else { return nil }
                let valid = try XCTUnwrap(test["valid"] as? Bool, "\(groupDescription) has a test without valid")
                let description = "\(groupDescription): \(test["description"] as? String ?? "?")"
                return Case(description: description, data: data, valid: valid)
            }
        }
    }

    func testEveryStringCaseOfEveryOwnedFormat() throws {
        let directory = try formatDirectory()
        var summary: [String] = []
        for format in StringFormat.allCases {
            let file = directory.appendingPathComponent("\(format.rawValue).json")
            guard FileManager.default.fileExists(atPath: file.path) else {
                XCTFail("the suite has no file for \(format.rawValue)")
                continue
            }
            let cases = try cases(in: file)
            XCTAssertFalse(cases.isEmpty, "\(format.rawValue) has no string cases")
            var passed = 0
            for testCase in cases {
                if format.accepts(testCase.data) == testCase.valid {
                    passed += 1
                } else {
                    XCTFail("\(format.rawValue) \(testCase.description): \(String(reflecting: testCase.data)) "
                        + "should be \(testCase.valid ? "valid" : "invalid")")
                }
            }
            summary.append("\(format.rawValue) \(passed)/\(cases.count)")
        }
        print("JSON Schema Test Suite draft7 formats: " + summary.joined(separator: ", "))
    }
}
