/// Encodes `Encodable` values as a ``JSONValue`` instead of as bytes.
///
/// Object members keep the order in which `encode(to:)` writes them (so a model can choose its
/// output key order), values of type ``JSONValue``, ``JSONObject`` and ``JSONNumber`` are stored
/// as they are, and numbers that JSON cannot hold (NaN, infinities) are errors with a pointer.
/// Write the result with ``JSONWriter``.
public struct JSONValueEncoder: Sendable {
    /// Context handed to every `encode(to:)` as `encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// An encoder with optional user info.
    public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.userInfo = userInfo
    }

    /// Encodes `value` as a JSON value.
    public func encode<T: Encodable>(_ value: T) throws(JSONEncodingError) -> JSONValue {
        let output = JSONOutput()
        do {
            try JSONTreeEncoder.encode(value, into: output, codingPath: [], userInfo: userInfo.mapValues { $0 })
        } catch let error as JSONEncodingError {
            throw error
        } catch let error as EncodingError {
            guard case .invalidValue(_, let context) = error else { throw JSONEncodingError("\(error)", at: .root) }
            throw JSONEncodingError(context.debugDescription, at: JSONPointer(codingPath: context.codingPath))
        } catch {
            throw JSONEncodingError(String(describing: error), at: .root)
        }
        guard let result = output.value else {
            throw JSONEncodingError("\(T.self) did not encode any value", at: .root)
        }
        return result
    }
}

/// A node of the value being built; containers hold references so nested containers can fill
/// their part after being handed out.
final class JSONOutput {
    enum Content {
        case unset
        case value(JSONValue)
        case object(keys: [String], members: [String: JSONOutput])
        case array([JSONOutput])
    }

    var content: Content = .unset

    /// Makes this an object unless it already is one (a second keyed container adds to the first).
    func becomeObject() {
        if case .object = content { return }
        content = .object(keys: [], members: [:])
    }

    /// Makes this an array unless it already is one.
    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }

    /// The member `key`, created at the end of the object when new (re-encoding keeps its place).
    func member(_ key: String) -> JSONOutput {
        becomeObject()
        guard case .object(var keys, var members) = content else { return JSONOutput() }
        if let existing = members[key] { return existing }
        let child = JSONOutput()
        keys.append(key)
        members[key] = child
        content = .object(keys: keys, members: members)
        return child
    }

    /// A new element at the end of the array.
    func appendElement() -> JSONOutput {
        becomeArray()
        guard case .array(var elements) = content else { return JSONOutput() }
        let child = JSONOutput()
        elements.append(child)
        content = .array(elements)
        return child
    }

    /// The number of elements so far (0 unless an array).
    var elementCount: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }

    /// The finished value; `nil` when nothing was encoded here (children left unset become `{}`).
    var value: JSONValue? {
        switch content {
        case .unset: return nil
        case .value(let value): return value
        case .object(let keys, let members):
            return .object(JSONObject(keys.map { JSONObject.Member(key: $0, value: members[$0]?.value ?? .object(JSONObject())) }))
        case .array(let elements): return .array(elements.map { $0.value ?? .object(JSONObject()) })
        }
    }
}

/// The `Encoder` handed to `encode(to:)`: the output node it fills and its coding path.
final class JSONTreeEncoder: Encoder {
    let output: JSONOutput
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    init(output: JSONOutput, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        self.output = output
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    /// Encodes any value, storing the JSON core's own types as they are.
    static func encode<T: Encodable>(_ value: T, into output: JSONOutput, codingPath: [any CodingKey],
                                     userInfo: [CodingUserInfoKey: Any]) throws
    {
        if let exact = value as? JSONValue {
            output.content = .value(exact)
        } else if let object = value as? JSONObject {
            output.content = .value(.object(object))
        } else if let number = value as? JSONNumber {
            output.content = .value(.number(number))
        } else {
            try value.encode(to: JSONTreeEncoder(output: output, codingPath: codingPath, userInfo: userInfo))
        }
    }

    static func box(_ value: Bool) -> JSONValue { .bool(value) }

    static func box(_ value: String) -> JSONValue { .string(value) }

    /// Integers of any width; values beyond `Int` keep their exact digits.
    static func box<I: FixedWidthInteger>(_ value: I, _ path: [any CodingKey]) throws(JSONEncodingError) -> JSONValue {
        if let integer = Int(exactly: value) { return .number(JSONNumber(integer)) }
        guard let number = JSONNumber(lexeme: String(value)) else {
            throw JSONEncodingError("\(value) is not a JSON number", at: JSONPointer(codingPath: path))
        }
        return .number(number)
    }

    /// Floating-point numbers by their shortest decimal form (`Float(0.1)` is `0.1`, not `0.100000001…`).
    static func box<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, _ path: [any CodingKey])
        throws(JSONEncodingError) -> JSONValue
    {
        guard value.isFinite else {
            throw JSONEncodingError("\(value) is not a JSON number", at: JSONPointer(codingPath: path))
        }
        if let integer = Int(exactly: value) { return .number(JSONNumber(integer)) }
        guard let number = JSONNumber(lexeme: value.description) else {
            throw JSONEncodingError("\(value) is not a JSON number", at: JSONPointer(codingPath: path))
        }
        return .number(number)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        output.becomeObject()
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        output.becomeArray()
        return JSONUnkeyedEncodingContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }
}

extension JSONTreeEncoder: SingleValueEncodingContainer {
    private func set(_ value: JSONValue) { output.content = .value(value) }

    func encodeNil() { set(.null) }
    func encode(_ value: Bool) { set(Self.box(value)) }
    func encode(_ value: String) { set(Self.box(value)) }
    func encode(_ value: Double) throws { set(try Self.box(value, codingPath)) }
    func encode(_ value: Float) throws { set(try Self.box(value, codingPath)) }
    func encode(_ value: Int) throws { set(try Self.box(value, codingPath)) }
    func encode(_ value: Int8) throws { set(try Self.box(value, codingPath)) }
    func encode(_ value: Int16) throws { set(try Self.box(value, codingPath)) }
    func encode(_ value: Int32) throws { set(try Self.box(value, codingPath)) }
    func encode(_ value: Int64) throws { set(try Self.box(value, codingPath)) }
    func encode(_ value: UInt) throws { set(try Self.box(value, codingPath)) }
    func encode(_ value: UInt8) throws { set(try Self.box(value, codingPath)) }
    func encode(_ value: UInt16) throws { set(try Self.box(value, codingPath)) }
    func encode(_ value: UInt32) throws { set(try Self.box(value, codingPath)) }
    func encode(_ value: UInt64) throws { set(try Self.box(value, codingPath)) }
    func encode<T: Encodable>(_ value: T) throws {
        try Self.encode(value, into: output, codingPath: codingPath, userInfo: userInfo)
    }
}
