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

/// What one path of the line parse makes of a text: its tape entry by entry (strings and decimals by their
/// bytes, so that tapes read from different bytes compare), repeated-key flag, line and object ends, or its
/// error. Every path must give the same (tests and the `minified` fuzz target compare them).
package struct LineParseOutcome: Equatable, CustomStringConvertible {
    /// Each tape entry: its kind, flags (but `inText`), count, and bytes (strings, decimals) or payload.
    package var entries: [String] = []
    /// Whether an object repeats a key.
    package var hasDuplicateKeys = false
    /// The line's bytes and object ends (nil where the text has no line).
    package var line: [UInt8]?, objectEnds: [Int]?
    /// The error, where the text is refused.
    package var error: JSONParseError?

    /// The outcome of parsing `bytes` by `path` with `names` reserved and nesting up to `maxDepth`.
    package init(_ bytes: [UInt8], reserving names: CompactJSON.ReservedNames, path: JSONParser.LinePath,
                 maxDepth: Int = JSONParser.Options().maxDepth) {
        var scratch = ParseScratch()
        do {
            let parsed = try JSONParser(options: .init(maxDepth: maxDepth)).parseTapeAndLine(bytes, reserving: names, scratch: &scratch, path: path)
            hasDuplicateKeys = parsed.hasDuplicateKeys
            line = parsed.line?.bytes
            objectEnds = parsed.line?.objectEnds
            entries = parsed.tape.withView { view in
                (0..<view.end(0)).map { index in
                    let entry = view.entries[index]
                    let value = entry.kind == .string || entry.kind == .decimal ? String(decoding: view.bytes(index), as: UTF8.self) : String(entry.payload)
                    return "\(entry.kind) \(entry.flags & ~JSONTape.Entry.inText) \(entry.count) \(value)"
                }
            }
        } catch {
            self.error = error
        }
    }

    /// The outcome in short.
    package var description: String {
        error.map { "error \($0)" } ?? "\(entries.count) entries, line \(line.map { String(decoding: $0, as: UTF8.self) } ?? "none") \(objectEnds ?? [])"
    }
}
