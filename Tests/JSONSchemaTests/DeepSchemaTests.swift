import Foundation
import XCTest
import JSONCore
@testable import JSONSchema

/// Schemas nested thousands of levels deep compile (each node's location is built in constant
/// time and rendered only for errors) and report exact locations.
///
/// Evaluating recurses once per nesting level (compiling does not), so like the `assess` binary
/// (which runs on a 512 MB stack) each test runs on a thread with a large stack: a debug build
/// needs about 10 frames per level, more than the default 8 MB holds at 3,000 levels.
private let depth = 3_000
/// Evaluation may go as deep as the schema (the default limit is lower).
private let options = ValidationOptions(maxDepth: 4 * depth)

private func json(_ text: String) throws -> JSONValue { try JSONDocument(text: text).value }

private func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

/// Runs `body` on a thread with a stack of `stackSize` bytes and waits for it.
private func onThread(stackSize: Int, _ body: @escaping @Sendable () throws -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        do { try body() } catch { XCTFail("\(error)") }
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
}

final class DeepSchemaTests: XCTestCase {

    func testDeepPropertiesReportTheFullLocations() {
        onThread(stackSize: 1 << 29) {
            let schema = repeated(#"{"properties":{"a":"#, depth) + #"{"type":"string"}"# + repeated("}}", depth)
            let validator = try Validator(schema: json(schema), uri: "https://example.com/deep.json", options: options)
            let instance = try json(repeated(#"{"a":"#, depth) + "1" + repeated("}", depth))

            let errors = validator.validate(instance)
            XCTAssertEqual(errors.count, 1)
            let error = try XCTUnwrap(errors.first)
            XCTAssertEqual(error.kind, .type(expected: [.string], actual: .integer))
            XCTAssertEqual(error.instanceLocation.description, repeated("/a", depth))
            XCTAssertEqual(error.keywordLocation.description, repeated("/properties/a", depth) + "/type")
            XCTAssertEqual(error.absoluteKeywordLocation, "https://example.com/deep.json#" + repeated("/properties/a", depth) + "/type")
            XCTAssertTrue(validator.isValid(try json(repeated(#"{"a":"#, depth) + #""x""# + repeated("}", depth))))
        }
    }

    func testDeepAllOfChainReportsTheFullLocationAndHasNoCycle() {
        onThread(stackSize: 1 << 29) {
            let schema = repeated(#"{"allOf":["#, depth) + #"{"minimum":2}"# + repeated("]}", depth)
            let validator = try Validator(schema: json(schema), uri: "https://example.com/all.json", options: options)

            let error = try XCTUnwrap(validator.validate(try json("1")).first)
            XCTAssertEqual(error.kind, .minimum(limit: JSONNumber(2), exclusive: false))
            XCTAssertEqual(error.keywordLocation.description, repeated("/allOf/0", depth) + "/minimum")
            XCTAssertEqual(error.absoluteKeywordLocation, "https://example.com/all.json#" + repeated("/allOf/0", depth) + "/minimum")
            XCTAssertTrue(validator.isValid(try json("3")))
        }
    }

    func testDeepNotChainEvaluatesEachLevel() {
        onThread(stackSize: 1 << 29) {
            // An odd number of `not`s around `{}` rejects everything; one more accepts everything.
            let odd = try Validator(schema: json(repeated(#"{"not":"#, depth - 1) + "{}" + repeated("}", depth - 1)), options: options)
            let error = try XCTUnwrap(odd.validate(try json("null")).first)
            XCTAssertEqual(error.kind, .not)
            XCTAssertEqual(error.keywordLocation.description, "/not")
            let even = try Validator(schema: json(repeated(#"{"not":"#, depth) + "{}" + repeated("}", depth)), options: options)
            XCTAssertTrue(even.isValid(try json("null")))
        }
    }
}

/// Compiling is iterative: a schema nested nearly 10,000 levels deep (the parser's limit) compiles
/// on a thread with a 4 MB stack, and its errors still name the exact place. (Compiling used to
/// recurse about 8 kB per level in a debug build; freeing the parsed `JSONValue` still recurses,
/// about 240 bytes per level, which is what the 4 MB are for.)
final class IterativeCompileTests: XCTestCase {
    private let levels = 9_990

    func testNearlyTenThousandNestedNotsCompileOnAFourMegabyteStack() {
        let levels = levels
        onThread(stackSize: 1 << 22) {
            let text = repeated(#"{"not":"#, levels) + "{}" + repeated("}", levels)
            let validator = try Validator(schema: json(text), options: ValidationOptions(maxDepth: 100))
            // Evaluation still stops at its depth limit with an error rather than recursing 10,000 times.
            let errors = validator.validate(try json("null"))
            XCTAssertEqual(errors.map(\.kind), [.tooDeep(limit: 100)])
            XCTAssertFalse(validator.isValid(try json("null")))
        }
    }

    func testAnErrorAtTheBottomOfADeepSchemaIsReportedThere() {
        let levels = levels
        onThread(stackSize: 1 << 22) {
            let text = repeated(#"{"items":"#, levels) + #"{"type":5}"# + repeated("}", levels)
            XCTAssertThrowsError(try Validator(schema: json(text), uri: "https://example.com/deep.json")) { error in
                guard let error = error as? SchemaError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.location, "https://example.com/deep.json#" + repeated("/items", levels) + "/type")
            }
        }
    }

    func testSiblingsCompileInDocumentOrder() throws {
        // The first bad keyword in document order is the one reported, even when an earlier
        // sibling's subschemas hold nothing wrong and a later one is deep.
        let schema = try json(#"{"properties":{"a":{"properties":{"b":{"minimum":"x"}}},"c":{"maximum":"y"}}}"#)
        XCTAssertThrowsError(try Validator(schema: schema)) { error in
            XCTAssertEqual((error as? SchemaError)?.location.hasSuffix("#/properties/a/properties/b/minimum"), true, "\(error)")
        }
    }
}
