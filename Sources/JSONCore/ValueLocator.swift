/// Finds where a few values stand in a JSON text without parsing it into a tree or keeping a
/// ``SourceMap``: one pass over the bytes, which descends only into the values on the way to a
/// pointer asked for and skips every other value eight bytes at a time.
///
/// Each answer is what ``SourceMap/position(of:)`` gives for the same text: the start of the value
/// at the pointer, else of its nearest ancestor that exists, else the text's first byte. Where
/// members repeat a name (compared as Swift compares strings: canonically equivalent names are
/// one) the last one's value counts, as in the source map. For texts known to be JSON (ones that
/// parsed): on any other text the answers are unspecified, though never out of bounds.
public enum ValueLocator {
    /// The position of the value at each of `pointers` in `bytes`, in the order of `pointers`.
    public static func positions(of pointers: [JSONPointer], in bytes: [UInt8]) -> [SourcePosition] {
        guard !pointers.isEmpty else { return [] }
        var paths = PathTree()
        let targets = pointers.map { paths.insert($0) }
        let offsets = bytes.withUnsafeBufferPointer { buffer in
            var scan = LocatorScan(bytes: buffer, paths: paths)
            scan.run()
            return targets.map { scan.offset(of: $0) }
        }
        return LineCounter.positions(ofOffsets: offsets, in: bytes)
    }
}

/// The pointers asked for, as a tree of their tokens: node 0 is the root.
struct PathTree {
    struct Node {
        let parent: Int
        /// The children by token (String keys: canonically equivalent names find the same child).
        var members: [String: Int] = [:]
        /// The children whose token is an array index, by index.
        var elements: [Int: Int] = [:]
        /// The largest index of `elements` (-1 when there is none).
        var lastElement = -1
    }

    var nodes = [Node(parent: -1)]

    /// The node of `pointer`, added with its missing ancestors.
    mutating func insert(_ pointer: JSONPointer) -> Int {
        var node = 0
        for token in pointer.tokens {
            if let child = nodes[node].members[token] {
                node = child
                continue
            }
            let child = nodes.count
            nodes.append(Node(parent: node))
            nodes[node].members[token] = child
            if let index = JSONPointer.arrayIndex(token) {
                nodes[node].elements[index] = child
                nodes[node].lastElement = max(nodes[node].lastElement, index)
            }
            node = child
        }
        return node
    }
}

/// The pass over the text: records where each node of the path tree starts (the last time, for
/// repeated names).
struct LocatorScan {
    let bytes: UnsafeBufferPointer<UInt8>
    let paths: PathTree
    private var starts: [Int?]

    init(bytes: UnsafeBufferPointer<UInt8>, paths: PathTree) {
        self.bytes = bytes
        self.paths = paths
        starts = Array(repeating: nil, count: paths.nodes.count)
    }

    /// An array or object the scan descends into.
    private struct Open {
        let node: Int
        let isObject: Bool
        var element = 0
    }

    /// Where the value of `node` starts, or of its nearest ancestor found; 0 when none is.
    func offset(of node: Int) -> Int {
        var current = node
        while current >= 0 {
            if let start = starts[current] { return start }
            current = paths.nodes[current].parent
        }
        return 0
    }

