/// Lets objects be `Codable` fields (e.g. an `extra` bag of unknown members); exact with
/// ``JSONValueDecoder``/``JSONValueEncoder``, through ``JSONValue`` with other coders.
extension JSONObject: Codable {
    /// Decodes an object, exactly when the decoder is a ``JSONValueDecoder``'s.
    public init(from decoder: any Decoder) throws {
        self = try decoder.decodeJSON(\.objectValue, expected: "an object")
    }

    /// Encodes the object (member order kept by ``JSONValueEncoder``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(JSONValue.object(self))
    }
}

/// Lets exact numbers be `Codable` fields; the lexeme survives ``JSONValueDecoder``/``JSONValueEncoder``.
extension JSONNumber: Codable {
    /// Decodes a number, keeping its lexeme when the decoder is a ``JSONValueDecoder``'s.
    public init(from decoder: any Decoder) throws {
        self = try decoder.decodeJSON(\.numberValue, expected: "a number")
    }

    /// Encodes the number (lexeme kept by ``JSONValueEncoder``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(JSONValue.number(self))
    }
}
