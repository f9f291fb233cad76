import FoundationEssentials

/// A JSON value as parsed from a document: key order, exact numbers and duplicate keys are kept.
///
/// Equality is JSON equality as JSON Schema defines it: numbers compare by mathematical value
/// (`1 == 1.0`), objects compare regardless of member order, arrays element by element.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    /// The JSON type of the value, as JSON Schema names it (`integer` for integral numbers).
    public var primitiveType: JSONPrimitiveType {
        switch self {
        case .null: return .null
        case .bool: return .boolean
        case .number(let number): return number.isInteger ? .integer : .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// The string payload, or `nil` for other kinds of value.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean payload, or `nil` for other kinds of value.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number payload, or `nil` for other kinds of value.
    public var numberValue: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The array payload, or `nil` for other kinds of value.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object payload, or `nil` for other kinds of value.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// True for `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member named `key` when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index` when this is an array that long.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}

/// The seven JSON Schema primitive types.
public enum JSONPrimitiveType: String, Sendable, CaseIterable, Hashable {
    case null, boolean, object, array, number, string, integer

    /// True when a value of type `self` satisfies a schema asking for `other` (`integer` is a `number`).
    public func satisfies(_ other: JSONPrimitiveType) -> Bool {
        self == other || (self == .integer && other == .number)
    }

    /// The name with its article, for messages ("an integer", "a string").
    public var withArticle: String {
        switch self {
        case .integer, .object, .array: return "an \(rawValue)"
        default: return "a \(rawValue)"
        }
    }

    /// The plural name, for messages ("integers", "null values").
    public var plural: String {
        self == .null ? "null values" : rawValue + "s"
    }
}

extension JSONValue: Equatable {
    /// Structural equality (object members in any order), compared with an explicit stack so that
    /// values nested as deep as the parser allows need no machine stack per level.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        var pending: [(JSONValue, JSONValue)] = []
        var next: (JSONValue, JSONValue)? = (lhs, rhs)
        while let (left, right) = next {
            switch (left, right) {
            case (.null, .null): break
            case (.bool(let a), .bool(let b)): guard a == b else { return false }
            case (.number(let a), .number(let b)): guard a == b else { return false }
            // Code-point equality: Swift's `==` would equate canonically equivalent strings ("é" and "e\u{301}").
            case (.string(let a), .string(let b)): guard a.hasSameCodePoints(as: b) else { return false }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                pending.append(contentsOf: zip(a, b))
            case (.object(let a), .object(let b)):
                guard a.count == b.count else { return false }
                for member in a.members {
                    guard let other = b[member.key] else { return false }
                    pending.append((member.value, other))
                }
            default: return false
            }
            next = pending.popLast()
        }
        return true
    }
}

extension JSONValue: Hashable {
    /// How many levels of containers a hash looks into. Below that only each container's kind and
    /// size count: equal values still hash alike, and hashing needs no machine stack per level of
    /// values nested as deep as the parser allows.
    static let hashedDepth = 32

    /// Consistent with `==`: numbers hash by value (`1` and `1.0` alike), objects regardless of member
    /// order; containers deeper than `hashedDepth` count by kind and size only.
    public func hash(into hasher: inout Hasher) {
        hash(into: &hasher, levelsLeft: JSONValue.hashedDepth)
    }

    func hash(into hasher: inout Hasher, levelsLeft: Int) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .number(let value): hasher.combine(2); hasher.combine(value)
        case .string(let value): hasher.combine(3); hasher.combine(value)
        case .array(let elements):
            hasher.combine(4)
            hasher.combine(elements.count)
            guard levelsLeft > 0 else { return }
            for element in elements { element.hash(into: &hasher, levelsLeft: levelsLeft - 1) }
        case .object(let object):
            hasher.combine(5)
            object.hash(into: &hasher, levelsLeft: levelsLeft)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer as a JSON number.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    /// A finite double as a JSON number; infinity and NaN, which JSON cannot write, become `0`.
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value) ?? JSONNumber(0)) }
    /// A JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A JSON array of the elements, in order.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A JSON object with the members in the order written; a repeated key keeps its first place and its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text.
    public var description: String { JSONWriter.compact.string(self) }
}

extension String {
    /// Code-point (UTF-8 byte) equality, unlike `==`, which equates canonically equivalent strings.
    public func hasSameCodePoints(as other: String) -> Bool {
        // Strings with the same code points are canonically equal, so `==` (fast on identical
        // representations) rules out most pairs; only equal ones need the byte comparison.
        self == other && utf8.elementsEqual(other.utf8)
    }
}
