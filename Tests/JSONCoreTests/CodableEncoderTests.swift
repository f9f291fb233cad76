import XCTest
@testable import JSONCore

private struct Rule: Codable, Equatable {
    var skipToIdentifier: String
    var matchingAnswer: JSONValue?
    var ruleOperator: String?

    // Declared out of alphabetical order on purpose: the output must follow the encoding order.
    enum CodingKeys: String, CodingKey { case skipToIdentifier, matchingAnswer, ruleOperator }
}

private struct Question: Codable, Equatable {
    var type = "simpleQuestion"
    var identifier: String
    var weights: [Double]
    var count: UInt64
    var rules: [Rule]
    var extra: JSONObject
}

final class CodableEncoderTests: XCTestCase {
    private let question = Question(identifier: "q", weights: [0.5, 2], count: UInt64.max,
                                    rules: [Rule(skipToIdentifier: "exit", matchingAnswer: .null, ruleOperator: nil)],
                                    extra: JSONObject([.init(key: "zeta", value: 1), .init(key: "alpha", value: [true])]))

    func testKeysFollowTheEncodingOrder() throws {
        let value = try JSONValueEncoder().encode(question)
        XCTAssertEqual(value.objectValue?.keys, ["type", "identifier", "weights", "count", "rules", "extra"])
        XCTAssertEqual(value["extra"]?.objectValue?.keys, ["zeta", "alpha"], "a JSONObject is stored as it is")
        XCTAssertEqual(JSONWriter.compact.string(value),
                       #"{"type":"simpleQuestion","identifier":"q","weights":[0.5,2],"count":18446744073709551615,"rules":[{"skipToIdentifier":"exit","matchingAnswer":null}],"extra":{"zeta":1,"alpha":[true]}}"#)
    }

    func testEncodingThenDecodingGivesTheSameValue() throws {
        let value = try JSONValueEncoder().encode(question)
        XCTAssertEqual(try JSONValueDecoder().decode(Question.self, from: value), question)
    }

    func testNumbersAreExact() throws {
        let encoder = JSONValueEncoder()
        XCTAssertEqual(try encoder.encode(Float(0.1)).numberValue?.lexeme, "0.1")
        XCTAssertEqual(try encoder.encode(2.0).numberValue?.lexeme, "2")
        XCTAssertEqual(try encoder.encode(Int8(-5)), -5)
        XCTAssertEqual(try encoder.encode(JSONNumber(lexeme: "1.50")).numberValue?.lexeme, "1.50")
        XCTAssertEqual(try encoder.encode(true), true, "booleans stay booleans")
    }

    func testNonFiniteNumbersAreErrorsWithAPointer() {
        struct Scores: Encodable { var values: [Double] }
        XCTAssertThrowsError(try JSONValueEncoder().encode(Scores(values: [1, .nan]))) { error in
            XCTAssertEqual((error as? JSONEncodingError)?.pointer.description, "/values/1")
            XCTAssertEqual((error as? JSONEncodingError)?.message, "nan is not a JSON number")
        }
    }

    func testNothingEncodedIsAnError() {
        struct Silent: Encodable { func encode(to encoder: any Encoder) throws {} }
        XCTAssertThrowsError(try JSONValueEncoder().encode(Silent())) { error in
            XCTAssertEqual((error as? JSONEncodingError)?.message, "Silent did not encode any value")
        }
    }

    func testNestedContainersAndReencodedKeys() throws {
        struct Manual: Encodable {
            enum Key: String, CodingKey { case b, a, list }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: .b)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode("x")
                var inner = list.nestedContainer(keyedBy: Key.self)
                try inner.encodeNil(forKey: .a)
                try container.encode(2, forKey: .a)
                try container.encode(3, forKey: .b)
            }
        }
        let value = try JSONValueEncoder().encode(Manual())
        XCTAssertEqual(JSONWriter.compact.string(value), #"{"b":3,"list":["x",{"a":null}],"a":2}"#)
    }

    func testErrorsThrownByEncodeToKeepTheirPath() {
        struct Refusing: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: encoder.codingPath, debugDescription: "no"))
            }
        }
        XCTAssertThrowsError(try JSONValueEncoder().encode(["outer": [Refusing()]])) { error in
            XCTAssertEqual(error as? JSONEncodingError, JSONEncodingError("no", at: JSONPointer(tokens: ["outer", "0"])))
        }
    }
}
