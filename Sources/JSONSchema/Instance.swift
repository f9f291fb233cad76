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
    @inline(__always)
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
