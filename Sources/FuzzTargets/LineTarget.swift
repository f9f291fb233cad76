import Ingest
import JSONCore

/// Ingest's dataset line written by the parse itself (`JSONTapeParser.tapeAndLine`): the parse that
/// writes it accepts and refuses what the plain tape parse does, with the same tape or the same error,
/// and its line is the splicer's byte for byte, refused where the splicer refuses (or after a byte
/// order mark, which ingest leaves to the splicer).
enum LineTarget {
    private static let fieldSets: [[(String, JSONValue)]] = [
        [("recordid", "r1"), ("year", 2026)],
        [],
        [("a", .null), ("", "empty"), ("x\"y", .array([1, "two"]))],
    ]

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let plain = Result { () throws(JSONParseError) in try JSONTape(bytes: bytes) }
        // The first byte picks the fields, so the corpus reaches every set.
        let fields = fieldSets[Int(bytes.first ?? 0) % fieldSets.count]
        var parser = JSONTapeParser()
        let parsed = Result { () throws(JSONParseError) in try parser.tapeAndLine(bytes, reserving: CompactJSON.ReservedNames(fields.map { $0.0 })) }
        switch (plain, parsed) {
        case (.failure(let plainError), .failure(let lineError)):
            try FuzzFailure.check(plainError == lineError, "the line parse's error \(lineError) is not the tape's \(plainError)")
        case (.success(let tape), .success(let both)):
            try FuzzFailure.check(tape.value == both.tape.value, "the line parse's tape differs from the plain tape")
            let spliced = NDJSONLine.splicing(fields, into: bytes)
            if let line = both.line {
                try FuzzFailure.check(NDJSONLine.line(fields, from: line) == spliced, "the fused line is not the splicer's")
            } else {
                let leftToTheSplicer = bytes.starts(with: [0xEF, 0xBB, 0xBF])
                try FuzzFailure.check(spliced == nil || leftToTheSplicer, "the fused line is refused where the splicer writes one")
            }
        default:
            try FuzzFailure.check(false, "one parse accepts what the other refuses")
        }
    }
}
