import Foundation
import XCTest
import JSONCore
import JSONSchema
import AssessmentSchemas
import SeededRandom
import SeededTesting
import ZipArchive
@testable import ResultArchive

/// The errors of an invalid file, found from its tape with positions for the errors shown only, are
/// those the tree with a source map of every value gave: messages, pointers, positions, Python's
/// messages, counts and tolerated counts.
final class SchemaErrorsTests: XCTestCase {
    /// The errors as they were found before: the file parsed again into a tree with every value's position,
    /// validated, Python's messages from the tree, every error positioned.
    private func reference(_ bytes: [UInt8], validator: Validator, tolerated: ToleratedErrors, file: String, record: RecordMetadata?,
                           maxErrors: Int) throws -> (shown: [FileError], count: Int, tolerated: Int) {
        let document = try JSONDocument(bytes: bytes, options: .init(recordPositions: true))
        let errors = validator.validate(document.value)
        let python = tolerated.comparesMessages ? errors.map { error in
            error.instanceLocation.resolve(in: document.value).flatMap { value in PythonMessages.message(for: error, among: errors) { value } }
        } : []
        let all = errors.indices.map { index in
            let error = FileError(errors[index], pythonMessage: python.indices.contains(index) ? python[index] : nil)
            return error.positioned(at: document.sourceMap?.position(of: error.instancePointer))
        }
        let kept = all.filter { !tolerated.tolerates($0, file: file, record: record) }
        return (Array(kept.prefix(max(maxErrors, 1))), kept.count, all.count - kept.count)
    }

    private func assertSameErrors(_ bytes: [UInt8], validator: Validator, tolerated: ToleratedErrors, record: RecordMetadata? = nil,
                                  maxErrors: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try reference(bytes, validator: validator, tolerated: tolerated, file: "f.json", record: record, maxErrors: maxErrors)
        var parser = JSONTapeParser()
        // The tape verify reads, and the one ingest reads (written with the file's dataset line).
        let tapes = [try parser.tape(bytes), try parser.tapeAndLine(bytes, reserving: CompactJSON.ReservedNames(["recordid"])).tape]
        for tape in tapes {
            let found = SchemaErrors(tape: tape, bytes: bytes, validator: validator, tolerated: tolerated, file: "f.json", record: record, maxErrors: maxErrors)
            XCTAssertEqual(found.count, expected.count, file: file, line: line)
            XCTAssertEqual(found.toleratedCount, expected.tolerated, file: file, line: line)
            XCTAssertEqual(found.shown, expected.shown, String(decoding: bytes, as: UTF8.self).debugDescription, file: file, line: line)
            XCTAssertEqual(found.shown.map(\.description), expected.shown.map(\.description), file: file, line: line)
        }
    }

    /// A schema that most random texts break in many ways: types, enums, `const`, `required`,
    /// `additionalProperties`, `anyOf`, `oneOf`, through `items` and `$ref`s.
    private let schema: JSONValue = [
        "type": ["object", "array"],
        "required": ["a"],
        "properties": [
            "a": ["type": "integer"],
            "b": ["enum": ["gyro", 1, .null]],
            "c": ["type": "object", "required": ["x", "a/b"], "additionalProperties": false,
                  "properties": ["x": [:], "a/b": [:], "items": ["$ref": "#"]]],
            "items": ["type": "array", "items": ["$ref": "#/definitions/sample"]],
            "é": ["const": "é"],
            "K": ["anyOf": [["type": "string"], ["type": "object", "required": ["a"]]]],
            "~": ["type": "string", "maxLength": 2],
            "x": ["oneOf": [["type": "integer"], ["type": "number"]]],
        ],
        "additionalProperties": ["type": ["object", "string", "array"], "additionalProperties": ["$ref": "#"]],
        "items": ["$ref": "#"],
        "definitions": [
            "sample": ["type": "object", "required": ["x"], "additionalProperties": false,
                       "properties": ["x": ["type": "number"], "日本": ["enum": ["a", "b"]], "a": [:], "b": [:]]],
        ],
    ]

    /// Rules of each kind: by message, keyword, pointer (with `*`), record.
    private let rules = [
        ToleratedErrors.Rule(file: "f.json", message: "None is not of type 'integer'"),
        ToleratedErrors.Rule(file: "f.json", message: "'x' is a required property"),
        ToleratedErrors.Rule(file: "f.json", keyword: "additionalProperties"),
        ToleratedErrors.Rule(file: "f.json", pointer: ["items", "*", "x"]),
        ToleratedErrors.Rule(file: "f.json", keyword: "type", appId: "app"),
        ToleratedErrors.Rule(file: "other.json", keyword: "type"),
    ]

