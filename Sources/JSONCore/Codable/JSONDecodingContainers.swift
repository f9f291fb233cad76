/// Reads the members of a JSON object for a `Decodable` type's coding keys.
struct JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let decoder: JSONTreeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    /// The members whose names are keys of `Key`, in document order.
    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func member(_ key: Key) throws(JSONDecodingError) -> JSONValue {
        guard let value = object[key.stringValue] else {
            throw JSONDecodingError(.missingKey(key.stringValue), at: decoder.pointer)
        }
        return value
    }

    private func path(_ key: any CodingKey) -> JSONPointer { decoder.pointer.appending(key.stringValue) }

    private func nestedDecoder(_ value: JSONValue, _ key: any CodingKey) -> JSONTreeDecoder {
        JSONTreeDecoder(value: value, pointer: path(key), context: decoder.context)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try JSONTreeDecoder.bool(member(key), path(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try JSONTreeDecoder.string(member(key), path(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try JSONTreeDecoder.double(member(key), path(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try JSONTreeDecoder.float(member(key), path(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try JSONTreeDecoder.integer(member(key), path(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try JSONTreeDecoder.integer(member(key), path(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try JSONTreeDecoder.integer(member(key), path(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try JSONTreeDecoder.integer(member(key), path(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try JSONTreeDecoder.integer(member(key), path(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try JSONTreeDecoder.integer(member(key), path(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try JSONTreeDecoder.integer(member(key), path(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try JSONTreeDecoder.integer(member(key), path(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try JSONTreeDecoder.integer(member(key), path(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try JSONTreeDecoder.integer(member(key), path(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try JSONTreeDecoder.decode(type, from: member(key), at: path(key), context: decoder.context)
    }

    /// Like the default, except that an explicit `null` read as `JSONValue?` is `.null`, not `nil`,
    /// so absent and `null` members stay distinguishable (e.g. a rule's `matchingAnswer`).
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = object[key.stringValue] else { return nil }
        if T.self == JSONValue.self, let exact = value as? T { return exact }
        if value.isNull { return nil }
        return try JSONTreeDecoder.decode(type, from: value, at: path(key), context: decoder.context)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try nestedDecoder(member(key), key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try nestedDecoder(member(key), key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        nestedDecoder(object[JSONCodingKey.superKey.stringValue] ?? .null, JSONCodingKey.superKey)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        nestedDecoder(object[key.stringValue] ?? .null, key)
    }
}

/// Reads the elements of a JSON array in order; a failed read does not advance.
struct JSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let decoder: JSONTreeDecoder
    private(set) var currentIndex = 0

    init(elements: [JSONValue], decoder: JSONTreeDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// Reads the current element with `read` and moves on only when it succeeds.
    private mutating func next<R>(_ read: (JSONValue, JSONPointer) throws -> R) throws -> R {
        guard !isAtEnd else {
            throw JSONDecodingError(.endOfArray, at: decoder.pointer)
        }
        let result = try read(elements[currentIndex], decoder.pointer.appending(index: currentIndex))
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw JSONDecodingError(.endOfArray, at: decoder.pointer) }
        guard elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(JSONTreeDecoder.bool) }
    mutating func decode(_ type: String.Type) throws -> String { try next(JSONTreeDecoder.string) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(JSONTreeDecoder.double) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(JSONTreeDecoder.float) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(JSONTreeDecoder.integer) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(JSONTreeDecoder.integer) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(JSONTreeDecoder.integer) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(JSONTreeDecoder.integer) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(JSONTreeDecoder.integer) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(JSONTreeDecoder.integer) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(JSONTreeDecoder.integer) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(JSONTreeDecoder.integer) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(JSONTreeDecoder.integer) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(JSONTreeDecoder.integer) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let context = decoder.context
        return try next { value, pointer in try JSONTreeDecoder.decode(type, from: value, at: pointer, context: context) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let context = decoder.context
        return try next { value, pointer in
            try JSONTreeDecoder(value: value, pointer: pointer, context: context).container(keyedBy: type)
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let context = decoder.context
        return try next { value, pointer in try JSONTreeDecoder(value: value, pointer: pointer, context: context).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        let context = decoder.context
        return try next { value, pointer in JSONTreeDecoder(value: value, pointer: pointer, context: context) }
    }
}
