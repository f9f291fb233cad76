import XCTest
import Foundation
import JSONCore
@testable import JSONSchema

/// Schema files loaded by several threads, or not loaded before `register(into:)`, register as one folder
/// registered file by file does: the same documents in the same order, the same first error.
final class SchemaFileLoadsTests: XCTestCase {
    private func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assess-loads-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    private let files = [
        "a.json": ##"{"$id": "urn:loads:a", "definitions": {"x": {"$id": "urn:loads:x"}, "y": {"$id": "#y"}}}"##,
        "b/b.json": #"{"$id": "urn:loads:b", "items": {"$ref": "urn:loads:a"}}"#,
        "b/c.json": #"{"$id": "urn:loads:a", "type": "string"}"#,
        "d.json": #"{"$id": "urn:loads:d"}"#,
    ]

    private func documents(_ registry: SchemaRegistry) -> [String] { registry.documents.map { $0.sourceName + " " + $0.retrieval } }

    func testLoadsOnSeveralThreadsOrNoneRegisterAsTheFolderDoes() throws {
        let root = try folder(files)
        var expected = SchemaRegistry()
        try expected.registerDirectory(at: root.path)
        let paths = try SchemaRegistry.schemaFiles(under: root.path)
        XCTAssertEqual(paths.count, 4)
        for threads in [0, 1, 3] {
            let loads = SchemaFileLoads(paths: paths)
            DispatchQueue.concurrentPerform(iterations: threads) { _ in loads.loadRemaining() }
            var registry = SchemaRegistry()
            try loads.register(into: &registry)
            XCTAssertEqual(documents(registry), documents(expected), "\(threads) threads")
            XCTAssertEqual(registry.sharedIDs(of: "urn:loads:b"), expected.sharedIDs(of: "urn:loads:b"))
            XCTAssertEqual(registry.sharedIDs(of: paths[1]), expected.sharedIDs(of: paths[1]))
            XCTAssertEqual(registry.schemaValue(for: "urn:loads:a"), expected.schemaValue(for: "urn:loads:a"))
            XCTAssertTrue(registry.contains("urn:loads:a#y") && registry.contains("urn:loads:x"))
        }
    }

    /// `loadAll` reads every file before it returns: registering afterwards needs none of them on disk.
    func testLoadAllReadsEveryFileBeforeItReturns() throws {
        let root = try folder(files)
        var expected = SchemaRegistry()
        try expected.registerDirectory(at: root.path)
        let loads = SchemaFileLoads(paths: try SchemaRegistry.schemaFiles(under: root.path))
        loads.loadAll()
        try FileManager.default.removeItem(at: root)
        var registry = SchemaRegistry()
        try loads.register(into: &registry)
        XCTAssertEqual(documents(registry), documents(expected))
    }

    func testTheFirstBadFileInOrderIsTheErrorAndNothingAfterItIsRegistered() throws {
        var broken = files
        broken["b/a.json"] = "{"
        broken["c.json"] = "[1,"
        let root = try folder(broken)
        var expected = SchemaRegistry()
        var thrown: SchemaLoadError?
        do throws(SchemaLoadError) { try expected.registerDirectory(at: root.path) } catch { thrown = error }
        guard case .invalidJSON(root.path + "/b/a.json", _)? = thrown else { return XCTFail("\(String(describing: thrown))") }
        let paths = try SchemaRegistry.schemaFiles(under: root.path)
        for threads in [0, 2] {
            let loads = SchemaFileLoads(paths: paths)
            DispatchQueue.concurrentPerform(iterations: threads) { _ in loads.loadRemaining() }
            var registry = SchemaRegistry()
            var error: SchemaLoadError?
            do throws(SchemaLoadError) { try loads.register(into: &registry) } catch let failure { error = failure }
            XCTAssertEqual(error, thrown, "\(threads) threads")
            XCTAssertEqual(documents(registry), ["draft-07 metaschema http://json-schema.org/draft-07/schema", paths[0] + " file://" + paths[0]])
        }
    }
}
