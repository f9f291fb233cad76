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
    /// decides every error), or by its line, the text without its whitespace (by `kernel`), whose tape
    /// stage 2 (`cjson_tape_compact`) writes with its SSE2 or its portable scans (`minified`, then in
    /// place where stage 2 declines the line).
    package enum LinePath: Sendable {
        /// The text as it is.
        case inPlace
        /// The text without its whitespace, written by the kernel, its tape written with the SSE2 (x86_64) or the portable scans.
        case minified(MinifyKernel, portableScan: Bool)

        /// The fastest path of this processor.
        package static var fastest: LinePath { .minified(.best, portableScan: false) }

        /// Every path this processor runs: in place, and minified by each kernel it has with each scan.
        package static var all: [LinePath] {
            [.inPlace] + MinifyKernel.allCases.filter(\.isAvailable).flatMap { [LinePath.minified($0, portableScan: false), .minified($0, portableScan: true)] }
        }
    }

    /// The tape and compact line of `bytes` read from the text without its whitespace outside strings (stage 1,
    /// `cjson_minify`), whose tape stage 2 (`cjson_tape_compact`) writes, its strings and decimals read in that
    /// text; nil where that text may not tell: a byte order mark, whitespace between two scalar bytes (`1 2`
    /// would read as `12`), or what stage 2 declines (every error, which the parse of the text itself decides,
    /// and objects of more than 16 members), or a line longer than the longest string allowed (whose strings
    /// would need a test of their length).
    func parseMinified(_ bytes: [UInt8], reserving names: CompactJSON.ReservedNames, scratch: inout ParseScratch,
                       kernel: MinifyKernel, portableScan: Bool) -> (tape: JSONTape, hasDuplicateKeys: Bool, line: CompactJSON?)? {
        if bytes.isEmpty || bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return nil }
        var suspicious: Int32 = 0
        // The line, then 64 zero bytes (outside its count) that end stage 2's scans.
        let compact = [UInt8](unsafeUninitializedCapacity: bytes.count + 64) { output, count in
            guard let base = output.baseAddress else { return }
            count = bytes.withUnsafeBufferPointer { input in
                cjson_minify(input.baseAddress, input.count, base, kernel.rawValue, &suspicious)
            }
            (base + count).initialize(repeating: 0, count: 64)
        }
        if suspicious != 0 || compact.isEmpty || compact.count > options.maxStringBytes { return nil }
        let storage = scratch.entryStorage(forSourceCount: compact.count)
        let workspace = scratch.tapeWorkspace()
        let status = compact.withUnsafeBufferPointer { text in
            names.withCNames { names in
                workspace.state.entries = UnsafeMutableRawPointer(storage.base)
                workspace.state.entry_capacity = storage.capacity
                return cjson_tape_compact(text.baseAddress, text.count, max(options.maxDepth, 0), names, portableScan ? 1 : 0, &workspace.state)
            }
        }
        let state = workspace.state
        // Entries that outgrew the storage were moved to memory stage 2 allocated, which the tape takes over.
        let entries = state.entries == UnsafeMutableRawPointer(storage.base)
            ? storage : GrowableStorage<JSONTape.Entry>(adoptingAllocated: state.entries.unsafelyUnwrapped, capacity: state.entry_capacity)
        scratch.keep(entries)
        guard status == CJSON_TAPE_DONE else { return nil }
        let text = state.text_count == 0 ? [] : Array(UnsafeBufferPointer(start: state.text, count: state.text_count))
        let tape = JSONTape(entries: entries, source: compact, text: text)
        let line = state.is_refused != 0 ? nil : CompactJSON(bytes: compact, objectEnds: Array(UnsafeBufferPointer(start: state.object_ends, count: state.object_end_count)))
        return (tape, state.has_duplicate_keys != 0, line)
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
            self.init(try JSONParser(options: .init(maxDepth: maxDepth)).parseTapeAndLine(bytes, reserving: names, scratch: &scratch, path: path))
        } catch {
            self.init(failure: error)
        }
    }

    /// The outcome of a parse that refused the text.
    private init(failure: JSONParseError) {
        error = failure
    }

    /// The outcome of the minified path alone (stage 1 by `kernel`, stage 2 with its SSE2 or portable scans), with
    /// no parse in place after it: nil where stage 1 flags the text or stage 2 declines it.
    package init?(minifying bytes: [UInt8], reserving names: CompactJSON.ReservedNames, kernel: MinifyKernel, portableScan: Bool,
                  maxDepth: Int = JSONParser.Options().maxDepth) {
        var scratch = ParseScratch()
        let parser = JSONParser(options: .init(maxDepth: maxDepth))
        guard let parsed = parser.parseMinified(bytes, reserving: names, scratch: &scratch, kernel: kernel, portableScan: portableScan) else { return nil }
        self.init(parsed)
    }

    /// The outcome of a parse that gave a tape.
    private init(_ parsed: (tape: JSONTape, hasDuplicateKeys: Bool, line: CompactJSON?)) {
        hasDuplicateKeys = parsed.hasDuplicateKeys
        line = parsed.line?.bytes
        objectEnds = parsed.line?.objectEnds
        entries = parsed.tape.withView { view in
            (0..<view.end(0)).map { index in
                let entry = view.entries[index]
                // Strings by their scalars, escaped: equal only when their bytes are (String's == equates canonical equivalents).
                let value = entry.kind == .string || entry.kind == .decimal
                    ? String(decoding: view.bytes(index), as: UTF8.self).unicodeScalars.map { $0.escaped(asASCII: true) }.joined() : String(entry.payload)
                return "\(entry.kind) \(entry.flags & ~JSONTape.Entry.inText) \(entry.count) \(value)"
            }
        }
    }

    /// Whether stage 2 must decide `bytes`, whose parse in place this is (else it declines it): the text parses,
    /// starts with no byte order mark, has no whitespace that stage 1 flags, and no object of more than 16 members.
    package func mustBeDecidedByStage2(_ bytes: [UInt8]) -> Bool {
        guard error == nil, !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return false }
        var suspicious: Int32 = 0
        _ = [UInt8](unsafeUninitializedCapacity: bytes.count + 64) { output, count in
            count = cjson_minify(bytes, bytes.count, output.baseAddress, MinifyKernel.portable.rawValue, &suspicious)
        }
        let largestObject = entries.lazy.filter { $0.hasPrefix("object ") }.compactMap { Int($0.split(separator: " ")[2]) }.max() ?? 0
        return suspicious == 0 && largestObject <= 16
    }

    /// The outcome in short.
    package var description: String {
        error.map { "error \($0)" } ?? "\(entries.count) entries, line \(line.map { String(decoding: $0, as: UTF8.self) } ?? "none") \(objectEnds ?? [])"
    }
}