    func testRandomInvalidTextsGiveTheErrorsTheTreeGave() throws {
        let validator = try Validator(schema: schema)
        var random = seededGenerator(0xE7707)
        var texts = RandomJSONText(seed: random.next())
        var invalid = 0
        for _ in 0..<600 {
            let bytes = texts.text(depth: Int.random(in: 1..<6, using: &random))
            guard !validator.isValid(try JSONTape(bytes: bytes)) else { continue }
            invalid += 1
            let tolerated = ToleratedErrors(rules: rules.filter { _ in Int.random(in: 0..<3, using: &random) == 0 })
            let record = Bool.random(using: &random) ? RecordMetadata(recordId: "r", appId: "app") : nil
            try assertSameErrors(bytes, validator: validator, tolerated: tolerated, record: record, maxErrors: Int.random(in: 0..<12, using: &random))
        }
        XCTAssertGreaterThan(invalid, 300)
    }

    /// Sage's motion schema on samples as the realistic mix spoils them (a `rotationVector` sensor) and as Android
    /// writes them (tolerated), one error or more in every sample, written pretty (`\n`, `\r\n`) and on one line.
    func testSensorFilesWithAnErrorInEverySample() throws {
        try SharedFixtures.require(SharedFixtures.spellingMap)
        let cache = SchemaCache(registry: try SharedFixtures.sageRegistry(), catalog: try SharedFixtures.taskDataCatalog())
        let map = try ArchiveMap(contentsOf: SharedFixtures.spellingMap)
        let uri = try XCTUnwrap(map.schema(for: "motion.json", record: RecordKey(assessmentId: "spelling", assessmentRevision: 5, appId: "mobile-toolbox"))?.uri)
        guard case .success(let resolved) = cache.schema(for: uri) else { return XCTFail("no motion schema") }
        let tolerated = try ToleratedErrors(contentsOf: SharedFixtures.repository.appendingPathComponent("examples/pipeline/tolerated.json").path)
        let android = RecordMetadata(recordId: "r", clientInfo: "osName=Android", appId: "mobile-toolbox")
        let samples = (0..<150).map { index in
            [#"{"stepPath": "s/\#(index)", "sensorType": "rotationVector", "timestamp": \#(index).25, "x": 1, "y": 2, "z": 3}"#,
             #"{"sensorType": "acceleration", "timestamp": 0.5, "x": 1, "eventAccuracy": null, "é\u00e9": "\ud83c\udf89"}"#,
             #"{"stepPath": "s", "sensorType": "gyro", "timestamp": null, "x": "NaN"}"#][index % 3]
        }
        for separator in [",\n  ", ",\r\n\t", ","] {
            let bytes = Array(("[" + samples.joined(separator: separator) + "]").utf8)
            for (record, maxErrors) in [(android, 10), (nil, 10), (android, 1000), (nil, 1)] {
                try assertSameErrors(bytes, validator: resolved.validator, tolerated: tolerated, record: record, maxErrors: maxErrors)
            }
        }
    }

    /// The tape parse refuses what the parse with positions refuses (so an invalid file whose tape parsed
    /// always has its errors): repeated names, the deepest nesting allowed and one level more, a byte order
    /// mark, surrogate pairs and lone surrogates, texts the mix spoils (cut short).
    func testTheTapeParseRefusesWhatTheParseWithPositionsRefuses() {
        let depth = JSONParser.Options().maxDepth
        let texts = [
            #"{"a": 1, "a": {"b": 2, "b": 3}}"#, "\u{FEFF}{\"a\": 1}", #"["\ud83c\udf89"]"#, #"["\ud83c"]"#, #"["\udf89x"]"#,
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
            String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1),
            #"[{"stepPath": "s", "sensorType": "gyro", "timestamp": 0.5}, {"stepPath": "s", "sensorTy"#, "[1, 2,]", "{\"a\": 1} x",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            var parser = JSONTapeParser()
            let tape = Result { () throws(JSONParseError) in try parser.tape(bytes) }
            let line = Result { () throws(JSONParseError) in try parser.tapeAndLine(bytes, reserving: CompactJSON.ReservedNames([])).tape }
            let positioned = Result { () throws(JSONParseError) in try JSONDocument(bytes: bytes, options: .init(recordPositions: true)) }
            for other in [tape.map { _ in () }, line.map { _ in () }] {
                switch (other, positioned) {
                case (.success, .success): break
                case (.failure(let error), .failure(let expected)): XCTAssertEqual(error, expected, text.prefix(40).description)
                default: XCTFail("the tape parse and the parse with positions disagree on \(text.prefix(40))")
                }
            }
        }
    }

    /// An error whose value is under a name that another, canonically equivalent name also spells: found as
    /// the tree found it (the first such member, or the last in an object with a hash index).
    func testCanonicallyEquivalentNamesResolveAsInTheTree() throws {
        let validator = try Validator(schema: ["additionalProperties": ["type": "integer"]])
        let tolerated = ToleratedErrors(rules: [ToleratedErrors.Rule(file: "f.json", message: "nothing")])
        for filler in [0, 30] {
            let others = (0..<filler).map { ", \"m\($0)\": 1" }.joined()
            for text in ["{\"\u{e9}\": \"one\", \"e\u{301}\": \"two\"\(others)}", "{\"K\": \"k\", \"\\u212A\": [\"kelvin\"]\(others)}"] {
                try assertSameErrors(Array(text.utf8), validator: validator, tolerated: tolerated, maxErrors: 10)
            }
        }
    }
}
