import FoundationEssentials
import Glibc

/// A JSON document flattened into one array of fixed-size entries plus one byte buffer: the form
/// the validator reads, because walking it costs no allocation and no reference counting.
///
/// Values are laid out in document order. A container's entry is followed by its contents (an
/// object's members as a key entry then the value's entries) and records where it ends, so any
/// value can be skipped in one step. Strings (keys too) are read unescaped: in place in the
/// parsed bytes when they hold no escape, else from a buffer of their own.
///
/// A tape made from bytes has the same meaning as ``JSONDocument``'s value: exact numbers, key
/// order, and for a repeated key the last value at the first key's place.
public struct JSONTape: Sendable {
    @usableFromInline let entries: GrowableStorage<Entry>
    /// The bytes the tape was parsed from: unescaped strings and decimals are read in place.
    @usableFromInline let source: [UInt8]
    /// Bytes of the entries flagged `inText` (escaped strings, and all strings of a tape made from a tree).
    @usableFromInline let text: [UInt8]

    /// Parses strict JSON from UTF-8 bytes, with the same rules and errors as ``JSONDocument``.
    public init(bytes: [UInt8], maxDepth: Int = JSONParser.Options().maxDepth) throws(JSONParseError) {
        var parser = JSONTapeParser(maxDepth: maxDepth)
        self = try parser.tape(bytes)
    }

    /// The longest string (in UTF-8 bytes) a tape holds: parsing refuses longer ones with an error.
    public static let maxStringBytes = Int(UInt32.max)

    /// The tape of a value (strings must be at most `maxStringBytes` long).
    public init(_ value: JSONValue) {
        var builder = TapeBuilder(capacity: 16)
        builder.append(value)
        self = builder.finish()
    }

    init(entries: GrowableStorage<Entry>, source: [UInt8], text: [UInt8]) {
        self.entries = entries
        self.source = source
        self.text = text
    }

    /// The value as a tree.
    public var value: JSONValue {
        withView { $0.value(at: 0) }
    }

    /// Calls `body` with a view of the tape, valid only during the call.
    @inlinable
    package func withView<Result>(_ body: (JSONTapeView) throws -> Result) rethrows -> Result {
        try source.withUnsafeBufferPointer { sourceBuffer in
            try text.withUnsafeBufferPointer { textBuffer in
                try body(JSONTapeView(entries: entries.base, source: sourceBuffer.baseAddress ?? JSONTapeView.emptyText,
                                      text: textBuffer.baseAddress ?? JSONTapeView.emptyText))
            }
        }
    }
}

extension JSONTape {
    /// What an entry holds.
    @frozen @usableFromInline
    package enum Kind: UInt8, Sendable, BitwiseCopyable {
        case null, `false`, `true`, integer, decimal, string, array, object
    }

    /// One value (or object key) of the tape: 16 bytes.
    @frozen @usableFromInline
    package struct Entry: Sendable, BitwiseCopyable {
        /// The value's kind.
        @usableFromInline package var kind: Kind
        /// `nonASCII` for strings, `integral` for decimals, `hasDuplicateKeys` for objects;
        /// `inText` for strings and decimals whose bytes are in the tape's `text`, not its `source`.
        @usableFromInline package var flags: UInt8
        /// Strings and decimals: their byte length; arrays: elements; objects: members.
        @usableFromInline package var count: UInt32
        /// Integers: the value; strings and decimals: the offset of their bytes (in `source` or `text`);
        /// containers: the index just past their last entry.
        @usableFromInline package var payload: Int64

        @inlinable
        package init(kind: Kind, flags: UInt8 = 0, count: UInt32 = 0, payload: Int64 = 0) {
            self.kind = kind
            self.flags = flags
            self.count = count
            self.payload = payload
        }

        @usableFromInline package static let nonASCII: UInt8 = 1
        @usableFromInline package static let integral: UInt8 = 2
        @usableFromInline package static let hasDuplicateKeys: UInt8 = 4
        @usableFromInline package static let inText: UInt8 = 8
    }
}

