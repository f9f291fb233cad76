import JSONCore

/// A part of a survey the model could not read as the format describes (wrong JSON type, etc.).
public struct ModelIssue: Sendable, Hashable {
    /// Where the value is, and what is wrong with it.
    public let pointer: JSONPointer, message: String

    /// The issue for a problem the model's decoding reported.
    init(_ problem: JSONDecodingError) {
        pointer = problem.pointer
        let key = problem.pointer.lastToken ?? ""
        switch problem.kind {
        case .typeMismatch(_, let found) where JSONPointer.arrayIndex(key) != nil:  // only arrays of parts report elements
            message = "\"\(problem.pointer.parent?.lastToken ?? "")\" items must be objects, found \(found.withArticle)"
        case .typeMismatch(let expected, let found): message = "\"\(key)\" must be \(expected), found \(found.withArticle)"
        case .missingKey(let member): message = "the node has no \"\(member)\""
        default: message = problem.message
        }
    }
}

/// Reads one JSON object's members leniently, as the engines' loaders and lint need it: a member of the wrong JSON
/// type is reported at its pointer (see `Decoder.report(_:)`) and, like every member no typed property accepted, kept
/// by ``extra()``; only a part that is not an object throws. Every part of the model is read through one of these.
struct LenientMembers {
    let keyed: KeyedDecodingContainer<JSONCodingKey>
    let decoder: any Decoder
    /// The object as parsed (members are looked up in it directly).
    private let object: JSONObject
    /// The members typed properties took.
    private var accepted: [String] = []

    /// The members of the object a `JSONValueDecoder`'s `decoder` holds; `nil` for other decoders (Foundation's),
    /// whose part then reads its JSON value once and decodes that through a `JSONValueDecoder`, at the same pointer.
    /// When the value is no object, throws a type mismatch naming the `part` expected ("a node").
    init?(_ decoder: any Decoder, part: String) throws {
        guard let value = decoder.jsonValue else { return nil }
        guard case .object(let object) = value else {
            throw JSONDecodingError(.typeMismatch(expected: "an object (\(part))", found: value.primitiveType), at: decoder.jsonPointer)
        }
        self.object = object
        self.decoder = decoder
        keyed = try decoder.container(keyedBy: JSONCodingKey.self)
    }

    /// Whether the object has the member.
    func contains(_ key: some CodingKey) -> Bool { object[key.stringValue] != nil }

    /// Any value (`null` included), as written; `nil` when absent.
    func value(_ key: some CodingKey) -> JSONValue? { object[key.stringValue] }

    /// Marks the member as read into a typed property, so ``extra()`` leaves it out.
    mutating func accept(_ key: some CodingKey) { accepted.append(key.stringValue) }

    /// The member as `read` takes it from its value (or, for parts, from the container); `nil` when absent, or when
    /// `read` cannot take it: it then stays in ``extra()`` and, when `reporting`, is reported as not `expected`.
    mutating func take<T>(_ key: some CodingKey, _ expected: JSONPrimitiveType, reporting: Bool = true,
                          _ read: (JSONValue, KeyedDecodingContainer<JSONCodingKey>) throws -> T?) -> T? {
        guard let value = value(key) else { return nil }
        if let result = try? read(value, keyed) {
            accept(key)
            return result
        }
        if reporting, decoder.collectsProblems {
            decoder.report(JSONDecodingError(.typeMismatch(expected: expected.withArticle, found: value.primitiveType),
                                             at: decoder.jsonPointer.appending(key.stringValue)))
        }
        return nil
    }

    /// The member's payload of one JSON type; `nil` when absent or of another type (then reported).
    mutating func payload<P>(_ key: some CodingKey, _ type: JSONPrimitiveType, _ extract: (JSONValue) -> P?) -> P? {
        take(key, type) { value, _ in extract(value) }
    }

    /// A string, boolean or (exact) number member.
    mutating func string(_ key: some CodingKey) -> String? { payload(key, .string, \.stringValue) }
    mutating func bool(_ key: some CodingKey) -> Bool? { payload(key, .boolean, \.boolValue) }
    mutating func number(_ key: some CodingKey) -> JSONNumber? { payload(key, .number, \.numberValue) }

    /// A part (an object) decoded with its pointer.
    mutating func decode<T: Decodable>(_ type: T.Type, _ key: some CodingKey, reporting: Bool = true) -> T? {
        take(key, .object, reporting: reporting) { _, keyed in try keyed.decode(T.self, forKey: JSONCodingKey(key)) }
    }

    /// An array of parts: elements that are not objects are reported and skipped.
    mutating func parts<T: Decodable>(_ type: T.Type, _ key: some CodingKey) -> [T]? {
        guard var elements = take(key, .array, { _, keyed in try keyed.nestedUnkeyedContainer(forKey: JSONCodingKey(key)) }) else { return nil }
        var parts: [T] = []
        parts.reserveCapacity(elements.count ?? 0)
        while !elements.isAtEnd {
            let index = elements.currentIndex
            if let part = try? elements.decode(T.self) { parts.append(part); continue }
            // A failed read does not advance: read the element as a value to report it and move on.
            guard let skipped = try? elements.decode(JSONValue.self) else { break }
            decoder.report(JSONDecodingError(.typeMismatch(expected: "an object", found: skipped.primitiveType),
                                             at: decoder.jsonPointer.appending(key.stringValue).appending(index: index)))
        }
        return parts
    }

