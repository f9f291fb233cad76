import XCTest
import SeededRandom
import SeededTesting
import JSONCore
@testable import Ingest

/// The fast NDJSON path gives the same JSON as parse, insert and write.
final class NDJSONLineTests: XCTestCase {
    private let fields: [(String, JSONValue)] = [("recordid", "r1"), ("year", 2026)]

    func testSplicingMatchesTheTreeForObjectsArraysAndEmptyOnes() throws {
        let documents = [#"{ "a": 1,  "b": {"c": "}{\" ]"} }"#, "[\n {\"t\": 1},\n {\"t\": 2, \"s\": [{}]}, 3, {} ]", "{}", "[]", #"{"x": "a\\"}"#]
        for text in documents {
            let line = try XCTUnwrap(NDJSONLine.splicing(fields, into: Array(text.utf8)), text)
            XCTAssertEqual(line.last, 0x0A)
            XCTAssertFalse(line.dropLast().contains(0x0A), "one line")
            XCTAssertEqual(try JSONDocument(bytes: Array(line.dropLast())).value, try JSONDocument(text: text).value.inserting(fields), text)
            XCTAssertEqual(line, plainLine(text), text)
        }
    }

    func testAByteOrderMarkNeverReachesTheLine() throws {
        for text in ["\u{FEFF}\"abc\"", "\u{FEFF}12", "\u{FEFF}{\"a\": 1}", "\u{FEFF}[{\"a\": 1}]"] {
            let line = try XCTUnwrap(NDJSONLine.line(fields, into: Array(text.utf8)), text)
            XCTAssertEqual(line, NDJSONLine.line(fields, into: Array(text.utf8).dropFirst(3).map { $0 }), "the line of \(text) is the line without its mark")
        }
    }

    func testAFieldAlreadyThereTakesTheTreePath() {
        XCTAssertNil(NDJSONLine.splicing(fields, into: Array(#"{"recordid": "old"}"#.utf8)), "replacing a member needs the tree")
    }
}

extension NDJSONLineTests {
    func testOnlyMembersOfTheObjectsThatGetFieldsCount() throws {
        let nested = #"{"a": {"recordid": 1}, "b": "recordid"}"#
        let line = try XCTUnwrap(NDJSONLine.splicing(fields, into: Array(nested.utf8)), "a nested member or a value of that name does not clash")
        XCTAssertEqual(try JSONDocument(bytes: Array(line.dropLast())).value, try JSONDocument(text: nested).value.inserting(fields))
        XCTAssertNil(NDJSONLine.splicing(fields, into: Array(#"[{"t": 1}, {"year": 1999}]"#.utf8)), "an array element with the member")
        XCTAssertNil(NDJSONLine.splicing(fields, into: Array(#"{"rec\u006Frdid": 1}"#.utf8)), "an escaped name might be one: the tree decides")
    }
}

extension NDJSONLineTests {
    /// A random document and whether an object that gets the fields has a member named like one of them,
    /// or a name with an escape (the two cases the fast path leaves to the tree).
    private func randomDocument(_ random: inout SplitMix64, depth: Int = 0, target: Bool) -> (text: String, clash: Bool) {
        let space = ["", " ", "\n  ", "\t", "\r\n"][Int.random(in: 0..<5, using: &random)]
        let names = ["a", "recordid", "year", "y\\u0065ar", "t\\\"x", "stepPath", "{[", "é"]
        switch depth > 3 ? Int.random(in: 0..<4, using: &random) : Int.random(in: 0..<6, using: &random) {
        case 0: return (["1", "-0.5e3", "true", "null", "12345678901234567890"][Int.random(in: 0..<5, using: &random)], false)
        case 1: return ("\"" + ["", "}{", "a\\\"]", "\\\\", "recordid", "ü"][Int.random(in: 0..<6, using: &random)] + "\"", false)
        case 2, 3:
            var clash = false
            let members = (0..<Int.random(in: 0..<4, using: &random)).map { _ -> String in
                let name = names[Int.random(in: 0..<names.count, using: &random)]
                if target, name == "recordid" || name == "year" || name.contains("\\") { clash = true }
                let value = randomDocument(&random, depth: depth + 1, target: false)
                return space + "\"" + name + "\"" + space + ":" + space + value.text
            }
            return ("{" + members.joined(separator: ",") + space + "}", clash)
        default:
            var clash = false
            let items = (0..<Int.random(in: 0..<4, using: &random)).map { _ -> String in
                let item = randomDocument(&random, depth: depth + 1, target: depth == 0)
                clash = clash || item.clash
                return space + item.text
            }
            return ("[" + items.joined(separator: ",") + space + "]", clash)
        }
    }

    func testTheFastPathAgreesWithTheTreeOnRandomDocuments() throws {
        var random = seededGenerator(18)
        var spliced = 0
        for _ in 0..<3000 {
            let (text, clash) = randomDocument(&random, target: true)
            let expected = try JSONDocument(text: text)
            guard let line = NDJSONLine.splicing(fields, into: Array(text.utf8)) else {
                XCTAssertTrue(clash, "only a clash or an escaped name leaves the fast path: \(text)")
                continue
            }
            spliced += 1
            XCTAssertFalse(clash, "a clash must leave the fast path: \(text)")
            XCTAssertEqual(line.last, 0x0A)
            XCTAssertFalse(line.dropLast().contains(0x0A) || line.contains(0x0D), "one line: \(text)")
            XCTAssertEqual(try JSONDocument(bytes: Array(line.dropLast())).value, expected.value.inserting(fields), text)
            XCTAssertEqual(line, plainLine(text), "byte for byte: \(text)")
        }
        XCTAssertGreaterThan(spliced, 1000, "most documents take the fast path")
    }
}

extension NDJSONLineTests {
    /// The fields as the splicer inserts them: each with its comma.
    private var insertion: [UInt8] { Array(#","recordid":"r1","year":2026"#.utf8) }

    /// The line made the plain way, one byte at a time: whitespace outside strings dropped, the fields
    /// before the closing brace of the document (an object) or of each object of a top-level array.
    private func plainLine(_ text: String) -> [UInt8] {
        var line: [UInt8] = []
        var open: [UInt8] = []
        var inString = false, escaped = false
        for byte in text.utf8 {
            if inString {
                line.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): open.append(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                let getsFields = byte == UInt8(ascii: "}") && (open.count == 1 || (open.count == 2 && open[0] == UInt8(ascii: "[")))
                if getsFields { line += line.last == UInt8(ascii: "{") ? Array(insertion.dropFirst()) : insertion }
                open.removeLast()
            default: break
            }
            line.append(byte)
        }
        return line + [0x0A]
    }

    /// Strings and scalars of every length up to three words, with an escape at every place, as member
    /// values, element values and nested names and values: the eight-byte steps against the plain line.
    func testEveryLengthAndEscapePlaceAgreesWithThePlainLine() throws {
        var texts: [String] = []
        for length in 0...26 {
            let plain = String((0..<length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
            var strings = [plain]
            for place in 0..<length { strings.append(String(plain.prefix(place)) + "\\\"" + String(plain.dropFirst(place))) }
            for string in strings {
                texts += [#"{"k": "\#(string)", "n": [ "\#(string)" ]}"#, #"[ "\#(string)" , {"k": {"\#(string)":"\#(string)"}} ]"#, #""\#(string)""#]
            }
            let digits = String((0..<max(length, 1)).map { _ in "7" })
            texts += ["{\"n\":\(digits)}", "[\(digits),-\(digits).5e+1 ,true,false,null]", digits, "[ {\"n\" :\t\(digits) }\n]"]
        }
        for text in texts {
            let line = try XCTUnwrap(NDJSONLine.splicing(fields, into: Array(text.utf8)), text)
            XCTAssertEqual(line, plainLine(text), text)
            XCTAssertEqual(try JSONDocument(bytes: Array(line.dropLast())).value, try JSONDocument(text: text).value.inserting(fields), text)
        }
    }

    func testNoFieldsIsTheDocumentWithoutWhitespace() throws {
        for text in [#"{ "a": [1, {"b": null}] , "c": "d e" }"#, "[ {}, { \"t\": 1 } ]", "{}", " 7 "] {
            let line = try XCTUnwrap(NDJSONLine.splicing([], into: Array(text.utf8)), text)
            XCTAssertEqual(line, try XCTUnwrap(NDJSONLine.treeLine([], into: Array(text.utf8))), text)
        }
    }

    func testWhitespaceRunsAndPrettyPrintingAreDropped() throws {
        let text = "  \r\n[\n    {\n        \"t\" :   1 ,\n\t\t\"u\": {  }\n    }  ,\n    [ { } ] , {   }\n]\n\n  "
        let line = try XCTUnwrap(NDJSONLine.splicing(fields, into: Array(text.utf8)))
        XCTAssertEqual(String(decoding: line, as: UTF8.self), #"[{"t":1,"u":{},"recordid":"r1","year":2026},[{}],{"recordid":"r1","year":2026}]"# + "\n")
    }

    /// Bytes that are not JSON in ways the splicer sees get no line from it (nor from the tree).
    func testBytesThatAreNotJSONTakeTheTreePath() {
        let texts = [#"{"a": 1"#, "[{}", #""abc"#, #"{"a": "b}"#, "", "   ", "[1,,2]", "{} {}", #"{"a" 1}"#, #"{"a": }"#, "[1 2]", #"{"a": 1,}"#,
                     #"{"a": [1, 2}"#, "}", "]", #"{"a": "\"#, "[1]]"]
        for text in texts {
            XCTAssertNil(NDJSONLine.splicing(fields, into: Array(text.utf8)), text)
            XCTAssertNil(NDJSONLine.line(fields, into: Array(text.utf8)), text)
        }
    }
}

extension NDJSONLineTests {
    /// Indentation of every length up to three words after a line break (or a space, tab or return), at
    /// every level and right up to the document's end (where fewer than eight bytes remain), against the
    /// plain line.
    func testIndentationOfEveryLengthAgreesWithThePlainLine() throws {
        for length in 0...26 {
            let spaces = String(repeating: " ", count: length)
            for lead in ["\n", " ", "\t", "\r\n", "\n\t"] {
                let gap = lead + spaces
                let texts = [
                    "[" + gap + "{" + gap + "\"t\"" + gap + ":" + gap + "1" + gap + "," + gap + "\"u\":" + gap + "[" + gap + "2" + gap + "," + gap
                        + "{" + gap + "\"v\"" + gap + ":" + gap + "\"w\"" + gap + "}" + gap + "]" + gap + "}" + gap + "," + gap + "{" + gap + "}" + gap + "]" + gap,
                    gap + "{" + gap + "\"a\"" + gap + ":" + gap + "{" + gap + "}" + gap + "}",
                    gap + "7" + gap,
                ]
                for text in texts {
                    let line = try XCTUnwrap(NDJSONLine.splicing(fields, into: Array(text.utf8)), text)
                    XCTAssertEqual(line, plainLine(text), text)
                }
            }
        }
    }
}
