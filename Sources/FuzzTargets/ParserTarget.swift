import JSONCore

/// The parser's two outputs (tree and tape) agree on every input, errors point where the line
/// table says, and a parsed value survives writing and parsing again.
enum ParserTarget {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let document: Result<JSONDocument, JSONParseError> = Result { () throws(JSONParseError) in try JSONDocument(bytes: bytes) }
        let tape: Result<JSONTape, JSONParseError> = Result { () throws(JSONParseError) in try JSONTape(bytes: bytes) }
        switch (document, tape) {
        case (.failure(let treeError), .failure(let tapeError)):
            try FuzzFailure.check(treeError == tapeError, "tree error \(treeError) but tape error \(tapeError)")
            let expected = LineTable(bytes).position(ofOffset: treeError.position.offset)
            try FuzzFailure.check(treeError.position == expected && treeError.position.offset <= bytes.count,
                                  "error at \(treeError.position) (offset \(treeError.position.offset)) but the line table says \(expected)")
        case (.success(let document), .success(let tape)):
            try FuzzFailure.check(document.value == tape.value, "tree and tape values differ")
            try checkPositioned(bytes, document)
            try checkRoundTrip(document.value)
        case (.success, .failure(let error)):
            throw FuzzFailure("the tree parser accepts what the tape parser refuses: \(error)")
        case (.failure(let error), .success):
            throw FuzzFailure("the tape parser accepts what the tree parser refuses: \(error)")
        }
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
}
