import Foundation
import JSONCore
import JSONSchema
import AssessmentModel
import AssessmentSchemas
import ResultArchive
@testable import Ingest

/// A small archive map of our own (two motion files sharing a schema, as walk-and-balance's do), its
/// schemas, and archives built to match.
enum IngestFixtures {
    static let base = "https://example.invalid/assess-tests/"
    static let map = #"""
        {"anyOf": [{"filename": "metadata.json", "jsonSchema": "https://example.invalid/assess-tests/ArchiveMetadata.json"}],
         "assessments": [{"assessmentIdentifier": "walk", "assessmentRevision": 1, "files": [
           {"filename": "assessmentResult.json", "jsonSchema": "https://example.invalid/assess-tests/Result.json"},
           {"filename": "left.json", "jsonSchema": "https://example.invalid/assess-tests/MotionRecord.json"},
           {"filename": "right.json", "jsonSchema": "https://example.invalid/assess-tests/MotionRecord.json"},
           {"filename": "walk_motion.json", "jsonSchema": "https://example.invalid/assess-tests/MotionRecord.json"},
           {"filename": "balance_motion.json", "jsonSchema": "https://example.invalid/assess-tests/MotionRecord.json"},
           {"filename": "gone.json", "jsonSchema": "https://example.invalid/assess-tests/Nowhere.json"}]}]}
        """#

    static func registry() throws -> SchemaRegistry {
        var registry = BundledSchemas.registry()
        let schemas: [(String, String)] = [
            ("ArchiveMetadata.json", #"{"type": "object", "required": ["files"]}"#),
            ("Result.json", #"{"type": "object", "required": ["taskRunUUID"]}"#),
            ("MotionRecord.json", #"{"type": "array", "items": {"type": "object", "required": ["t"], "properties": {"t": {"type": "number"}}}}"#),
        ]
        for (name, text) in schemas {
            _ = registry.register(try JSONDocument(text: text).value, uri: base + name)
        }
        return registry
    }

    static func verifier() throws -> ArchiveVerifier {
        let registry = try registry()
        let map = try ArchiveMap(bytes: Array(map.utf8), name: "map.json")
        return ArchiveVerifier(schemas: SchemaCache(registry: registry), resultRegistry: registry, mapping: MapVerification(map: map))
    }

    /// A result with a section, answers of several types, and the given run.
    static func result(run: String) -> String {
        #"""
        {"type": "assessment", "identifier": "walk", "startDate": "2026-01-02T03:04:05.000+00:00", "endDate": "2026-01-02T03:05:00.000+00:00",
         "taskRunUUID": "\#(run)", "stepHistory": [
           {"type": "answer", "identifier": "age", "answerType": {"type": "integer"}, "value": 42, "startDate": "2026-01-02T03:04:06.000+00:00", "endDate": "2026-01-02T03:04:07.000+00:00"},
           {"type": "section", "identifier": "s", "stepHistory": [
             {"type": "answer", "identifier": "name", "answerType": {"type": "string"}, "value": "Ada"},
             {"type": "answer", "identifier": "ok", "answerType": {"type": "boolean"}, "value": true},
             {"type": "answer", "identifier": "picks", "answerType": {"type": "array"}, "value": [1, 2]}]},
           {"type": "base", "identifier": "done"}]}
        """#
    }

    /// Motion samples: `count` objects.
    static func motion(_ count: Int, offset: Double = 0) -> String {
        "[" + (0..<count).map { #"{"t": \#(Double($0) / 100 + offset), "x": 0.5}"# }.joined(separator: ",") + "]"
    }

    /// Archive bytes with the result and both motion files (or the given extra files).
    static func archive(run: String, files: [(String, String)]? = nil) throws -> [UInt8] {
        let contents = files ?? [("assessmentResult.json", result(run: run)), ("left.json", motion(3)), ("right.json", motion(2, offset: 1))]
        return try ArchiveBuilder(timestamp: Date(timeIntervalSince1970: 1_767_323_045))
            .build(contents.map { ArchiveInput(filename: $0.0, bytes: Array($0.1.utf8)) })
    }

    /// A fresh folder removed after the test.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("assess-ingest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every file under `folder` with its text, by relative path.
    static func tree(_ folder: URL) -> [String: String] {
        var files: [String: String] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: folder.path) ?? FileManager.DirectoryEnumerator() {
            var isDirectory: ObjCBool = false
            let path = folder.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            }
        }
        return files
    }
}