/// Read access to a tape's entries by index, without retaining anything; valid only inside
/// ``JSONTape/withView(_:)``. Index 0 is the root value.
@frozen @usableFromInline
package struct JSONTapeView {
    @usableFromInline let entries: UnsafePointer<JSONTape.Entry>
    @usableFromInline let source: UnsafePointer<UInt8>
    @usableFromInline let text: UnsafePointer<UInt8>

    @usableFromInline nonisolated(unsafe) static let emptyText: UnsafePointer<UInt8> = {
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        storage.initialize(to: 0)
        return UnsafePointer(storage)
    }()

    @inlinable
    init(entries: UnsafePointer<JSONTape.Entry>, source: UnsafePointer<UInt8>, text: UnsafePointer<UInt8>) {
        self.entries = entries
        self.source = source
        self.text = text
    }

    /// Where the bytes of the string or decimal `entry` start.
    @inlinable
    func start(of entry: JSONTape.Entry) -> UnsafePointer<UInt8> {
        (entry.flags & JSONTape.Entry.inText == 0 ? source : text) + Int(entry.payload)
    }

    /// The kind of the value at `index`.
    @inlinable
    package func kind(_ index: Int) -> JSONTape.Kind { entries[index].kind }

    /// String byte length, array element count or object member count.
    @inlinable
    package func count(_ index: Int) -> Int { Int(entries[index].count) }

    /// The index just past the value at `index` (its next sibling, if any).
    @inlinable
    package func end(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.kind.rawValue >= JSONTape.Kind.array.rawValue ? Int(entry.payload) : index + 1
    }

    /// The UTF-8 bytes of the string (or key) at `index`.
    @inlinable
    package func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = entries[index]
        return UnsafeBufferPointer(start: start(of: entry), count: Int(entry.count))
    }

    /// True when the string at `index` is plain ASCII (its length in code points is its byte count).
    @inlinable
    package func isASCII(_ index: Int) -> Bool { entries[index].flags & JSONTape.Entry.nonASCII == 0 }

    /// The string (or key) at `index`.
    package func string(_ index: Int) -> String { String(decoding: bytes(index), as: UTF8.self) }

    /// The number of Unicode code points of the string at `index`.
    @inlinable
    package func codePointCount(_ index: Int) -> Int {
        if isASCII(index) { return count(index) }
        var scalars = 0
        for byte in bytes(index) where byte & 0xC0 != 0x80 { scalars += 1 }
        return scalars
    }

    /// The number at `index` (an integer or decimal entry).
    package func number(_ index: Int) -> JSONNumber {
        let entry = entries[index]
        if entry.kind == .integer { return JSONNumber(Int(entry.payload)) }
        return JSONNumber(validLexeme: bytes(index))
    }

    /// True when the number at `index` is an integer in the draft-07 sense (`1.0` is one).
    @inlinable
    package func isIntegral(_ index: Int) -> Bool {
        let entry = entries[index]
        return entry.kind == .integer || entry.flags & JSONTape.Entry.integral != 0
    }

    /// The JSON Schema type of the value at `index`.
    package func primitiveType(_ index: Int) -> JSONPrimitiveType {
        switch kind(index) {
        case .null: return .null
        case .false, .true: return .boolean
        case .integer: return .integer
        case .decimal: return isIntegral(index) ? .integer : .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// The index of the value of member `name` in the object at `object`, or `nil`.
    @inlinable
    package func member(_ object: Int, named name: UnsafeBufferPointer<UInt8>) -> Int? {
        var key = object + 1
        let end = Int(entries[object].payload)
        while key < end {
            let entry = entries[key]
            if Int(entry.count) == name.count,
               name.count == 0 || memcmp(start(of: entry), name.baseAddress!, name.count) == 0
            {
                return key + 1
            }
            key = self.end(key + 1)
        }
        return nil
    }

    /// True when the string (or key) at `index` has exactly the bytes of `other`.
    @inlinable
    package func bytesEqual(_ index: Int, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        let entry = entries[index]
        return Int(entry.count) == other.count
            && (other.count == 0 || memcmp(start(of: entry), other.baseAddress!, other.count) == 0)
    }

    /// The members of the object at `object`: each key's index (its value follows it).
    @inlinable
    package func keys(of object: Int) -> Siblings {
        Siblings(view: self, next: object + 1, end: Int(entries[object].payload), stride: 2)
    }

    /// The elements of the array at `array`, by index.
    @inlinable
    package func elements(of array: Int) -> Siblings {
        Siblings(view: self, next: array + 1, end: Int(entries[array].payload), stride: 1)
    }

    /// Walks a container's elements (`stride` 1) or member keys (`stride` 2, skipping each value).
    @frozen @usableFromInline
    package struct Siblings: Sequence, IteratorProtocol {
        @usableFromInline let view: JSONTapeView
        @usableFromInline var cursor: Int
        @usableFromInline let end: Int
        @usableFromInline let stride: Int

        @inlinable
        init(view: JSONTapeView, next: Int, end: Int, stride: Int) {
            self.view = view
            cursor = next
            self.end = end
            self.stride = stride
        }

        @inlinable
        package mutating func next() -> Int? {
            guard cursor < end else { return nil }
            let current = cursor
            cursor = view.end(current + stride - 1)
            return current
        }
    }

    /// The value at `index` as a tree. Iterative, so deep values cost heap, not stack.
    package func value(at index: Int) -> JSONValue {
        struct Open {
            let index: Int
            let end: Int
            var elements: [JSONValue] = []
            var members: [JSONObject.Member] = []
            var key = ""
        }
        var open: [Open] = []
        var cursor = index
        while true {
            var value: JSONValue
            switch kind(cursor) {
            case .null: value = .null
            case .false: value = .bool(false)
            case .true: value = .bool(true)
            case .integer, .decimal: value = .number(number(cursor))
            case .string: value = .string(string(cursor))
            case .array, .object:
                let end = self.end(cursor)
                if end == cursor + 1 {
                    value = kind(cursor) == .array ? .array([]) : .object(JSONObject(uniqueMembers: []))
                } else {
                    var container = Open(index: cursor, end: end)
                    if kind(cursor) == .object {
                        container.members.reserveCapacity(count(cursor))
                        container.key = string(cursor + 1)
                        cursor += 2
                    } else {
                        container.elements.reserveCapacity(count(cursor))
                        cursor += 1
                    }
                    open.append(container)
                    continue
                }
            }
            cursor = end(cursor)
            while let last = open.indices.last {
                if kind(open[last].index) == .object {
                    open[last].members.append(JSONObject.Member(key: open[last].key, value: value))
                } else {
                    open[last].elements.append(value)
                }
                guard cursor == open[last].end else {
                    if kind(open[last].index) == .object {
                        open[last].key = string(cursor)
                        cursor += 1
                    }
                    break
                }
                let container = open.removeLast()
                if kind(container.index) == .array {
                    value = .array(container.elements)
                } else if entries[container.index].flags & JSONTape.Entry.hasDuplicateKeys != 0 {
                    value = .object(JSONObject(container.members))
                } else {
                    value = .object(JSONObject(uniqueMembers: container.members))
                }
            }
            if open.isEmpty { return value }
        }
    }

    /// JSON equality (as in ``JSONValue``'s `==`) between the value at `index` and `other`.
    package func equals(_ index: Int, _ other: JSONValue) -> Bool {
        switch (kind(index), other) {
        case (.null, .null), (.false, .bool(false)), (.true, .bool(true)): return true
        case (.integer, .number(let number)), (.decimal, .number(let number)): return self.number(index) == number
        case (.string, .string(let string)):
            var string = string
            return string.withUTF8 { bytesEqual(index, $0) }
        case (.array, .array(let elements)):
            guard count(index) == elements.count else { return false }
            var element = index + 1
            for expected in elements {
                guard equals(element, expected) else { return false }
                element = end(element)
            }
            return true
        case (.object, .object(let object)):
            guard count(index) == object.count else { return false }
            for member in object.members {
                var key = member.key
                guard let value = key.withUTF8({ self.member(index, named: $0) }), equals(value, member.value) else { return false }
            }
            return true
        default: return false
        }
    }

    /// JSON equality between two values of the tape.
    package func equals(_ first: Int, _ second: Int) -> Bool {
        switch (kind(first), kind(second)) {
        case (.null, .null), (.false, .false), (.true, .true): return true
        case (.integer, .integer): return entries[first].payload == entries[second].payload
        case (.integer, .decimal), (.decimal, .integer), (.decimal, .decimal): return number(first) == number(second)
        case (.string, .string): return bytesEqual(first, bytes(second))
        case (.array, .array):
            guard count(first) == count(second) else { return false }
            var (left, right) = (first + 1, second + 1)
            for _ in 0..<count(first) {
                guard equals(left, right) else { return false }
                (left, right) = (end(left), end(right))
            }
            return true
        case (.object, .object):
            guard count(first) == count(second) else { return false }
            var key = first + 1
            for _ in 0..<count(first) {
                guard let value = member(second, named: bytes(key)), equals(key + 1, value) else { return false }
                key = end(key + 1)
            }
            return true
        default: return false
        }
    }
}
