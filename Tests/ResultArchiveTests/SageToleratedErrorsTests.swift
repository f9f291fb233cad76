import Foundation
import XCTest
import JSONCore
import JSONSchema
import AssessmentModel
import AssessmentSchemas
import ZipArchive
@testable import ResultArchive

/// `examples/pipeline/tolerated.json` drops exactly the errors Sage's `remove_expected_validation_errors`
/// drops (BridgeDownstream `s3_to_json_s3.py`), compared as they compare them: by Python `jsonschema`'s
/// message. Their own test cases (tests/test_s3_to_json_s3.py), then Android archives.
final class SageToleratedErrorsTests: XCTestCase {
    private let motionEnum = "'acceleration' is not one of ['accelerometer', 'gyro', 'magnetometer', 'attitude', 'gravity', 'magneticField', 'rotationRate', 'userAcceleration']"
    private let android = RecordMetadata(recordId: "123456789", assessmentId: "flanker", assessmentRevision: 5,
                                         clientInfo: "{osName:'Android'}", appId: "mobile-toolbox")

    private func example() throws -> ToleratedErrors {
        try ToleratedErrors(contentsOf: SharedFixtures.repository.appendingPathComponent("examples/pipeline/tolerated.json").path)
    }

    /// What is left of `errors` (file → Python messages) once the rules have run, as Sage's function returns it.
    private func unexpected(_ errors: [String: [String]], record: RecordMetadata) throws -> [String: [String]] {
        let rules = try example()
        var left: [String: [String]] = [:]
        for (file, messages) in errors {
            let kept = messages.filter { message in
                let error = FileError(message: "ours", keyword: "x", instancePointer: .root, schemaPath: .root, position: nil, pythonMessage: message)
                return !rules.tolerates(error, file: file, record: record)
            }
            if !kept.isEmpty { left[file] = kept }
        }
        return left
    }

    func testSagesOwnCases() throws {
        var iOS = android
        iOS.clientInfo = "{osName:'iOS'}"
        var otherApp = android
        otherApp.appId = "example-app"
        let metadata = ["metadata.json": ["'appName' is a required property", "'files' is a required property"]]
        XCTAssertEqual(try unexpected([:], record: android), [:])
        XCTAssertEqual(try unexpected(metadata, record: android), [:])
        XCTAssertEqual(try unexpected(metadata, record: iOS), metadata, "only Android clients")
        XCTAssertEqual(try unexpected(metadata, record: otherApp), metadata, "only mobile-toolbox")
        XCTAssertEqual(try unexpected(["taskData.json": ["Additional properties are not allowed ('type' was unexpected)"]], record: android), [:])
        XCTAssertEqual(try unexpected(["weather.json": ["'type' is a required property"]], record: android), [:])
        XCTAssertEqual(try unexpected(["weather.json": ["'type' is a required property", "'type' is a required property"]], record: android), [:],
                       "duplicated errors")
        XCTAssertEqual(try unexpected(["motion.json": [motionEnum, "'stepPath' is a required property", "None is not of type 'integer'"]], record: android), [:])
        // What their list does not hold stays, file by file.
        let others = ["motion.json": ["'rotationVector' is not one of ['accelerometer', 'gyro', 'magnetometer', 'attitude', 'gravity', 'magneticField', 'rotationRate', 'userAcceleration']",
                                      "None is not of type 'number'", "'NaN' is not of type 'number'"],
                      "taskData.json": ["Additional properties are not allowed ('type', 'kind' were unexpected)"],
                      "weather.json": ["'stepPath' is a required property"]]
        XCTAssertEqual(try unexpected(others, record: android), others)
    }

    // MARK: - Python's wording

    private func messages(_ schema: JSONValue, _ instance: String) throws -> [String?] {
        let validator = try Validator(schema: schema)
        let tape = try JSONTape(bytes: Array(instance.utf8))
        return PythonMessages.messages(for: validator.validate(tape), in: tape)
    }

