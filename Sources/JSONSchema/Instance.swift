import Foundation
import JSONCore

/// The value being evaluated: one position on the instance's tape.
struct Instance {
    let tape: JSONTapeView
    let index: Int

    @inline(__always)
    var kind: JSONTape.Kind { tape.kind(index) }

    /// The value at another index of the same tape.
    @inline(__always)
    func at(_ index: Int) -> Instance { Instance(tape: tape, index: index) }

    /// True for integer and decimal numbers.
    var isNumber: Bool { kind == .integer || kind == .decimal }

    /// The JSON Schema type of the value.
    var primitiveType: JSONPrimitiveType { tape.primitiveType(index) }

    /// True when this number is an integer in the draft-07 sense (`1.0` is one).
    var isIntegral: Bool { tape.isIntegral(index) }

    /// The number (an integer or decimal value).
    var number: JSONNumber { tape.number(index) }

    /// The UTF-8 bytes of the string (or member name).
    var bytes: UnsafeBufferPointer<UInt8> { tape.bytes(index) }

    /// The string (or member name) as a `String` (allocates for long strings).
    var string: String { tape.string(index) }

    /// The string's length in code points.
    var codePointCount: Int { tape.codePointCount(index) }

    /// The number of array elements or object members.
    var count: Int { tape.count(index) }

    /// The elements of this array.
    @inline(__always)
    var elements: Elements { Elements(tape: tape, siblings: tape.elements(of: index)) }

    /// The members of this object: each name (a string instance) with its value.
    @inline(__always)
    var members: Members { Members(tape: tape, keys: tape.keys(of: index)) }

    /// An array's elements as instances (a plain iterator: walking it allocates nothing).
    struct Elements: Sequence, IteratorProtocol {
        let tape: JSONTapeView
        var siblings: JSONTapeView.Siblings

        @inline(__always)
        mutating func next() -> Instance? { siblings.next().map { Instance(tape: tape, index: $0) } }
    }

    /// An object's members as (name, value) instances (a plain iterator: walking it allocates nothing).
    struct Members: Sequence, IteratorProtocol {
        let tape: JSONTapeView
        var keys: JSONTapeView.Siblings

        @inline(__always)
        mutating func next() -> (name: Instance, value: Instance)? {
            keys.next().map { (Instance(tape: tape, index: $0), Instance(tape: tape, index: $0 + 1)) }
        }
    }

    /// The value as a tree (for hashing; allocates).
    var value: JSONValue { tape.value(at: index) }

    /// JSON equality with a schema value.
    func equals(_ other: JSONValue) -> Bool { tape.equals(index, other) }

    /// JSON equality with another value of the same tape.
    func equals(_ other: Instance) -> Bool { tape.equals(index, other.index) }

    /// True when this object has member `name`.
    func has(_ name: PropertyName) -> Bool {
        name.bytes.withUnsafeBufferPointer { tape.member(index, named: $0) } != nil
    }
}

/// A property name from a schema, kept as the UTF-8 bytes instances are compared with.
struct PropertyName: Sendable {
    let string: String
    let bytes: [UInt8]

    init(_ string: String) {
        self.string = string
        bytes = Array(string.utf8)
    }
}

/// Schema values looked up by an instance member's UTF-8 name, without building strings:
/// a linear scan for a few names, an open-addressing hash table for more.
struct NameTable<Value: Sendable>: Sendable {
    private let names: [[UInt8]]
    private let values: [Value]
    /// Slot → entry index + 1 (0 is empty); empty when the table is scanned linearly.
    private let slots: [Int32]

    static var linearLimit: Int { 8 }

    /// A table of `entries`; for a repeated name the last value wins.
    init(_ entries: [(name: String, value: Value)]) {
        var names: [[UInt8]] = []
        var values: [Value] = []
        for entry in entries {
            let bytes = Array(entry.name.utf8)
            if let existing = names.firstIndex(of: bytes) {
                values[existing] = entry.value
            } else {
                names.append(bytes)
                values.append(entry.value)
            }
        }
        self.names = names
        self.values = values
        guard names.count > Self.linearLimit else {
            slots = []
            return
        }
        var size = 16
        while size < names.count * 2 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        for (index, name) in names.enumerated() {
            var slot = name.withUnsafeBufferPointer { Self.hash($0) } & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index + 1)
        }
        self.slots = slots
    }

    /// The value for `name`, or `nil`.
    func value(for name: UnsafeBufferPointer<UInt8>) -> Value? {
        index(for: name).map { values[$0] }
    }

    /// The value of entry `index` (`0..<count`).
    subscript(index: Int) -> Value { values[index] }

    /// The entry of `name`, or `nil`.
    func index(for name: UnsafeBufferPointer<UInt8>) -> Int? {
        names.withUnsafeBufferPointer { names in
            if slots.isEmpty {
                for index in names.indices where Self.equal(names[index], name) { return index }
                return nil
            }
            return slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                var slot = Self.hash(name) & mask
                while slots[slot] != 0 {
                    let index = Int(slots[slot]) - 1
                    if Self.equal(names[index], name) { return index }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }

    /// The one name and its value, when the table holds exactly one.
    var onlyEntry: (name: [UInt8], value: Value)? { names.count == 1 ? (names[0], values[0]) : nil }

    /// True when `name` is in the table.
    func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool { value(for: name) != nil }

    @inline(__always)
    private static func equal(_ stored: [UInt8], _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard stored.count == name.count else { return false }
        return stored.withUnsafeBufferPointer { stored in
            guard let left = stored.baseAddress, let right = name.baseAddress else { return true }
            let count = name.count
            // Names of 8 to 16 bytes (most property names): two overlapping word loads each, no call.
            if count >= 8 && count <= 16 {
                let raw = (UnsafeRawPointer(left), UnsafeRawPointer(right))
                return raw.0.loadUnaligned(as: UInt64.self) == raw.1.loadUnaligned(as: UInt64.self)
                    && raw.0.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == raw.1.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            }
            if count < 8 {
                for offset in 0..<count where left[offset] != right[offset] { return false }
                return true
            }
            return memcmp(left, right, count) == 0
        }
    }

    /// A hash of the length and up to four bytes (first, two middle, last): property names of one schema
    /// rarely share all of them, and a full pass over every name looked up would cost more than the rare
    /// extra probe. Equal names always hash alike, so lookups stay exact.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        guard count > 0 else { return 0 }
        var hash = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ UInt64(bytes[0])) &* 0x100_0000_01b3
        hash = (hash ^ UInt64(bytes[count / 3])) &* 0x100_0000_01b3
        hash = (hash ^ UInt64(bytes[2 * count / 3])) &* 0x100_0000_01b3
        hash = (hash ^ UInt64(bytes[count - 1])) &* 0x100_0000_01b3
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}

extension JSONTapeView {
    /// The JSON Pointer of the value at `index`, found by walking down from the root (for errors only).
    func pointer(to index: Int) -> JSONPointer {
        var pointer = JSONPointer.root
        var container = 0
        while container != index {
            switch kind(container) {
            case .object:
                guard let key = keys(of: container).first(where: { index > $0 && index < end($0 + 1) }) else { return pointer }
                pointer = pointer.appending(string(key))
                container = key + 1
            case .array:
                guard let (position, element) = elements(of: container).enumerated().first(where: { index >= $0.element && index < end($0.element) })
                else { return pointer }
                pointer = pointer.appending(index: position)
                container = element
            default:
                return pointer
            }
        }
        return pointer
    }
}
