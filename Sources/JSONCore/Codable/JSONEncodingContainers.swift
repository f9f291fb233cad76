/// Writes object members in the order `encode(to:)` encodes them.
struct JSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONTreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func path(_ key: any CodingKey) -> [any CodingKey] { codingPath + [key] }

    private func set(_ value: JSONValue, _ key: Key) { encoder.output.member(key.stringValue).content = .value(value) }

    private func nestedEncoder(_ key: any CodingKey) -> JSONTreeEncoder {
        JSONTreeEncoder(output: encoder.output.member(key.stringValue), codingPath: path(key), userInfo: encoder.userInfo)
    }

    mutating func encodeNil(forKey key: Key) { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) { set(JSONTreeEncoder.box(value), key) }
    mutating func encode(_ value: String, forKey key: Key) { set(JSONTreeEncoder.box(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(try JSONTreeEncoder.box(value, path(key)), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(try JSONTreeEncoder.box(value, path(key)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(try JSONTreeEncoder.box(value, path(key)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(try JSONTreeEncoder.box(value, path(key)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(try JSONTreeEncoder.box(value, path(key)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(try JSONTreeEncoder.box(value, path(key)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(try JSONTreeEncoder.box(value, path(key)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(try JSONTreeEncoder.box(value, path(key)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(try JSONTreeEncoder.box(value, path(key)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(try JSONTreeEncoder.box(value, path(key)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(try JSONTreeEncoder.box(value, path(key)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(try JSONTreeEncoder.box(value, path(key)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try JSONTreeEncoder.encode(value, into: encoder.output.member(key.stringValue), codingPath: path(key), userInfo: encoder.userInfo)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        nestedEncoder(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nestedEncoder(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { nestedEncoder(JSONCodingKey.superKey) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { nestedEncoder(key) }
}

/// Appends array elements.
struct JSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: JSONTreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.output.elementCount }

    private var nextPath: [any CodingKey] { codingPath + [JSONCodingKey(intValue: count)] }

    private func append(_ value: JSONValue) { encoder.output.appendElement().content = .value(value) }

    private func nestedEncoder() -> JSONTreeEncoder {
        let path = nextPath
        return JSONTreeEncoder(output: encoder.output.appendElement(), codingPath: path, userInfo: encoder.userInfo)
    }

    mutating func encodeNil() { append(.null) }
    mutating func encode(_ value: Bool) { append(JSONTreeEncoder.box(value)) }
    mutating func encode(_ value: String) { append(JSONTreeEncoder.box(value)) }
    mutating func encode(_ value: Double) throws { append(try JSONTreeEncoder.box(value, nextPath)) }
    mutating func encode(_ value: Float) throws { append(try JSONTreeEncoder.box(value, nextPath)) }
    mutating func encode(_ value: Int) throws { append(try JSONTreeEncoder.box(value, nextPath)) }
    mutating func encode(_ value: Int8) throws { append(try JSONTreeEncoder.box(value, nextPath)) }
    mutating func encode(_ value: Int16) throws { append(try JSONTreeEncoder.box(value, nextPath)) }
    mutating func encode(_ value: Int32) throws { append(try JSONTreeEncoder.box(value, nextPath)) }
    mutating func encode(_ value: Int64) throws { append(try JSONTreeEncoder.box(value, nextPath)) }
    mutating func encode(_ value: UInt) throws { append(try JSONTreeEncoder.box(value, nextPath)) }
    mutating func encode(_ value: UInt8) throws { append(try JSONTreeEncoder.box(value, nextPath)) }
    mutating func encode(_ value: UInt16) throws { append(try JSONTreeEncoder.box(value, nextPath)) }
    mutating func encode(_ value: UInt32) throws { append(try JSONTreeEncoder.box(value, nextPath)) }
    mutating func encode(_ value: UInt64) throws { append(try JSONTreeEncoder.box(value, nextPath)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        try JSONTreeEncoder.encode(value, into: encoder.output.appendElement(), codingPath: path, userInfo: encoder.userInfo)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nestedEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nestedEncoder().unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { nestedEncoder() }
}
