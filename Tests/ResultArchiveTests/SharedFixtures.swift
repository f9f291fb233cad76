import Foundation
import XCTest
import JSONSchema
import AssessmentModel
import AssessmentSchemas
@testable import ResultArchive

/// Sage's schemas, map and real archive in ../shared (beside the repository); tests that need them
/// skip with a message when they are absent.
enum SharedFixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")
    static let sageSchemas = shared.appendingPathComponent("sage/schemas").path
    static let sageMap = shared.appendingPathComponent("sage/archive-map.json").path
    static let spellingArchive = shared.appendingPathComponent("bridgedownstream/OCJByUtSrVTYtqObYp7XZV_J-mtbSpelling.zip").path
    static let spellingMap = shared.appendingPathComponent("bridgedownstream/archive-map.json").path
    /// The raw MTB URL Sage's test map names for taskData.json (its schema is not ours to copy).
    static let taskDataURI = "https://raw.githubusercontent.com/MobileToolbox/MTBfx/937cdd1bf3b09815e97b53632c58208a14255b34/JSONschema/taskData_combinedSchema.json"

    /// Skips unless `paths` exist.
    static func require(_ paths: String...) throws {
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw XCTSkip("\(path) not found (Sage's files belong in ../shared beside the repository); test SKIPPED")
        }
    }

    /// The bundled schemas plus Sage's published ones.
    static func sageRegistry() throws -> SchemaRegistry {
        try require(sageSchemas)
        var registry = BundledSchemas.registry()
        try registry.registerDirectory(at: sageSchemas)
        return registry
    }

    /// A folder with a catalog serving `taskDataURI` from a schema of our own, whose `$id` differs from that URI.
    static func taskDataCatalog() throws -> SchemaCatalog {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assess-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        let schema = #"""
        {"$schema": "http://json-schema.org/draft-07/schema#", "$id": "https://example.invalid/assess-tests/task-data-shape.json",
         "type": "object", "required": ["taskRunUUID", "stepHistory", "steps"],
         "properties": {"taskRunUUID": {"type": "string", "minLength": 1}, "stepHistory": {"type": "array"}, "steps": {"type": "array"}}}
        """#
        try Data(schema.utf8).write(to: folder.appendingPathComponent("schemas/task-data-shape.json"))
        let catalog = "{\"\(taskDataURI)\": \"schemas/task-data-shape.json\"}"
        try Data(catalog.utf8).write(to: folder.appendingPathComponent("catalog.json"))
        return try SchemaCatalog(contentsOf: folder.appendingPathComponent("catalog.json").path)
    }
}
