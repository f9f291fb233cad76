import XCTest
import Foundation
import JSONCore
@testable import JSONSchema

/// Schema files and folders: indexed by file URL and `$id` when registered, parsed when used.
final class SchemaRegistryFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("assess-registry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    @discardableResult
    private func write(_ name: String, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.standardizedFileURL
    }

    private func json(_ text: String) throws -> JSONValue { try JSONDocument(text: text).value }

    func testFolderSchemasAreFoundByIdFileURLAndEmbeddedIds() throws {
        let a = try write("a.json", ##"""
            {"$id": "https://example.com/a.json",
             "definitions": {
               "name": {"$id": "#name", "type": "string", "minLength": 2},
               "embedded": {"$id": "https://example.com/embedded.json", "type": "integer"},
               "values": {"enum": [{"$id": "https://example.com/in-enum.json"}]},
               "referring": {"$ref": "#/definitions/name", "$id": "https://example.com/beside-ref.json"}
             },
             "default": {"$id": "https://example.com/in-default.json"}}
            """##)
        let b = try write("sub/b.json", ##"""
            {"properties": {"n": {"$ref": "https://example.com/a.json#name"}, "e": {"$ref": "../a.json#/definitions/embedded"},
                            "i": {"$ref": "https://example.com/embedded.json"}}}
            """##)
        var registry = SchemaRegistry()
        try registry.registerDirectory(at: folder.path)
        for uri in ["https://example.com/a.json", a.absoluteString, b.absoluteString, "https://example.com/a.json#name",
                    "https://example.com/embedded.json"] {
            XCTAssertTrue(registry.contains(uri), uri)
        }
        for uri in ["https://example.com/in-enum.json", "https://example.com/beside-ref.json", "https://example.com/in-default.json"] {
            XCTAssertFalse(registry.contains(uri), "\(uri) is not at a schema position, or beside a $ref")
        }
        let validator = try Validator(registered: b.absoluteString, in: registry)
        XCTAssertTrue(validator.isValid(try json(#"{"n": "Bo", "e": 1, "i": 2}"#)))
        let errors = validator.validate(try json(#"{"n": "B", "e": "x", "i": 1.5}"#))
        XCTAssertEqual(errors.map(\.absoluteKeywordLocation), [
            "https://example.com/a.json#/definitions/name/minLength",
            "https://example.com/embedded.json#/type", "https://example.com/embedded.json#/type",
        ])
    }

    func testRepeatedKeysKeepTheLastValueAsTheTreeDoes() throws {
        try write("dup.json", #"{"$id": "https://example.com/first.json", "type": "string", "$id": "https://example.com/last.json"}"#)
        var registry = SchemaRegistry()
        try registry.registerDirectory(at: folder.path)
        XCTAssertTrue(registry.contains("https://example.com/last.json"))
        XCTAssertFalse(registry.contains("https://example.com/first.json"))
        XCTAssertFalse(try Validator(registered: "https://example.com/last.json", in: registry).isValid(1))
    }

    func testFilesThatAreNotJSONAreRefusedWhenRegistered() throws {
        try write("ok.json", #"{"type": "string"}"#)
        try write("sub/bad.json", "{\n  \"type\": \"string\",\n}")
        var registry = SchemaRegistry()
        XCTAssertThrowsError(try registry.registerDirectory(at: folder.path)) { error in
            guard case .invalidJSON(let path, let parseError)? = error as? SchemaLoadError else {
                return XCTFail("expected invalidJSON, got \(error)")
            }
            XCTAssertTrue(path.hasSuffix("sub/bad.json"), path)
            XCTAssertEqual(parseError.position.line, 2, "at the trailing comma")
        }
    }

    func testCompileErrorsInAFileParsedOnUseHaveTheirPosition() throws {
        let broken = try write("broken.json", "{\n  \"$id\": \"https://example.com/broken.json\",\n  \"minLength\": -1\n}")
        try write("user.json", #"{"$id": "https://example.com/user.json", "items": {"$ref": "broken.json"}}"#)
        var registry = SchemaRegistry()
        try registry.registerDirectory(at: folder.path)
        XCTAssertThrowsError(try Validator(registered: "https://example.com/user.json", in: registry)) { error in
            let schemaError = error as? SchemaError
            XCTAssertEqual(schemaError?.kind, .invalidKeywordValue(keyword: "minLength", expected: "a non-negative integer"))
            XCTAssertEqual(schemaError?.sourceName, broken.path)
            XCTAssertEqual(schemaError?.position?.line, 3)
            XCTAssertEqual(schemaError?.position?.column, 16)
        }
    }

    func testAFileResolvesItsOwnFragmentsWhenAnotherFileDeclaresTheSameID() throws {
        let first = try write("a.json", ##"""
            {"$id": "https://example.com/s.json", "definitions": {"x": {"$id": "#x", "type": "string"}},
             "properties": {"a": {"$ref": "#/definitions/x"}, "b": {"$ref": "#x"}, "c": {"$ref": "s.json#/definitions/x"}}}
            """##)
        let second = try write("b.json", ##"{"$id": "https://example.com/s.json", "definitions": {"y": {"type": "integer"}}}"##)
        let third = try write("c.json", ##"{"properties": {"z": {"$ref": "https://example.com/s.json#/definitions/y"}}}"##)
        var registry = SchemaRegistry()
        try registry.registerDirectory(at: folder.path)
        // b.json was registered after a.json, so it keeps the $id for other files…
        let other = try Validator(registered: third.absoluteString, in: registry)
        XCTAssertEqual(other.validate(try json(#"{"z": "x"}"#)).map(\.kind), [.type(expected: [.integer], actual: .string)])
        // …but a.json's own references, by pointer, anchor or its own $id, stay in a.json.
        let own = try Validator(registered: first.absoluteString, in: registry)
        XCTAssertEqual(own.validate(try json(#"{"a": 1, "b": 2, "c": 3}"#)).map(\.absoluteKeywordLocation),
                       Array(repeating: "https://example.com/s.json#/definitions/x/type", count: 3))
        XCTAssertEqual(registry.sharedIDs(of: first.absoluteString),
                       [SharedID(uri: "https://example.com/s.json", others: [second.path], winner: second.path, wonByThisFile: false)])
        XCTAssertEqual(registry.sharedIDs(of: second.absoluteString),
                       [SharedID(uri: "https://example.com/s.json", others: [first.path], winner: second.path, wonByThisFile: true)])
        XCTAssertEqual(registry.sharedIDs(of: third.absoluteString), [])
    }
}