    /// `part` with `fields` read into it.
    mutating func read<Part, Key>(_ fields: [Field<Part, Key>], into part: Part) throws -> Part {
        try fields.reduce(into: part) { part, field in try field.read(&part, &self) }
    }

    /// The members no typed property accepted, in document order (by name from Foundation's decoder, which sorts them).
    func extra() -> JSONObject {
        accepted.count == object.count ? JSONObject() : JSONObject(object.members.filter { !accepted.contains($0.key) })
    }
}

/// One typed member of a part: its key and the property it fills. A member that is absent, or of another JSON
/// type (reported), leaves the property as it is; a `nil` property is not written. Immutable, and its closures
/// capture only the key and the key path, hence unchecked.
struct Field<Part, Key: CodingKey>: @unchecked Sendable {
    let read: (inout Part, inout LenientMembers) throws -> Void
    let write: (Part, inout KeyedEncodingContainer<JSONCodingKey>) throws -> Void

    /// The property at `path`.
    typealias Path<T> = WritableKeyPath<Part, T?>

    /// A member `get` reads and `put` turns into what is written.
    static func member<T, Written: Encodable>(_ key: Key, _ path: Path<T>, get: @escaping (inout LenientMembers, Key) -> T?,
                                              put: @escaping (T) -> Written) -> Field {
        Field(read: { part, members in
            if let value = get(&members, key) { part[keyPath: path] = value }
        }, write: { part, container in
            if let value = part[keyPath: path] { try container.encode(put(value), forKey: JSONCodingKey(key)) }
        })
    }

    /// A member of a property that always has a value: set when `get` reads one, always written.
    static func always<T, Written: Encodable>(_ key: Key, _ path: WritableKeyPath<Part, T>, get: @escaping (inout LenientMembers, Key) throws -> T?,
                                              put: @escaping (T) -> Written) -> Field {
        Field(read: { part, members in if let value = try get(&members, key) { part[keyPath: path] = value } },
              write: { part, container in try container.encode(put(part[keyPath: path]), forKey: JSONCodingKey(key)) })
    }

    /// A string, boolean or (exact) number member, or one of any JSON type (`null` included).
    static func string(_ key: Key, _ path: Path<String>) -> Field { member(key, path, get: { $0.string($1) }, put: { $0 }) }
    static func bool(_ key: Key, _ path: Path<Bool>) -> Field { member(key, path, get: { $0.bool($1) }, put: { $0 }) }
    static func number(_ key: Key, _ path: Path<JSONNumber>) -> Field { member(key, path, get: { $0.number($1) }, put: { $0 }) }
    static func value(_ key: Key, _ path: Path<JSONValue>) -> Field { member(key, path, get: { $0.payload($1, .null) { $0 } }, put: { $0 }) }
    /// A part (an object), or an array of parts.
    static func part<T: Codable>(_ key: Key, _ path: Path<T>) -> Field { member(key, path, get: { $0.decode(T.self, $1) }, put: { $0 }) }
    static func parts<T: Codable>(_ key: Key, _ path: Path<[T]>) -> Field { member(key, path, get: { $0.parts(T.self, $1) }, put: { $0 }) }

    /// A string read as a `T` (`make`) and written as its description.
    static func name<T: CustomStringConvertible>(_ key: Key, _ path: Path<T>, _ make: @escaping (String) -> T) -> Field {
        member(key, path, get: { $0.string($1).map(make) }, put: \.description)
    }
}

/// A part of the model that is one JSON object of its own: the members ``fields`` type, and the others in `extra`.
protocol ObjectPart: Codable {
    associatedtype CodingKeys: CodingKey
    /// How a decoding error names the part ("a choice").
    static var partName: String { get }
    /// The typed members, in the order they are written.
    static var fields: [Field<Self, CodingKeys>] { get }
    /// Members the part does not type, kept for round trips.
    var extra: JSONObject { get set }
    /// The part without members, at `pointer`.
    init(at pointer: JSONPointer)
}

extension ObjectPart {
    /// Decodes the part (its pointer is the decoder's); throws when it is not an object.
    public init(from decoder: any Decoder) throws {
        guard var members = try LenientMembers(decoder, part: Self.partName) else {
            self = try JSONValueDecoder().decode(Self.self, from: JSONValue(from: decoder), at: decoder.jsonPointer)
            return
        }
        self = try members.read(Self.fields, into: Self(at: decoder.jsonPointer))
        extra = members.extra()
    }

    /// Writes the typed members, then `extra`.
    public func encode(to encoder: any Encoder) throws {
        try encoder.encode(Self.fields, of: self)
        for member in extra { try encoder.encode(member.value, forKey: JSONCodingKey(stringValue: member.key)) }
    }
}

extension Encoder {
    /// Writes `fields` of `part`.
    func encode<Part, Key>(_ fields: [Field<Part, Key>], of part: Part) throws {
        var container = container(keyedBy: JSONCodingKey.self)
        for field in fields { try field.write(part, &container) }
    }

    /// Writes `value` under `key`, unless it is `nil`.
    func encode(_ value: (some Encodable)?, forKey key: some CodingKey) throws {
        var container = container(keyedBy: JSONCodingKey.self)
        try container.encodeIfPresent(value, forKey: JSONCodingKey(key))
    }
}
