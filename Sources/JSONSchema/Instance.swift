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
        names.withUnsafeBufferPointer { names in
            if slots.isEmpty {
                for index in names.indices where Self.equal(names[index], name) { return values[index] }
                return nil
            }
            return slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                var slot = Self.hash(name) & mask
                while slots[slot] != 0 {
                    let index = Int(slots[slot]) - 1
                    if Self.equal(names[index], name) { return values[index] }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }

    /// True when `name` is in the table.
    func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool { value(for: name) != nil }

    @inline(__always)
    private static func equal(_ stored: [UInt8], _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        stored.count == name.count
            && stored.withUnsafeBufferPointer { name.count == 0 || memcmp($0.baseAddress!, name.baseAddress!, name.count) == 0 }
    }

    /// FNV-1a over the bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
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
