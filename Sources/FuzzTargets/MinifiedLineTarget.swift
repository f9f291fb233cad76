import JSONCore

/// The line parse by way of the text without its whitespace (stage 1 in C by each kernel the processor has,
/// then the compact parse with the native and the portable scans) gives what the parse of the text as it is
/// gives: the same tape entry for entry, the same repeated-key flag, line and object ends, or the same error.
enum MinifiedLineTarget {
    private static let names = CompactJSON.ReservedNames(["recordid", "year", "x", ""])

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let expected = LineParseOutcome(bytes, reserving: names, path: .inPlace)
        for path in JSONParser.LinePath.all {
            let found = LineParseOutcome(bytes, reserving: names, path: path)
            try FuzzFailure.check(found == expected, "\(path): \(found) is not the parse in place's \(expected)")
        }
    }
}
