import Foundation
import JSONCore

/// One JSON document as one NDJSON line with fields inserted, straight from its bytes: whitespace outside
/// strings dropped, the fields spliced in before the closing brace of the document (an object) or of
/// each object of it (an array), as Sage's job sets them. Much cheaper than parse, insert and write for
/// motion files of tens of thousands of samples; the result is the same JSON.
public enum NDJSONLine {
    /// The line of a JSON document with `fields` inserted: spliced into its bytes when it can be,
    /// else parsed, inserted and written; `nil` when the bytes are not JSON.
    public static func line(_ fields: [(String, JSONValue)], into bytes: [UInt8]) -> [UInt8]? {
        splicing(fields, into: bytes) ?? treeLine(fields, into: bytes)
    }

    /// The line made through the tree: parse, insert, write.
    public static func treeLine(_ fields: [(String, JSONValue)], into bytes: [UInt8]) -> [UInt8]? {
        (try? JSONDocument(bytes: bytes)).map { JSONWriter.compact.bytes($0.value.inserting(fields)) + [0x0A] }
    }

    /// The line (with its newline), or `nil` when the fast path does not apply: a field's name already
    /// occurs in an object that gets the fields (it would have to replace a member), or a name there is
    /// escaped (it might spell one), or the bytes are not balanced JSON. The caller then goes through the tree.
    public static func splicing(_ fields: [(String, JSONValue)], into bytes: [UInt8]) -> [UInt8]? {
        var insertion: [UInt8] = []
        var names = Names()
        for (key, value) in fields {
            let name = JSONWriter.compact.bytes(.string(key))
            names.add(name.dropFirst().dropLast())
            insertion += [UInt8(ascii: ",")] + name + [UInt8(ascii: ":")] + JSONWriter.compact.bytes(value)
        }
        // At most one insertion per closing brace: the exact room the line can need.
        let braces = bytes.withUnsafeBytes { input in
            var count = 0
            guard var next = input.baseAddress else { return 0 }
            let end = next + input.count
            while let found = memchr(next, Int32(UInt8(ascii: "}")), end - next) {
                count += 1
                next = UnsafeRawPointer(found) + 1
            }
            return count
        }
        var spliced = true
        let line = [UInt8](unsafeUninitializedCapacity: bytes.count + insertion.count * braces + 1) { output, count in
            bytes.withUnsafeBufferPointer { input in
                insertion.withUnsafeBufferPointer { insertion in
                    let scanner = Scanner(input: input, output: output, insertion: insertion, names: names)
                    if let written = scanner.run() {
                        output[written] = 0x0A
                        count = written + 1
                    } else {
                        spliced = false
                        count = 0
                    }
                }
            }
        }
        return spliced ? line : nil
    }

    /// What a byte outside strings means to the scanner (most bytes: nothing); made once, kept for the process.
    nonisolated(unsafe) private static let classes: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        for byte in [0x20, 0x09, 0x0A, 0x0D] as [UInt8] { table[Int(byte)] = 1 }
        table[Int(UInt8(ascii: "\""))] = 2
        table[Int(UInt8(ascii: "{"))] = 3
        table[Int(UInt8(ascii: "}"))] = 4
        table[Int(UInt8(ascii: "["))] = 5
        table[Int(UInt8(ascii: "]"))] = 6
        table[Int(UInt8(ascii: ","))] = 7
        return UnsafePointer(table)
    }()

    /// One pass over the bytes. Only objects at the top (the document) or one level down in a top-level
    /// array get the fields, so two depths and two flags describe all that matters.
    private struct Scanner {
        let input: UnsafeBufferPointer<UInt8>
        let output: UnsafeMutableBufferPointer<UInt8>
        let insertion: UnsafeBufferPointer<UInt8>
        let names: Names

        /// The number of bytes written, or `nil` when the fast path does not apply.
        func run() -> Int? {
            guard let source = input.baseAddress, let target = output.baseAddress else { return nil }
            var depth = 0
            var topIsArray = false
            // Whether the container at depth 2 (under a top-level array) is an object.
            var levelTwoIsObject = false
            // Whether the next string is a member name of an object that gets the fields.
            var expectingName = false
            var written = 0
            var index = 0
            let count = input.count
            let classes = NDJSONLine.classes
            while index < count {
                let byte = source[index]
                let kind = classes[Int(byte)]
                // Every byte is stored; only a byte that is not whitespace advances the output.
                target[written] = byte
                written &+= kind == 1 ? 0 : 1
                index &+= 1
                if kind < 2 { continue }
                switch kind {
                case 2:
                    // The string's bytes are copied as they are scanned (strings are short: a call to
                    // copy them would cost more), up to and with the closing quote.
                    let start = index
                    var end = start
                    while end < count {
                        let inner = source[end]
                        target[written] = inner
                        written &+= 1
                        if inner == UInt8(ascii: "\"") { break }
                        if inner == UInt8(ascii: "\\") {
                            // An escaped name might spell a field's: the tree decides.
                            if expectingName { return nil }
                            end &+= 1
                            guard end < count else { return nil }
                            target[written] = source[end]
                            written &+= 1
                        }
                        end &+= 1
                    }
                    guard end < count else { return nil }
                    if expectingName, names.contains(UnsafeBufferPointer(start: source + start, count: end - start)) { return nil }
                    expectingName = false
                    index = end + 1
                case 3:
                    depth += 1
                    if depth == 2 { levelTwoIsObject = true }
                    expectingName = depth == 1 || (depth == 2 && topIsArray)
                case 4:
                    let isTarget = depth == 1 ? !topIsArray : (depth == 2 && topIsArray && levelTwoIsObject)
                    depth -= 1
                    guard depth >= 0 else { return nil }
                    expectingName = false
                    if isTarget {
                        // Before the brace just stored: the fields (without their comma in an empty object).
                        let empty = written >= 2 && target[written - 2] == UInt8(ascii: "{")
                        let fields = empty ? UnsafeBufferPointer(rebasing: insertion.dropFirst()) : insertion
                        guard let fieldBytes = fields.baseAddress else { continue }
                        (target + written - 1).update(from: fieldBytes, count: fields.count)
                        written += fields.count
                        target[written - 1] = UInt8(ascii: "}")
                    }
                case 5:
                    depth += 1
                    if depth == 1 { topIsArray = true }
                    if depth == 2 { levelTwoIsObject = false }
                case 6:
                    depth -= 1
                    guard depth >= 0 else { return nil }
                default:
                    // A comma: in an object that gets the fields, a member name follows.
                    expectingName = depth == 1 ? !topIsArray : (depth == 2 && topIsArray && levelTwoIsObject)
                }
            }
            return depth == 0 ? written : nil
        }
    }

    /// The fields' names, flattened, with a quick test on length and first byte.
    private struct Names {
        private var bytes: [UInt8] = []
        private var ranges: [Range<Int>] = []
        /// Bit `n` set when some name is `n` bytes long (names past 63 bytes set bit 63).
        private var lengths: UInt64 = 0

        mutating func add(_ name: ArraySlice<UInt8>) {
            ranges.append(bytes.count..<bytes.count + name.count)
            bytes += name
            lengths |= 1 << UInt64(min(name.count, 63))
        }

        /// Whether `name` is one of the names.
        func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
            guard lengths & (1 << UInt64(min(name.count, 63))) != 0 else { return false }
            return bytes.withUnsafeBufferPointer { all in
                ranges.contains { $0.count == name.count && UnsafeBufferPointer(rebasing: all[$0]).elementsEqual(name) }
            }
        }
    }
}
