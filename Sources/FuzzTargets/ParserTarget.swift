import JSONCore

/// The parser's two outputs (tree and tape) agree on every input, errors point where the line
/// table says, and a parsed value survives writing and parsing again. Every string, member name
/// and number the parser's fast paths read (strings in place, eight bytes at a time; integers
/// and decimals while scanning) equals what a plain byte-by-byte reading of its source span
/// gives, and every number entry of the tape has the kind and integral flag its lexeme calls for.
enum ParserTarget {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let document: Result<JSONDocument, JSONParseError> = Result { () throws(JSONParseError) in try JSONDocument(bytes: bytes) }
        let tape: Result<JSONTape, JSONParseError> = Result { () throws(JSONParseError) in try JSONTape(bytes: bytes) }
        try checkReusedParser(bytes, against: tape)
        switch (document, tape) {
        case (.failure(let treeError), .failure(let tapeError)):
            try FuzzFailure.check(treeError == tapeError, "tree error \(treeError) but tape error \(tapeError)")
            let expected = LineTable(bytes).position(ofOffset: treeError.position.offset)
            try FuzzFailure.check(treeError.position == expected && treeError.position.offset <= bytes.count,
                                  "error at \(treeError.position) (offset \(treeError.position.offset)) but the line table says \(expected)")
        case (.success(let document), .success(let tape)):
            try FuzzFailure.check(document.value == tape.value, "tree and tape values differ")
            try checkNumberEntries(tape)
            try checkPositioned(bytes, document)
            try checkRoundTrip(document.value)
        case (.success, .failure(let error)):
            throw FuzzFailure("the tree parser accepts what the tape parser refuses: \(error)")
        case (.failure(let error), .success):
            throw FuzzFailure("the tape parser accepts what the tree parser refuses: \(error)")
        }
    }

    /// One `JSONTapeParser` for every input (libFuzzer calls on one thread), so each parse writes
    /// over the memory an earlier input's tape left; every other tape is held until the next input.
    nonisolated(unsafe) private static var reusedParser = JSONTapeParser()
    nonisolated(unsafe) private static var held: (tape: JSONTape, value: JSONValue)?
    nonisolated(unsafe) private static var inputs = 0

    /// The reused parser gives what a fresh tape gives, and never changes a tape still held.
    private static func checkReusedParser(_ bytes: [UInt8], against fresh: Result<JSONTape, JSONParseError>) throws(FuzzFailure) {
        let reused: Result<JSONTape, JSONParseError> = Result { () throws(JSONParseError) in try reusedParser.tape(bytes) }
        switch (fresh, reused) {
        case (.failure(let freshError), .failure(let reusedError)):
            try FuzzFailure.check(freshError == reusedError, "fresh tape error \(freshError) but reused parser error \(reusedError)")
        case (.success(let freshTape), .success(let reusedTape)):
            try FuzzFailure.check(freshTape.value == reusedTape.value, "a reused parser's tape differs from a fresh one")
        default:
            throw FuzzFailure("a reused parser and a fresh tape disagree on accepting the input")
        }
        if let held {
            try FuzzFailure.check(held.tape.value == held.value, "a held tape changed when the reused parser parsed the next input")
        }
        inputs += 1
        held = nil
        if inputs % 2 == 0, case .success(let tape) = reused { held = (tape, tape.value) }
    }

    /// A decimal entry holds a valid lexeme that is not a 64-bit integer, and is flagged integral
    /// exactly when its exact value is an integer (what `type: integer` and `multipleOf` read).
    private static func checkNumberEntries(_ tape: JSONTape) throws(FuzzFailure) {
        let problem = tape.withView { view -> String? in
            for index in 0..<view.end(0) where view.kind(index) == .decimal {
                let lexeme = String(decoding: view.bytes(index), as: UTF8.self)
                guard let reference = JSONNumber(lexeme: lexeme) else { return "decimal entry \(index) holds '\(lexeme)'" }
                if Int64(lexeme) != nil { return "decimal entry \(index) '\(lexeme)' is a 64-bit integer" }
                if view.isIntegral(index) != reference.isInteger {
                    return "decimal entry \(index) '\(lexeme)' flagged integral: \(view.isIntegral(index))"
                }
            }
            return nil
        }
        if let problem { throw FuzzFailure(problem) }
    }

    /// Recording positions changes nothing but the source map, which spans the whole value.
    private static func checkPositioned(_ bytes: [UInt8], _ plain: JSONDocument) throws(FuzzFailure) {
        let positioned: JSONDocument
        do {
            positioned = try JSONDocument(bytes: bytes, options: .init(recordPositions: true))
        } catch {
            throw FuzzFailure("recording positions makes the parser refuse: \(error)")
        }
        try FuzzFailure.check(positioned.value == plain.value, "recording positions changes the value")
        try FuzzFailure.check(positioned.duplicateKeys == plain.duplicateKeys, "recording positions changes the duplicate keys")
        guard let range = positioned.sourceMap?.range(of: .root) else { throw FuzzFailure("no source range for the root value") }
        try FuzzFailure.check(range.start.offset <= range.end.offset && range.end.offset <= bytes.count,
                              "root range \(range.start.offset)..<\(range.end.offset) is outside the \(bytes.count) bytes")
        if positioned.duplicateKeys.isEmpty, let sourceMap = positioned.sourceMap {
            try checkAgainstReference(bytes, positioned.value, sourceMap)
        }
        for duplicate in positioned.duplicateKeys {
            try FuzzFailure.check(duplicate.firstPosition < duplicate.position && duplicate.position.offset < bytes.count,
                                  "duplicate key \"\(duplicate.key)\" at \(duplicate.position) does not follow its first place \(duplicate.firstPosition)")
        }
    }

    /// Written compact or pretty, the value parses back to itself; its tape holds it unchanged.
    private static func checkRoundTrip(_ value: JSONValue) throws(FuzzFailure) {
        for writer in [JSONWriter.compact, JSONWriter.pretty] {
            let written = writer.bytes(value)
            do {
                try FuzzFailure.check(try JSONDocument(bytes: written).value == value, "written and parsed again, the value changes")
            } catch let error as FuzzFailure {
                throw error
            } catch {
                throw FuzzFailure("the writer's output does not parse: \(error)")
            }
        }
        try FuzzFailure.check(JSONTape(value).value == value, "the tape of the value does not hold it unchanged")
    }

    /// Each string, member name and number equals the reference reading of its source bytes
    /// (down to `referenceDepth` levels: finding a span costs time in proportion to the depth, and
    /// the scalar fast paths do not depend on it).
    private static func checkAgainstReference(_ bytes: [UInt8], _ root: JSONValue, _ sourceMap: SourceMap) throws(FuzzFailure) {
        func source(_ range: SourceRange?) -> ArraySlice<UInt8> {
            guard let range else { return [] }
            return bytes[range.start.offset..<range.end.offset]
        }
        var work: [(JSONPointer, JSONValue, depth: Int)] = [(.root, root, 0)]
        while let (pointer, value, depth) = work.popLast() {
            switch value {
            case .string(let string):
                try FuzzFailure.check(referenceString(source(sourceMap.range(of: pointer))) == string,
                                      "string at \(pointer) differs from its source bytes read one by one")
            case .number(let number):
                let reference = JSONNumber(lexeme: String(decoding: source(sourceMap.range(of: pointer)), as: UTF8.self))
                try FuzzFailure.check(reference == number && reference?.lexeme == number.lexeme && reference?.isInteger == number.isInteger,
                                      "number at \(pointer) differs from the general reading of its lexeme")
            case .array where depth == referenceDepth, .object where depth == referenceDepth: break
            case .array(let elements):
                work += elements.enumerated().map { (pointer.appending(index: $0.offset), $0.element, depth + 1) }
            case .object(let object):
                for member in object.members {
                    let child = pointer.appending(member.key)
                    try FuzzFailure.check(referenceString(source(sourceMap.keyRange(of: child))) == member.key,
                                          "member name at \(child) differs from its source bytes read one by one")
                    work.append((child, member.value, depth + 1))
                }
            case .null, .bool: break
            }
        }
    }

    private static let referenceDepth = 64

    /// A valid JSON string literal (quotes included) unescaped one byte at a time.
    private static func referenceString(_ literal: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var units: [UInt16] = []
        var index = literal.startIndex + 1
        func flushUnits() {
            out += Array(String(decoding: units, as: UTF16.self).utf8)
            units = []
        }
        while index < literal.endIndex - 1 {
            let byte = literal[index]
            guard byte == UInt8(ascii: "\\") else {
                flushUnits()
                out.append(byte)
                index += 1
                continue
            }
            let escape = literal[index + 1]
            index += 2
            if escape == UInt8(ascii: "u") {
                units.append(UInt16(String(decoding: literal[index..<(index + 4)], as: UTF8.self), radix: 16) ?? 0xFFFD)
                index += 4
                continue
            }
            flushUnits()
            let simple: [UInt8: UInt8] = [0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
            out.append(simple[escape] ?? escape)
        }
        flushUnits()
        return String(decoding: out, as: UTF8.self)
    }
}
