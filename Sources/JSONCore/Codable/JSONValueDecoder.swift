/// Decodes `Decodable` types from a parsed ``JSONValue`` instead of from bytes.
///
/// Unlike Foundation's `JSONDecoder` it keeps what our parser keeps: numbers decode exactly
/// (an `Int` field accepts `1.0` but not `1.5`, a `Bool` never accepts a number), fields of type
/// ``JSONValue``, ``JSONObject`` or ``JSONNumber`` receive the value as parsed (member order and
/// number lexemes included), and every error is a ``JSONDecodingError`` with the JSON Pointer of
/// the offending value.
public struct JSONValueDecoder: Sendable {
    /// Context handed to every `init(from:)` as `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// A decoder with optional user info.
    public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.userInfo = userInfo
    }

    /// Decodes `type` from `value`; `pointer` says where `value` sits in its document, so errors
    /// (and `decoder.codingPath`) are relative to the document root.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at pointer: JSONPointer = .root)
        throws(JSONDecodingError) -> T
    {
        try decode(type, from: value, at: pointer, problems: nil)
    }

    /// Decodes `type` from `value` like ``decode(_:from:at:)``, handing `problems` every problem a
    /// lenient `init(from:)` tolerates (see ``Swift/Decoder/report(_:)``) instead of dropping it.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at pointer: JSONPointer = .root,
                                     collecting problems: JSONDecodingProblems) throws(JSONDecodingError) -> T
    {
        try decode(type, from: value, at: pointer, problems: problems)
    }

    private func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at pointer: JSONPointer,
                                      problems: JSONDecodingProblems?) throws(JSONDecodingError) -> T
    {
        let context = JSONDecodingContext(userInfo: userInfo.mapValues { $0 }, problems: problems)
        do {
            return try JSONTreeDecoder.decode(type, from: value, at: pointer, context: context)
        } catch let error as JSONDecodingError {
            throw error
        } catch let error as DecodingError {
            throw JSONDecodingError(error, root: value, at: pointer)
        } catch {
            throw JSONDecodingError(.invalidValue(String(describing: error)), at: pointer)
        }
    }

    /// Decodes `type` from a parsed document; errors carry the `line:column` of the value when
    /// the document recorded positions.
    public func decode<T: Decodable>(_ type: T.Type, from document: JSONDocument) throws(JSONDecodingError) -> T {
        do {
            return try decode(type, from: document.value)
        } catch {
            var located = error
            located.position = document.sourceMap?.position(of: error.pointer)
            throw located
        }
    }
}

/// Where lenient `init(from:)`s report the problems they tolerate (a member of the wrong type kept
/// aside, a missing member given a default), so one decode reports all of them instead of the first.
/// Hand one to ``JSONValueDecoder/decode(_:from:at:collecting:)``; other decoders drop the reports.
/// One instance serves one decode on one thread.
public final class JSONDecodingProblems: @unchecked Sendable {
    /// The problems in the order they were reported.
    public private(set) var all: [JSONDecodingError] = []

    /// An empty collector.
    public init() {}

    /// Records a problem.
    public func append(_ problem: JSONDecodingError) { all.append(problem) }
}

extension Decoder {
    /// Reports a problem `init(from:)` tolerates: collected when this is the decoder of a
    /// ``JSONValueDecoder`` given a ``JSONDecodingProblems``, else dropped.
    public func report(_ problem: JSONDecodingError) {
        (self as? JSONTreeDecoder)?.context.problems?.append(problem)
    }

    /// True when ``report(_:)`` keeps what it is given, so a caller can skip composing a report nobody reads.
    public var collectsProblems: Bool { (self as? JSONTreeDecoder)?.context.problems != nil }

    /// The value being decoded when this is a ``JSONValueDecoder``'s decoder, else `nil`; lets an
    /// `init(from:)` keep the exact JSON (member order, lexemes) of what it decodes.
    public var jsonValue: JSONValue? { (self as? JSONTreeDecoder)?.value }

    /// The coding path as a JSON Pointer (`/steps/1/choices/2`), for any decoder.
    public var jsonPointer: JSONPointer { (self as? JSONTreeDecoder)?.pointer ?? JSONPointer(codingPath: codingPath) }

    /// The decoded value's payload of one kind (e.g. `\.objectValue`), exact with a
    /// ``JSONValueDecoder``; any other kind throws a type mismatch naming `expected` at ``jsonPointer``.
    public func decodeJSON<Payload>(_ payload: (JSONValue) -> Payload?, expected: String) throws -> Payload {
        let value = try jsonValue ?? JSONValue(from: self)
        guard let result = payload(value) else {
            throw JSONDecodingError(.typeMismatch(expected: expected, found: value.primitiveType), at: jsonPointer)
        }
        return result
    }
}

extension JSONDecodingError {
    /// Restates a `DecodingError` thrown by some `init(from:)` with its pointer and the JSON type found.
    init(_ error: DecodingError, root: JSONValue, at base: JSONPointer) {
        func located(_ context: DecodingError.Context) -> JSONPointer { JSONPointer(codingPath: context.codingPath) }
        func found(at pointer: JSONPointer) -> JSONPrimitiveType? {
            guard pointer.tokens.starts(with: base.tokens) else { return nil }
            let relative = JSONPointer(tokens: Array(pointer.tokens.dropFirst(base.tokens.count)))
            return relative.resolve(in: root)?.primitiveType
        }
        switch error {
        case .typeMismatch(let type, let context):
            let pointer = located(context)
            if let actual = found(at: pointer) {
                self.init(.typeMismatch(expected: "\(type)", found: actual), at: pointer)
            } else {
                self.init(.invalidValue(context.debugDescription), at: pointer)
            }
        case .valueNotFound(let type, let context):
            self.init(.typeMismatch(expected: "\(type)", found: .null), at: located(context))
        case .keyNotFound(let key, let context):
            self.init(.missingKey(key.stringValue), at: located(context))
        case .dataCorrupted(let context):
            self.init(.invalidValue(context.debugDescription), at: located(context))
        @unknown default:
            self.init(.invalidValue(String(describing: error)), at: base)
        }
    }
}