    mutating func run() {
        let count = bytes.count
        var index = count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        index = skipWhitespace(from: index)
        guard index < count else { return }
        var open: [Open] = []
        var child: Int? = 0
        while true {
            // `index` is at a value; `child` is its node, if it has one.
            if let node = child {
                starts[node] = index
                if let container = descend(node, at: index) {
                    open.append(container)
                    index += 1
                } else {
                    index = valueEnd(from: index)
                }
            } else {
                index = valueEnd(from: index)
            }
            // Past the value: to the next one of the innermost open container, closing those that end.
            child = nil
            while let last = open.indices.last {
                index = skipWhitespace(from: index)
                guard index < count else { return }
                let byte = bytes[index]
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    index += 1
                    open.removeLast()
                    continue
                }
                if byte == UInt8(ascii: ",") { index = skipWhitespace(from: index + 1) }
                guard index < count else { return }
                let node = paths.nodes[open[last].node]
                if open[last].isObject {
                    let keyEnd = stringEnd(from: index)
                    child = node.members.isEmpty ? nil : node.members[memberName(index..<keyEnd)]
                    index = skipWhitespace(from: keyEnd)
                    index = skipWhitespace(from: index + 1)  // past the colon
                } else {
                    let element = open[last].element
                    open[last].element += 1
                    if element > node.lastElement {
                        // No pointer goes further into this array: done if it is the whole text, else skip the rest of it.
                        if open.count == 1 { return }
                        index = containerEnd(from: index, depth: 1)
                        open.removeLast()
                        continue
                    }
                    child = node.elements[element]
                }
                guard index < count else { return }
                break
            }
            if open.isEmpty { return }
        }
    }

    /// The container to enter for `node`'s value at `index`, when some pointer goes further into it.
    private func descend(_ node: Int, at index: Int) -> Open? {
        let paths = self.paths.nodes[node]
        switch bytes[index] {
        case UInt8(ascii: "{") where !paths.members.isEmpty: return Open(node: node, isObject: true)
        case UInt8(ascii: "[") where paths.lastElement >= 0: return Open(node: node, isObject: false)
        default: return nil
        }
    }

    /// The member name whose quoted text is at `range`, unescaped.
    private func memberName(_ range: Range<Int>) -> String {
        let quoted = UnsafeBufferPointer(rebasing: bytes[range])
        guard quoted.contains(UInt8(ascii: "\\")) else {
            return String(decoding: UnsafeBufferPointer(rebasing: quoted.dropFirst().dropLast()), as: UTF8.self)
        }
        // Rare: let the parser unescape it.
        guard let tape = try? JSONTape(bytes: Array(quoted)) else { return "" }
        return tape.withView { $0.kind(0) == .string ? $0.string(0) : "" }
    }

    // MARK: Skipping

    /// The first byte from `index` on that is not whitespace.
    private func skipWhitespace(from index: Int) -> Int {
        var cursor = index
        while cursor < bytes.count {
            switch bytes[cursor] {
            case 0x20, 0x0A, 0x0D, 0x09: cursor += 1
            default: return cursor
            }
        }
        return cursor
    }

    /// Just past the value that starts at `index`.
    private func valueEnd(from index: Int) -> Int {
        switch bytes[index] {
        case UInt8(ascii: "\""): return stringEnd(from: index)
        case UInt8(ascii: "{"), UInt8(ascii: "["): return containerEnd(from: index + 1, depth: 1)
        default:
            var cursor = index + 1
            while cursor < bytes.count {
                switch bytes[cursor] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09: return cursor
                default: cursor += 1
                }
            }
            return cursor
        }
    }

    /// Loads the eight bytes at `index` (which has eight bytes after it) as a little-endian word.
    @inline(__always)
    private func word(at index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self))
    }

    /// Just past the closing quote of the string whose opening quote is at `index`.
    private func stringEnd(from index: Int) -> Int {
        var cursor = index + 1
        while true {
            var found = cursor
            if cursor + 8 <= bytes.count {
                let flags = SWAR.quoteOrBackslash(word(at: cursor))
                if flags == 0 {
                    cursor += 8
                    continue
                }
                found = cursor + flags.trailingZeroBitCount / 8
            } else {
                while found < bytes.count, bytes[found] != UInt8(ascii: "\""), bytes[found] != UInt8(ascii: "\\") { found += 1 }
                guard found < bytes.count else { return bytes.count }
            }
            if bytes[found] == UInt8(ascii: "\"") { return found + 1 }
            cursor = found + 2  // past the backslash and the byte it escapes
        }
    }

    /// Just past the bracket that closes the container `index` is in, `depth` levels deep.
    private func containerEnd(from index: Int, depth: Int) -> Int {
        var cursor = index, depth = depth
        while cursor < bytes.count {
            var found = cursor
            if cursor + 8 <= bytes.count {
                let word = word(at: cursor)
                // Quotes, and `[`, `]`, `{`, `}` (with `Y`, `_`, `y` and DEL, found only in strings).
                let flags = SWAR.zeroBytes(word ^ SWAR.repeated(UInt8(ascii: "\"")))
                    | SWAR.zeroBytes(((word | SWAR.repeated(0x20)) & SWAR.repeated(0xF9)) ^ SWAR.repeated(0x79))
                if flags == 0 {
                    cursor += 8
                    continue
                }
                found = cursor + flags.trailingZeroBitCount / 8
            }
            switch bytes[found] {
            case UInt8(ascii: "\""):
                cursor = stringEnd(from: found)
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return found + 1 }
            default: break
            }
            cursor = found + 1
        }
        return bytes.count
    }
}

/// Lines and columns of byte offsets, as ``LineTable`` counts them (columns in Unicode scalars),
/// found in one pass up to the last offset instead of an index of every line.
enum LineCounter {
    /// The position of each of `offsets` (each at most `bytes.count`), in their order.
    static func positions(ofOffsets offsets: [Int], in bytes: [UInt8]) -> [SourcePosition] {
        var positions = [SourcePosition](repeating: SourcePosition(line: 1, column: 1, offset: 0), count: offsets.count)
        bytes.withUnsafeBufferPointer { buffer in
            var line = 1, column = 1, cursor = 0
            for index in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) {
                let target = max(0, min(offsets[index], buffer.count))
                advance(&cursor, to: target, line: &line, column: &column, in: buffer)
                positions[index] = SourcePosition(line: line, column: column, offset: target)
            }
        }
        return positions
    }

    /// Moves `cursor` to `target`, counting the lines and columns passed.
    private static func advance(_ cursor: inout Int, to target: Int, line: inout Int, column: inout Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let newline = SWAR.repeated(UInt8(ascii: "\n"))
        while cursor + 8 <= target {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + cursor).loadUnaligned(as: UInt64.self))
            let newlines = ~SWAR.nonzeroBytes(word ^ newline) & SWAR.highBits
            if newlines == 0 {
                column += 8 - continuationCount(word)
            } else {
                line += newlines.nonzeroBitCount
                // The bytes after the last newline of the word.
                let last = (63 - newlines.leadingZeroBitCount) / 8
                column = 1 + (7 - last) - continuationCount(word >> UInt64((last + 1) * 8))
            }
            cursor += 8
        }
        while cursor < target {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            cursor += 1
        }
    }

    /// How many bytes of `word` are UTF-8 continuation bytes (`10xxxxxx`).
    @inline(__always)
    private static func continuationCount(_ word: UInt64) -> Int {
        (word & ~(word << 1) & SWAR.highBits).nonzeroBitCount
    }
}
