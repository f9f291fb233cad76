import XCTest
import JSONCore
import SeededTesting
@testable import JSONSchema

/// An array of objects described by `properties` alone (motion samples) is checked element by element with the
/// member names of the element before remembered: an element of the same names in the same order whose values
/// pass their places' tests (kinds, an `enum` of strings) is accepted without looking anything up. Each test
/// here gives runs of elements of one shape with one element spoilt in one way at a seeded place, and compares
/// the verdict with the errors collected keyword by keyword, which take no shortcut.
final class ElementShapeTests: XCTestCase {
    private func json(_ text: String) throws -> JSONValue { try JSONDocument(text: text).value }

    /// A MotionRecord-like schema: numbers, an integer, a string with a format, `enum`s of strings behind `$ref`s,
    /// a nested object, a member whose schema needs a call, and a name longer than 16 bytes.
    private let schema = ##"""
        {"type": "array", "items": {"type": "object", "properties": {
            "uptime": {"type": "number"}, "timestamp": {"type": "number"}, "stepPath": {"type": "string"},
            "timestampDate": {"type": "string", "format": "date-time"}, "sensorType": {"$ref": "#/definitions/kind"},
            "eventAccuracy": {"type": "integer"}, "referenceCoordinate": {"$ref": "#/definitions/frame"},
            "x": {"type": "number"}, "y": {"type": "number"}, "z": {"type": "number"},
            "nested": {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]},
            "free": {}, "a-name-longer-than-16-bytes": {"type": "boolean"},
            "bounded": {"type": "number", "maximum": 10}}},
         "definitions": {"kind": {"type": "string", "enum": ["gyro", "accelerometer", "attitude"]},
                         "frame": {"enum": ["Z-Up", "North-West-Up", 3]}}}
        """##

    /// One good sample of a shape (`names`), its values drawn from `random`.
    private func sample<Random: RandomNumberGenerator>(_ names: [String], _ random: inout Random) -> [String: String] {
        var members: [String: String] = [:]
        for name in names {
            switch name {
            case "uptime", "timestamp", "x", "y", "z": members[name] = ["1", "-2.5", "0.125", "1e3", "4.0"][Int.random(in: 0..<5, using: &random)]
            case "stepPath": members[name] = #""step 1""#
            case "timestampDate": members[name] = #""2026-01-02T03:04:05.123-07:00""#
            case "sensorType": members[name] = [#""gyro""#, #""accelerometer""#, #""attitude""#][Int.random(in: 0..<3, using: &random)]
            case "eventAccuracy": members[name] = ["3", "4.0", "-1"][Int.random(in: 0..<3, using: &random)]
            case "referenceCoordinate": members[name] = [#""Z-Up""#, #""North-West-Up""#, "3"][Int.random(in: 0..<3, using: &random)]
            case "nested": members[name] = #"{"a": 1}"#
            case "free": members[name] = ["null", "[1]", #"{"q": 2}"#][Int.random(in: 0..<3, using: &random)]
            case "a-name-longer-than-16-bytes": members[name] = "true"
            case "bounded": members[name] = "9.5"
            default: members[name] = ["1", #""s""#][Int.random(in: 0..<2, using: &random)]
            }
        }
        return members
    }

    /// The ways to spoil one element: a wrong type, an integer place given a fraction, a string outside the `enum`,
    /// a member missing or added, names in another order, a nested member wrong, a number over a bound, a name that
    /// shares its first and last 8 bytes with a property, a value that is not an object at all, a one-byte name replaced by
    /// another that refuses the value.
    private func spoil<Random: RandomNumberGenerator>(_ members: inout [String: String], _ order: inout [String], _ way: Int, _ random: inout Random) -> String? {
        let place = order.isEmpty ? nil : order[Int.random(in: 0..<order.count, using: &random)]
        switch way {
        case 0: if let place, place != "free" { members[place] = #"["wrong"]"# }
        case 1: members["eventAccuracy"] = "4.5"; if !order.contains("eventAccuracy") { order.append("eventAccuracy") }
        case 2: members["sensorType"] = #""rotationVector""#; if !order.contains("sensorType") { order.append("sensorType") }
        case 3: if let place { order.removeAll { $0 == place } }
        case 4: order.insert("extra", at: Int.random(in: 0...order.count, using: &random)); members["extra"] = #""anything""#
        case 5: order.shuffle(using: &random)
        case 6: members["nested"] = #"{"b": 1}"#; if !order.contains("nested") { order.append("nested") }
        case 7: members["bounded"] = "10.5"; if !order.contains("bounded") { order.append("bounded") }
        case 8: order.append("a-name-LONGER-than-16-bytes"); members["a-name-LONGER-than-16-bytes"] = "1"
        case 9: members["referenceCoordinate"] = "4"; if !order.contains("referenceCoordinate") { order.append("referenceCoordinate") }
        case 10: members["timestampDate"] = #""2026-13-02T03:04:05Z""#; if !order.contains("timestampDate") { order.append("timestampDate") }
        case 11: return ["1", #""s""#, "null", "[]"][Int.random(in: 0..<4, using: &random)]
        case 12: members["stepPath"] = "2"; if !order.contains("stepPath") { order.append("stepPath") }
        case 13:
            // A name replaced by another of the same length that is a property refusing the value.
            for (index, name) in order.enumerated() where ["w", "q", "r"].contains(name) {
                let other = ["x", "y", "z"].first { !order.contains($0) } ?? "x"
                order[index] = other
                members[other] = #""s""#
                break
            }
        default: break
        }
        return nil
    }

    private func object(_ order: [String], _ members: [String: String]) -> String {
        "{" + order.map { "\"\($0)\": \(members[$0] ?? "null")" }.joined(separator: ", ") + "}"
    }

    func testSpoiltElementsAmongElementsOfOneShapeGetTheKeywordsVerdict() throws {
        var random = seededGenerator(0x5A4E)
        let names = ["uptime", "timestamp", "stepPath", "timestampDate", "sensorType", "eventAccuracy", "referenceCoordinate",
                     "x", "y", "z", "nested", "free", "a-name-longer-than-16-bytes", "bounded", "w", "q", "r"]
        let validators = try [ValidationOptions.defaultMaxDepth, 1, 2, 3].map {
            try Validator(schema: json(schema), options: ValidationOptions(maxDepth: $0))
        }
        var invalid = 0
        for round in 0..<400 {
            // A shape: 0 to 18 names (more than the 16 places remembered, now and then), in a seeded order.
            let count = round % 7 == 0 ? Int.random(in: 15...17, using: &random) : Int.random(in: 0...8, using: &random)
            let shape = Array(names.shuffled(using: &random).prefix(count))
            var elements: [String] = []
            let length = Int.random(in: 1...12, using: &random)
            let spoilt = Int.random(in: 0..<length, using: &random)
            for index in 0..<length {
                var order = shape
                var members = sample(shape, &random)
                if index == spoilt, let other = spoil(&members, &order, round % 15, &random) {
                    elements.append(other)
                    continue
                }
                elements.append(object(order, members))
            }
            let text = "[" + elements.joined(separator: ", ") + "]"
            // A tape parsed from the text (strings read in place) and one made from the tree (strings in its own text).
            let tapes = [try JSONTape(bytes: Array(text.utf8)), JSONTape(try json(text))]
            for validator in validators {
                for tape in tapes {
                    let errors = validator.errors(tape, verdictFirst: false)
                    XCTAssertEqual(validator.isValid(tape), errors.isEmpty, text)
                    if errors.isEmpty == false { invalid += 1 }
                }
            }
        }
        // Most rounds spoil an element so that it is invalid: the comparison is not made on valid arrays alone.
        XCTAssertGreaterThan(invalid, 800)
    }

    /// Each way of spoiling an element, after runs of good elements of the same shape, is refused; the good run alone
    /// is accepted. Fails when the remembered shape accepts what the keywords refuse.
    func testEachSpoiltElementAfterARunOfOneShapeIsRefused() throws {
        let validator = try Validator(schema: json(schema))
        let good = #"{"uptime": 1.5, "timestamp": 0, "stepPath": "s", "sensorType": "gyro", "eventAccuracy": 3, "x": 0.1, "y": 2, "z": -3.5}"#
        let spoilt = [
            #"{"uptime": "1.5", "timestamp": 0, "stepPath": "s", "sensorType": "gyro", "eventAccuracy": 3, "x": 0.1, "y": 2, "z": -3.5}"#,
            #"{"uptime": 1.5, "timestamp": 0, "stepPath": "s", "sensorType": "gyro", "eventAccuracy": 3.5, "x": 0.1, "y": 2, "z": -3.5}"#,
            #"{"uptime": 1.5, "timestamp": 0, "stepPath": "s", "sensorType": "gyrо", "eventAccuracy": 3, "x": 0.1, "y": 2, "z": -3.5}"#,
            #"{"uptime": 1.5, "timestamp": 0, "stepPath": "s", "sensorType": 1, "eventAccuracy": 3, "x": 0.1, "y": 2, "z": -3.5}"#,
            #"{"uptime": 1.5, "timestamp": 0, "stepPath": null, "sensorType": "gyro", "eventAccuracy": 3, "x": 0.1, "y": 2, "z": -3.5}"#,
            #"{"uptime": 1.5, "timestamp": 0, "stepPath": "s", "sensorType": "gyro", "eventAccuracy": 3, "x": 0.1, "y": 2, "z": {}}"#,
            #"{"uptime": 1.5, "timestamp": 0, "stepPath": "s", "sensorType": "gyro", "eventAccuracy": 3, "x": 0.1, "y": 2, "bounded": 11}"#,
            #"{"uptime": 1.5, "timestamp": 0, "stepPath": "s", "sensorType": "gyro", "eventAccuracy": 3, "x": 0.1, "y": 2, "nested": {}}"#,
            #"{"uptime": 1.5, "timestamp": 0, "stepPath": "s", "sensorType": "gyro", "eventAccuracy": 3, "x": 0.1, "y": 2, "z": -3.5, "referenceCoordinate": "Up"}"#,
            #""not an object""#,
        ]
        // A name of one byte in the place of another: `q` accepts any value, `z` numbers only.
        let other = good.replacingOccurrences(of: #""z": -3.5"#, with: #""q": "s""#)
        let renamed = good.replacingOccurrences(of: #""z": -3.5"#, with: #""z": "s""#)
        XCTAssertTrue(validator.isValid(try json("[" + Array(repeating: other, count: 5).joined(separator: ", ") + "]")))
        XCTAssertFalse(validator.isValid(try json("[" + (Array(repeating: other, count: 5) + [renamed]).joined(separator: ", ") + "]")))
        let run = Array(repeating: good, count: 5)
        XCTAssertTrue(validator.isValid(try json("[" + (run + run).joined(separator: ", ") + "]")))
        // An `eventAccuracy` decimal of integral value is an integer: accepted after the run too (it is tested in the slow path).
        let integral = good.replacingOccurrences(of: #""eventAccuracy": 3"#, with: #""eventAccuracy": 3.0"#)
        XCTAssertTrue(validator.isValid(try json("[" + (run + [integral] + run).joined(separator: ", ") + "]")))
        for element in spoilt {
            let text = "[" + (run + [element] + run).joined(separator: ", ") + "]"
            XCTAssertFalse(validator.isValid(try json(text)), element)
            XCTAssertFalse(validator.validate(try json(text)).isEmpty, element)
        }
    }
}
