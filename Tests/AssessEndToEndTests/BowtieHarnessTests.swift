import CLITestSupport
import Foundation
import XCTest
import JSONCore

/// Drives the `assess-bowtie` executable through a pipe, as Bowtie does.
final class BowtieHarnessTests: XCTestCase {
    private var harness: URL? {
        Paths.executable.map { $0.deletingLastPathComponent().appendingPathComponent("assess-bowtie") }
            .flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil }
    }

    private func line(_ value: JSONValue) -> String { JSONWriter.compact.string(value) }

    func testProtocolRoundTrip() throws {
        guard let harness else { throw XCTSkip("assess-bowtie was not built next to the tests") }
        let requests: [JSONValue] = [
            ["cmd": "start", "version": 1],
            ["cmd": "dialect", "dialect": "http://json-schema.org/draft-07/schema#"],
            ["cmd": "run", "seq": 1, "case": [
                "description": "remote ref", "schema": ["$ref": "http://localhost:1234/integer.json"],
                "registry": ["http://localhost:1234/integer.json": ["type": "integer"]],
                "tests": [["description": "int", "instance": 1], ["description": "string", "instance": "a"]],
            ]],
            ["cmd": "run", "seq": "s2", "case": ["schema": ["$ref": "#/nowhere"], "tests": [["description": "x", "instance": 1]]]],
            ["cmd": "stop"],
        ]
        let run = try ProcessRun(harness, [], stdin: requests.map(line).joined(separator: "\n") + "\n")
        XCTAssertEqual(run.status, 0)
        let responses = try run.stdout.split(separator: "\n").map { try JSONDocument(text: String($0)).value }
        XCTAssertEqual(responses.count, 4, "one line per request except stop")
        XCTAssertEqual(responses[0]["version"], 1)
        XCTAssertEqual(responses[0]["implementation"]?["dialects"], ["http://json-schema.org/draft-07/schema#"])
        XCTAssertEqual(responses[1], ["ok": true])
        XCTAssertEqual(responses[2], ["seq": 1, "results": [["valid": true], ["valid": false]]])
        XCTAssertEqual(responses[3]["seq"], "s2")
        XCTAssertEqual(responses[3]["errored"], true)
    }

    func testSuiteCasesThroughThePipeMatchTheSuite() throws {
        guard let harness else { throw XCTSkip("assess-bowtie was not built next to the tests") }
        let suite = Paths.repository.deletingLastPathComponent().appendingPathComponent("shared/JSON-Schema-Test-Suite/tests/draft7")
        guard FileManager.default.fileExists(atPath: suite.path) else {
            throw XCTSkip("JSON Schema Test Suite not found at ../shared; Bowtie suite test SKIPPED")
        }
        var requests = [line(["cmd": "start", "version": 1])]
        var expected: [[Bool]] = []
        for name in ["type.json", "properties.json", "anyOf.json", "ref.json"] {
            let groups = try JSONDocument(bytes: Array(Data(contentsOf: suite.appendingPathComponent(name)))).value.arrayValue ?? []
            for group in groups where !line(group).contains("localhost:1234") {
                let tests = group["tests"]?.arrayValue ?? []
                expected.append(tests.map { $0["valid"]?.boolValue ?? false })
                let caseValue: JSONValue = ["description": group["description"] ?? "", "schema": group["schema"] ?? true,
                                            "tests": .array(tests.map { ["description": $0["description"] ?? "", "instance": $0["data"] ?? .null] })]
                requests.append(line(["cmd": "run", "seq": .number(JSONNumber(expected.count)), "case": caseValue]))
            }
        }
        requests.append(line(["cmd": "stop"]))
        let run = try ProcessRun(harness, [], stdin: requests.joined(separator: "\n") + "\n")
        let responses = try run.stdout.split(separator: "\n").dropFirst().map { try JSONDocument(text: String($0)).value }
        XCTAssertEqual(responses.count, expected.count)
        for (response, verdicts) in zip(responses, expected) {
            XCTAssertEqual(response["results"]?.arrayValue?.map { $0["valid"]?.boolValue ?? false }, verdicts, "\(response)")
        }
    }
}
