import CJSONScan
import FoundationEssentials
import Glibc

/// A JSON text written as one line by the parse that read it: its bytes without the whitespace outside
/// strings (every token as written: strings with their escapes, numbers as spelled, repeated keys kept),
/// and where the objects that take inserted members end: the document when it is an object, else each
/// object of a top-level array. Made by ``JSONTapeParser/tapeAndLine(_:reserving:)``; `inserting` then
/// writes the line with members added to those objects, as NDJSON datasets add fields to each row.
public struct CompactJSON: Sendable {
    /// The text without whitespace outside strings.
    public let bytes: [UInt8]
    /// For each object that takes members, in order: the offset of its closing brace in `bytes` times
    /// two, plus one when the object is empty (its members need no comma before them).
    let objectEnds: [Int]

    init(bytes: [UInt8], objectEnds: [Int]) {
        self.bytes = bytes
        self.objectEnds = objectEnds
    }

    /// The line with `members` (written members without braces, such as `"a":1,"b":"x"`) inserted
    /// before the closing brace of each object that takes them, after a comma where the object has
    /// members; `terminator` appended when given. Empty `members` insert nothing.
    public func inserting(_ members: [UInt8], terminator: UInt8? = nil) -> [UInt8] {
        let insertions = members.isEmpty ? 0 : objectEnds.count
        let capacity = bytes.count + insertions * (members.count + 1) + (terminator == nil ? 0 : 1)
        return [UInt8](unsafeUninitializedCapacity: capacity) { output, count in
            guard let target = output.baseAddress else { return }
            bytes.withUnsafeBufferPointer { input in
                members.withUnsafeBufferPointer { members in
                    guard let source = input.baseAddress else { return }
                    var copied = 0, written = 0
                    for end in objectEnds where insertions > 0 {
                        let offset = end >> 1
                        (target + written).update(from: source + copied, count: offset - copied)
                        written += offset - copied
                        copied = offset
                        if end & 1 == 0 {
                            target[written] = UInt8(ascii: ",")
                            written += 1
                        }
                        if let fields = members.baseAddress { (target + written).update(from: fields, count: members.count) }
                        written += members.count
                    }
                    (target + written).update(from: source + copied, count: input.count - copied)
                    written += input.count - copied
                    if let terminator {
                        target[written] = terminator
                        written += 1
                    }
                    count = written
                }
            }
        }
    }

    /// Member names that keep a text from its compact line when an object that takes members has one
    /// (the inserted members would repeat it), compared as written: a member name with an escape also
    /// keeps it (it might spell one of them).
    public struct ReservedNames: Sendable {
        private var bytes: [UInt8] = []
        /// Where each name ends in `bytes` (it starts where the one before ends).
        private var ends: [Int] = []
        /// For each name, bit `(count + 2 × last byte) mod 64` in the first and `(3 × count + first byte)
        /// mod 64` in the second: a name missing either bit is none of them.
        private var lastBits: UInt64 = 0, firstBits: UInt64 = 0

        /// The names `names`.
        public init(_ names: [String] = []) {
            for name in names { add(name) }
        }

        /// Adds `name`.
        public mutating func add(_ name: String) {
            var name = name
            name.withUTF8 { utf8 in
                bytes.append(contentsOf: utf8)
                ends.append(bytes.count)
                lastBits |= 1 &<< UInt64((utf8.count &+ Int(utf8.last ?? 0) &* 2) & 63)
                firstBits |= 1 &<< UInt64((utf8.count &* 3 &+ Int(utf8.first ?? 0)) & 63)
            }
        }

        /// Whether `name` (a member name's bytes as written) is one of the names.
        @inline(__always)
        public func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
            let count = name.count
            guard count > 0, let base = name.baseAddress else { return equalsOne(name) }
            return lastBits & (1 &<< UInt64((count &+ Int(base[count &- 1]) &* 2) & 63)) != 0
                && firstBits & (1 &<< UInt64((count &* 3 &+ Int(base[0])) & 63)) != 0 && equalsOne(name)
        }

        /// False when no name has `count` bytes and the parser's key bit `keyBit` of an unescaped
        /// member name (`1 << ((count + 2 × last byte) mod 64)`, the bit the first test of `contains`
        /// takes): one test per member name, with the bit the parser has already.
        @inline(__always)
        func mayContain(keyBit: UInt64, count: Int) -> Bool {
            count == 0 || lastBits & keyBit != 0
        }

        /// Whether `name` equals one of the names.
        private func equalsOne(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
            bytes.withUnsafeBufferPointer { all in
                var start = 0
                for end in ends {
                    defer { start = end }
                    if end - start == name.count, name.isEmpty || memcmp(all.baseAddress.unsafelyUnwrapped + start, name.baseAddress.unsafelyUnwrapped, name.count) == 0 {
                        return true
                    }
                }
                return false
            }
        }

        /// Calls `body` with the names as `cjson_tape_compact` reads them (valid only during the call).
        func withCNames<Result>(_ body: (UnsafePointer<cjson_reserved_names>) -> Result) -> Result {
            bytes.withUnsafeBufferPointer { bytes in
                ends.withUnsafeBufferPointer { ends in
                    var names = cjson_reserved_names(bytes: bytes.baseAddress, ends: ends.baseAddress, count: ends.count,
                                                     last_bits: lastBits, first_bits: firstBits)
                    return body(&names)
                }
            }
        }
    }
}
