import XCTest
import Foundation
@testable import JSONSchema

/// Schema folders listed and files read without Foundation give what Foundation gives: the same paths, the
/// same `file://` URIs, the same bytes and errors; names it might read otherwise are left to it.
final class PlainPathsTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = URL(fileURLWithPath: "/tmp").appendingPathComponent("assess-plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func write(_ name: String, _ text: String = "{}") throws {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Foundation's listing, as `schemaFiles(under:)` made it before.
    private func foundationFiles(_ path: String) -> [String] {
        let enumerator = FileManager.default.enumerator(at: URL(fileURLWithPath: path), includingPropertiesForKeys: nil)
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL { if url.pathExtension == "json" { files.append(url.path) } }
        return files.sorted()
    }

    private func plainTree() throws {
        try write("a.json")
        try write("sub/b.json")
        try write("sub/deeper/c.json")
        try write(".hidden/h.json")
        try write("dir.json/inside.json")
        try write("notes.txt")
        try write("a.b.json")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.json").path, withDestinationPath: root.appendingPathComponent("a.json").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("linked").path, withDestinationPath: root.appendingPathComponent("sub").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("gone.json").path, withDestinationPath: "/nonexistent/x.json")
    }

    func testAPlainFolderIsListedAsFoundationListsIt() throws {
        try plainTree()
        let listed = try XCTUnwrap(PlainPaths.jsonFiles(under: try XCTUnwrap(PlainPaths.standardFolder(root.path))))
        XCTAssertEqual(listed.sorted(), foundationFiles(root.path))
        XCTAssertEqual(listed.count, 9, "\(listed)")
        // Relative paths (from the working folder up to the root, then down) and absolute ones, with `.` and `..`.
        let working = FileManager.default.currentDirectoryPath
        let up = String(repeating: "../", count: working.split(separator: "/").count)
        let relative = up + String(root.path.dropFirst())
        for given in [root.path, root.path + "/", root.path + "/sub/..", root.path + "/./sub/deeper/../../", root.path + "/sub",
                      relative, relative + "/", relative + "/sub/..", "./" + relative + "/./sub/deeper/../../", relative + "/sub"] {
            XCTAssertEqual(try SchemaRegistry.schemaFiles(under: given), foundationFiles(given), given)
        }
        XCTAssertNotNil(PlainPaths.standardFolder(relative + "/sub/.."), "a relative path is resolved by name")
        XCTAssertNil(PlainPaths.standardFolder(root.path + "/sub/.."), "an absolute one is left to Foundation unless standard")
        XCTAssertNil(PlainPaths.jsonFiles(under: root.path + "/linked"), "a link to a folder is left to Foundation")
        XCTAssertEqual(try SchemaRegistry.schemaFiles(under: root.path + "/linked"), foundationFiles(root.path + "/linked"))
    }

    func testFoldersWithOtherNamesAreLeftToFoundation() throws {
        try plainTree()
        for odd in ["a b.json", "é.json", ".json", "..json", ".x.json", "x..json", "sub/x%20.json"] {
            try write(odd)
            XCTAssertNil(PlainPaths.jsonFiles(under: root.path), odd)
            XCTAssertEqual(try SchemaRegistry.schemaFiles(under: root.path), foundationFiles(root.path), odd)
            try FileManager.default.removeItem(at: root.appendingPathComponent(odd))
        }
        XCTAssertNil(PlainPaths.standardFolder(root.path + "//sub"))
        XCTAssertNil(PlainPaths.standardFolder("/private/tmp"))
        XCTAssertEqual(PlainPaths.standardFolder("/a/c/"), "/a/c")
        let working = FileManager.default.currentDirectoryPath
        if PlainPaths.isStandardPlain(working) { XCTAssertEqual(PlainPaths.standardFolder("x/../y"), working + "/y") }
    }

    func testFilesReadDirectlyHaveFoundationsURIsBytesAndErrors() throws {
        try plainTree()
        try write("big.json", "[" + String(repeating: "1,", count: 100_000) + "1]")
        try write("bad path.json")
        for name in ["a.json", "sub/deeper/c.json", "link.json", "big.json", "bad path.json", "dir.json", "gone.json", "missing.json", "sub/../a.json"] {
            let path = root.appendingPathComponent(name).path
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            do throws(SchemaLoadError) {
                let file = try IndexedSchemaFile(path: path)
                XCTAssertTrue(exists && !isFolder.boolValue, name)
                XCTAssertEqual(file.retrieval.description, url.absoluteString, name)
                XCTAssertEqual(file.bytes, Array(try Data(contentsOf: url)), name)
                XCTAssertEqual(file.path, path)
            } catch {
                let expected: SchemaLoadError = .unreadable(path: path, reason: !exists ? "no such file" : "is a folder")
                XCTAssertEqual(error, expected, name)
            }
        }
        XCTAssertEqual(PlainPaths.regularFileBytes(root.appendingPathComponent("big.json").path)?.count, 200_003)
        XCTAssertNil(PlainPaths.regularFileBytes(root.appendingPathComponent("dir.json").path))
    }
}
