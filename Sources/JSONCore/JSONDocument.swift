/// A parsed JSON text: its value, its repeated keys and, when asked for, where each value stands.
public struct JSONDocument: Sendable {
    /// The root value.
    public let value: JSONValue
    /// Every key that an object repeats, in document order.
    public let duplicateKeys: [DuplicateKey]
    /// The source range of every value, present when parsed with `recordPositions`.
    public let sourceMap: SourceMap?

    /// Parses strict JSON from UTF-8 bytes.
    public init(bytes: [UInt8], options: JSONParser.Options = .init()) throws(JSONParseError) {
        self = try JSONParser(options: options).parse(bytes)
    }

    /// Parses strict JSON from a string.
    public init(text: String, options: JSONParser.Options = .init()) throws(JSONParseError) {
        try self.init(bytes: Array(text.utf8), options: options)
    }

    init(value: JSONValue, duplicateKeys: [DuplicateKey], sourceMap: SourceMap?) {
        self.value = value
        self.duplicateKeys = duplicateKeys
        self.sourceMap = sourceMap
    }
}

/// A key that appears more than once in the same object; the last value wins.
public struct DuplicateKey: Sendable, Hashable {
    /// The object that repeats the key.
    public let object: JSONPointer
    /// The repeated key.
    public let key: String
    /// Where the repetition's key stands.
    public let position: SourcePosition
    /// Where the key first appeared.
    public let firstPosition: SourcePosition
}