/// What every decoder of one `decode` call shares: the user info and where tolerated problems go.
final class JSONDecodingContext {
    let userInfo: [CodingUserInfoKey: Any]
    let problems: JSONDecodingProblems?

    init(userInfo: [CodingUserInfoKey: Any], problems: JSONDecodingProblems?) {
        self.userInfo = userInfo
        self.problems = problems
    }
}

/// The `Decoder` handed to `init(from:)`: one JSON value and its place in the document (the coding
/// path is built from the pointer only when asked for, so nesting costs no path copies).
final class JSONTreeDecoder: Decoder {
    let value: JSONValue
    let pointer: JSONPointer
    let context: JSONDecodingContext

    init(value: JSONValue, pointer: JSONPointer, context: JSONDecodingContext) {
        self.value = value
        self.pointer = pointer
        self.context = context
    }

    var codingPath: [any CodingKey] { pointer.tokens.map { JSONCodingKey(stringValue: $0) } }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    /// Decodes any type, handing the JSON core's own types their value directly.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at pointer: JSONPointer,
                                     context: JSONDecodingContext) throws -> T
    {
        if T.self == JSONValue.self, let exact = value as? T { return exact }
        if T.self == JSONObject.self {
            guard case .object(let object) = value else { throw mismatch("an object", value, pointer) }
            if let exact = object as? T { return exact }
        }
        if T.self == JSONNumber.self {
            guard case .number(let number) = value else { throw mismatch("a number", value, pointer) }
            if let exact = number as? T { return exact }
        }
        if T.self == String.self {
            guard case .string(let text) = value else { throw mismatch("a string", value, pointer) }
            if let exact = text as? T { return exact }
        }
        return try T(from: JSONTreeDecoder(value: value, pointer: pointer, context: context))
    }

    static func mismatch(_ expected: String, _ value: JSONValue, _ pointer: JSONPointer) -> JSONDecodingError {
        JSONDecodingError(.typeMismatch(expected: expected, found: value.primitiveType), at: pointer)
    }

    static func bool(_ value: JSONValue, _ pointer: JSONPointer) throws(JSONDecodingError) -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("a boolean", value, pointer) }
        return flag
    }

    static func string(_ value: JSONValue, _ pointer: JSONPointer) throws(JSONDecodingError) -> String {
        guard case .string(let text) = value else { throw mismatch("a string", value, pointer) }
        return text
    }

    /// Any integral number that fits, `1.0` and `1e2` included.
    static func integer<I: FixedWidthInteger>(_ value: JSONValue, _ pointer: JSONPointer) throws(JSONDecodingError) -> I {
        guard case .number(let number) = value else { throw mismatch("an integer", value, pointer) }
        if let integer = number.intValue, let result = I(exactly: integer) { return result }
        // Plain integer lexemes beyond `Int` (e.g. a large `UInt64`).
        if number.isInteger, let result = I(number.lexeme, radix: 10) { return result }
        throw JSONDecodingError(.numberOutOfRange(number: number.lexeme, type: "\(I.self)"), at: pointer)
    }

    static func double(_ value: JSONValue, _ pointer: JSONPointer) throws(JSONDecodingError) -> Double {
        guard case .number(let number) = value else { throw mismatch("a number", value, pointer) }
        let result = number.doubleValue
        guard result.isFinite else {
            throw JSONDecodingError(.numberOutOfRange(number: number.lexeme, type: "Double"), at: pointer)
        }
        return result
    }

    static func float(_ value: JSONValue, _ pointer: JSONPointer) throws(JSONDecodingError) -> Float {
        let result = Float(try double(value, pointer))
        guard result.isFinite else {
            throw JSONDecodingError(.numberOutOfRange(number: value.description, type: "Float"), at: pointer)
        }
        return result
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw Self.mismatch("an object", value, pointer) }
        return KeyedDecodingContainer(JSONKeyedDecodingContainer<Key>(object: object, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw Self.mismatch("an array", value, pointer) }
        return JSONUnkeyedDecodingContainer(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

extension JSONTreeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try Self.bool(value, pointer) }
    func decode(_ type: String.Type) throws -> String { try Self.string(value, pointer) }
    func decode(_ type: Double.Type) throws -> Double { try Self.double(value, pointer) }
    func decode(_ type: Float.Type) throws -> Float { try Self.float(value, pointer) }
    func decode(_ type: Int.Type) throws -> Int { try Self.integer(value, pointer) }
    func decode(_ type: Int8.Type) throws -> Int8 { try Self.integer(value, pointer) }
    func decode(_ type: Int16.Type) throws -> Int16 { try Self.integer(value, pointer) }
    func decode(_ type: Int32.Type) throws -> Int32 { try Self.integer(value, pointer) }
    func decode(_ type: Int64.Type) throws -> Int64 { try Self.integer(value, pointer) }
    func decode(_ type: UInt.Type) throws -> UInt { try Self.integer(value, pointer) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try Self.integer(value, pointer) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try Self.integer(value, pointer) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try Self.integer(value, pointer) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try Self.integer(value, pointer) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try Self.decode(type, from: value, at: pointer, context: context)
    }
}