    func testMessagesAreInPythonsWords() throws {
        XCTAssertEqual(try messages(["type": "object", "required": ["appName", "files"]], "{}"),
                       ["'appName' is a required property", "'files' is a required property"])
        XCTAssertEqual(try messages(["properties": ["a": [:]], "additionalProperties": false], #"{"type": 1}"#),
                       ["Additional properties are not allowed ('type' was unexpected)"])
        XCTAssertEqual(try messages(["properties": ["a": [:]], "additionalProperties": false], #"{"type": 1, "b": 2}"#),
                       ["Additional properties are not allowed ('type', 'b' were unexpected)",
                        "Additional properties are not allowed ('type', 'b' were unexpected)"])
        XCTAssertEqual(try messages(["items": ["properties": ["n": ["type": "integer"], "x": ["type": "number"], "s": ["enum": ["a", 1, nil, true]]]]],
                                    #"[{"n": null, "x": "NaN", "s": "it's"}]"#),
                       ["None is not of type 'integer'", "'NaN' is not of type 'number'", #""it's" is not one of ['a', 1, None, True]"#])
        XCTAssertEqual(try messages(["type": ["integer", "null"]], #"{"k": [1.5, 1e400]}"#), [#"{'k': [1.5, inf]} is not of type 'integer', 'null'"#])
        XCTAssertEqual(try messages(["const": "x"], "1"), ["'x' was expected"])
        XCTAssertEqual(try messages(["anyOf": [["type": "string"]]], "-0"), ["0 is not valid under any of the given schemas"])
        XCTAssertEqual(try messages(["minimum": 5], "1"), [nil], "not rendered: a message rule never matches it")
    }

    func testValuesAreInPythonsRepr() throws {
        func repr(_ text: String) throws -> String { PythonMessages.repr(try JSONDocument(text: text).value) }
        XCTAssertEqual(try repr("1.0"), "1.0")
        XCTAssertEqual(try repr("1e16"), "1e+16")
        XCTAssertEqual(try repr("1e15"), "1000000000000000.0")
        XCTAssertEqual(try repr("0.0001"), "0.0001")
        XCTAssertEqual(try repr("0.00001"), "1e-05")
        XCTAssertEqual(try repr("-2.5e-7"), "-2.5e-07")
        XCTAssertEqual(try repr("123.456"), "123.456")
        XCTAssertEqual(try repr("-0.0"), "-0.0")
        XCTAssertEqual(try repr("12345678901234567890123"), "12345678901234567890123")
        XCTAssertEqual(try repr(#"["a\"b", "a'b\"c", "tab\there", "\u0001", "é", "\u00a0"]"#),
                       #"['a"b', 'a\'b"c', 'tab\there', '\x01', 'é', '\xa0']"#)
        XCTAssertEqual(try repr(#"{"a": 1, "b": {"c": false}, "a": 2}"#), "{'a': 2, 'b': {'c': False}}")
    }

    // MARK: - Android archives

    /// Sage's real archive with its `motion.json` replaced by `motion`.
    private func archive(motion: String) throws -> [UInt8] {
        try SharedFixtures.require(SharedFixtures.spellingArchive)
        let reader = try ZipReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: SharedFixtures.spellingArchive))))
        var writer = ZipWriter()
        for (name, bytes) in try reader.extractAll() {
            try writer.add(name: name, bytes: name == "motion.json" ? Array(motion.utf8) : bytes, modified: Date(timeIntervalSince1970: 0))
        }
        return writer.finish()
    }

    private func verify(motion: String, record: RecordMetadata) throws -> ArchiveReport {
        try SharedFixtures.require(SharedFixtures.spellingMap)
        let cache = SchemaCache(registry: try SharedFixtures.sageRegistry(), catalog: try SharedFixtures.taskDataCatalog())
        let mapping = MapVerification(map: try ArchiveMap(contentsOf: SharedFixtures.spellingMap), aliases: ["microphone.json": "microphone_levels.json"],
                                      tolerated: try example(), required: .warning)
        return ArchiveVerifier(schemas: cache, resultRegistry: BundledSchemas.registry(), mapping: mapping)
            .verify(try archive(motion: motion), name: "android.zip", record: record)
    }

    private var spellingOnAndroid: RecordMetadata {
        RecordMetadata(recordId: "OCJByUtSrVTYtqObYp7XZV_J", assessmentId: "spelling", assessmentRevision: 5,
                       clientInfo: "ClientInfo [appName=MobileToolboxApp, osName=Android]", appId: "mobile-toolbox")
    }

    func testAnAndroidArchiveWithSagesKnownErrorsIsValid() throws {
        let motion = #"[{"sensorType": "acceleration", "timestamp": 0.5, "x": 1, "y": 2, "z": 3, "eventAccuracy": null}]"#
        let report = try verify(motion: motion, record: spellingOnAndroid)
        XCTAssertEqual(report.status, .valid, "\(report.problems)")
        // MotionRecord v2 no longer requires stepPath: the enum and the null integer are the two errors.
        XCTAssertEqual(report.files.first { $0.filename == "motion.json" }?.toleratedCount, 2)
        var iOS = spellingOnAndroid
        iOS.clientInfo = "ClientInfo [osName=iPhone OS]"
        XCTAssertEqual(try verify(motion: motion, record: iOS).status, .invalid, "only Android records")
    }

    func testAnAndroidArchiveWithOtherErrorsIsRejectedAsSageRejectsIt() throws {
        for motion in [#"[{"stepPath": "s", "sensorType": "rotationVector", "timestamp": 0.5, "x": 1}]"#,
                       #"[{"stepPath": "s", "sensorType": "gyro", "timestamp": null, "x": "NaN"}]"#] {
            let report = try verify(motion: motion, record: spellingOnAndroid)
            XCTAssertEqual(report.status, .invalid, motion)
            XCTAssertEqual(report.files.first { $0.filename == "motion.json" }?.toleratedCount, 0, motion)
        }
    }
}
