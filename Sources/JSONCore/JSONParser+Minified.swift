import CJSONScan

/// Which stage-1 kernel writes the text without its whitespace (`cjson_minify`).
package enum MinifyKernel: Int32, CaseIterable, Sendable {
    /// The best the processor has: AVX2 or SSE2 on x86_64, byte by byte elsewhere.
    case best = 0
    /// Byte by byte (every processor).
    case portable = 1
    /// Sixteen bytes at a time (x86_64).
    case sse2 = 2
    /// Thirty-two bytes at a time with a carry-less multiply (x86_64 with AVX2 and PCLMULQDQ).
    case avx2 = 3

    /// Whether the kernel runs on this processor.
    package var isAvailable: Bool { cjson_minify_kernel_available(rawValue) != 0 }
}

extension JSONParser {
    /// How `parseTapeAndLine` reads a text: as it is, copying the line as it goes (`inPlace`, which
    /// decides every error), or by its line, the text without its whitespace (by `kernel`), read with
    /// the native or the portable scans (`minified`, then in place where the line does not parse).
    package enum LinePath: Sendable {
        /// The text as it is.
        case inPlace
        /// The text without its whitespace, written by the kernel, read with the native or the portable scans.
        case minified(MinifyKernel, portableScan: Bool)

        /// The fastest path of this processor.
        package static var fastest: LinePath { .minified(.best, portableScan: false) }

        /// Every path this processor runs: in place, and minified by each kernel it has with each scan.
        package static var all: [LinePath] {
            [.inPlace] + MinifyKernel.allCases.filter(\.isAvailable).flatMap { [LinePath.minified($0, portableScan: false), .minified($0, portableScan: true)] }
        }
    }

    /// The tape and compact line of `bytes` parsed from the text without its whitespace outside strings, in
    /// which the tape's strings and decimals are read; nil where that text may not tell: a byte order mark,
    /// whitespace between two scalar bytes (`1 2` would read as `12`), or an error, which the parse of the
    /// text itself decides (and a line longer than the longest string allowed, whose strings need a test).
    func parseMinified(_ bytes: [UInt8], reserving names: CompactJSON.ReservedNames, scratch: inout ParseScratch,
                       kernel: MinifyKernel, portableScan: Bool) -> (tape: JSONTape, hasDuplicateKeys: Bool, line: CompactJSON?)? {
        if bytes.isEmpty || bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return nil }
        var suspicious: Int32 = 0
        // The line, then 64 zero bytes (outside its count) that end the compact parse's scans.
        let compact = [UInt8](unsafeUninitializedCapacity: bytes.count + 64) { output, count in
            guard let base = output.baseAddress else { return }
            count = bytes.withUnsafeBufferPointer { input in
                cjson_minify(input.baseAddress, input.count, base, kernel.rawValue, &suspicious)
            }
            (base + count).initialize(repeating: 0, count: 64)
        }
        // (A text no longer than the longest string allowed needs no test of a string's length.)
        if suspicious != 0 || compact.isEmpty || compact.count > options.maxStringBytes { return nil }
        var objectEnds = GrowableBuffer<Int>(capacity: 16)
        let parsed = withUnsafePointer(to: names) { names in
            withUnsafeMutablePointer(to: &objectEnds) { objectEnds in
                attempt(compact, tracksPaths: false, reportsDuplicates: false, line: LineWriter(inPlace: names, objectEnds: objectEnds),
                        scratch: &scratch) { state throws(ParseFailure) in
                    state.line.start(at: 0, first: compact[0], afterByteOrderMark: false)
                    #if arch(x86_64)
                    if portableScan { try state.parseCompactLine(PortableScan.self) } else { try state.parseCompactLine(NativeScan.self) }
                    #else
                    try state.parseCompactLine(PortableScan.self)
                    #endif
                    guard state.index == compact.count else { throw .notCompact(at: state.index) }
                    return (tape: state.builder.finish(source: compact), hasDuplicateKeys: state.foundDuplicateKey, isRefused: state.line.isRefused)
                }
            }
        }
        guard case .success(let done) = parsed else { return nil }
        let line = done.isRefused ? nil : CompactJSON(bytes: compact, objectEnds: Array(UnsafeBufferPointer(start: objectEnds.base, count: objectEnds.count)))
        return (done.tape, done.hasDuplicateKeys, line)
    }
}

extension JSONTapeParser {
    /// `tapeAndLine(_:reserving:)` by one path, with the flag of a repeated key (the tape keeps both members):
    /// every path gives the same tape (`JSONTape.entrySummary`), line and error.
    package mutating func tapeAndLine(_ bytes: [UInt8], reserving names: CompactJSON.ReservedNames, path: JSONParser.LinePath)
        throws(JSONParseError) -> (tape: JSONTape, hasDuplicateKeys: Bool, line: CompactJSON?) {
        try parser.parseTapeAndLine(bytes, reserving: names, scratch: &scratch, path: path)
    }
}

extension JSONTape {
    /// Each entry as text: its kind, flags (but `inText`), count, and bytes (strings, decimals) or payload (the
    /// rest), so that tapes of the same value read from different bytes compare equal.
    package var entrySummary: [String] {
        withView { view in
            (0..<view.end(0)).map { index in
                let entry = view.entries[index]
                let value = entry.kind == .string || entry.kind == .decimal ? String(decoding: view.bytes(index), as: UTF8.self) : String(entry.payload)
                return "\(entry.kind) \(entry.flags & ~JSONTape.Entry.inText) \(entry.count) \(value)"
            }
        }
    }
}
