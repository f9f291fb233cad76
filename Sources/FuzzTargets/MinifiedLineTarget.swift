import JSONCore

/// The line parse by way of the text without its whitespace (stage 1 in C by each kernel the processor has,
/// then the compact parse with the native and the portable scans) gives what the parse of the text as it is
/// gives: the same tape entry for entry, the same repeated-key flag, line and object ends, or the same error.
enum MinifiedLineTarget {
    private static let names = CompactJSON.ReservedNames(["recordid", "year", "x", ""])

    private struct Outcome: Equatable {
        var entries: [String] = []
        var hasDuplicateKeys = false
        var line: [UInt8]?
        var objectEnds: [Int]?
        var error: JSONParseError?
    }

    private static func outcome(_ bytes: [UInt8], _ path: JSONParser.LinePath) -> Outcome {
        var parser = JSONTapeParser()
        do {
            let parsed = try parser.tapeAndLine(bytes, reserving: names, path: path)
            return Outcome(entries: parsed.tape.entrySummary, hasDuplicateKeys: parsed.hasDuplicateKeys, line: parsed.line?.bytes,
                           objectEnds: parsed.line?.objectEnds)
        } catch {
            return Outcome(error: error)
        }
    }

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let expected = outcome(bytes, .inPlace)
        for path in JSONParser.LinePath.all {
            let found = outcome(bytes, path)
            try FuzzFailure.check(found == expected, "\(path): \(found) is not the parse in place's \(expected)")
        }
    }
}
