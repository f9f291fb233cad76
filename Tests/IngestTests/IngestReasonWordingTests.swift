import Foundation
import JSONCore
import ResultArchive
import XCTest
@testable import Ingest

/// A rejected record's reasons name remedies as its verifier's `MapVerification.names` say: the library's
/// words by default, the caller's (the command line's options) when it gives its own.
final class IngestReasonWordingTests: XCTestCase {
    private func reasons(names: SettingNames) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-wording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = "6F2A1A52-0000-4000-8000-000000000001"
        let path = folder.appendingPathComponent("a.zip").path
        let files = [("assessmentResult.json", IngestFixtures.result(run: run)), ("gone.json", "{}")]
        try Data(IngestFixtures.archive(run: run, files: files)).write(to: URL(fileURLWithPath: path))
        let record = RecordMetadata(path: path, recordId: "r1", assessmentId: "walk", assessmentRevision: 1, uploadedOn: "2026-03-04T05:06:07.000Z",
                                    fields: JSONObject([.init(key: "recordId", value: "r1")]))
        let registry = try IngestFixtures.registry()
        var mapping = MapVerification(map: try ArchiveMap(bytes: Array(IngestFixtures.map.utf8), name: "map.json"))
        mapping.names = names
        let verifier = ArchiveVerifier(schemas: SchemaCache(registry: registry), resultRegistry: registry, mapping: mapping)
        return RecordIngester(verifier: verifier).prepare(IngestInput(name: path, path: path, record: record, issue: nil)).reasons
    }

    func testAnUnresolvedSchemaIsWordedAsTheVerifiersNamesSay() throws {
        let uri = IngestFixtures.base + "Nowhere.json"
        XCTAssertEqual(try reasons(names: SettingNames()), [
            "gone.json: schema \(uri) is not bundled, under a schema folder, in the archive map's folder or in a schema catalog; assess never downloads schemas",
        ])
        XCTAssertEqual(try reasons(names: SettingNames(remedy: { "<\($0)>" })), [
            "gone.json: schema \(uri) is not bundled, under <a schema folder>, in the archive map's folder or in <a schema catalog>; assess never downloads schemas",
        ])
    }
}
