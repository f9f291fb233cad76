import JSONCore

/// The line parse by way of the text without its whitespace (stage 1 in C by each kernel the processor has,
/// then stage 2 in C with the SSE2 and the portable scans) gives what the parse of the text as it is gives: the
/// same tape entry for entry, the same repeated-key flag, line and object ends, or the same error. Stage 2 alone
/// (no parse in place behind it) decides exactly the texts it must, with that same tape, and declines the rest.
enum MinifiedLineTarget {
    private static let names = CompactJSON.ReservedNames(["recordid", "year", "x", ""])

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let expected = LineParseOutcome(bytes, reserving: names, path: .inPlace)
        for path in JSONParser.LinePath.all {
            let found = LineParseOutcome(bytes, reserving: names, path: path)
            try FuzzFailure.check(found == expected, "\(path): \(found) is not the parse in place's \(expected)")
        }
        let decides = expected.mustBeDecidedByStage2(bytes)
        for kernel in MinifyKernel.allCases where kernel.isAvailable {
            for portableScan in [false, true] {
                let found = LineParseOutcome(minifying: bytes, reserving: names, kernel: kernel, portableScan: portableScan)
                if decides {
                    try FuzzFailure.check(found == expected, "stage 2 (\(kernel), portable \(portableScan)): \(found.map(\.description) ?? "declined") is not \(expected)")
                } else {
                    try FuzzFailure.check(found == nil, "stage 2 (\(kernel), portable \(portableScan)) decided a text it must decline: \(expected)")
                }
            }
        }
    }
}
