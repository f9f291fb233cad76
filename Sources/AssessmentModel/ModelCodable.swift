import JSONCore

// The model decodes leniently from JSON objects (see `Node.init(_:at:issues:)`); these
// conformances let it travel through any `Codable` coder as well. With `JSONValueDecoder` and
// `JSONValueEncoder` the round trip is exact (member order, number lexemes) and every part's
// pointer is its place in the decoded document; with other coders pointers are relative to the
// decoded value and member order follows that coder. Members of the wrong type are dropped
// silently here: decode a `SurveyDocument` to get them as `issues`.

/// The object being decoded and its pointer, for the model's `init(from:)`.
private func modelObject(from decoder: any Decoder, _ what: String) throws -> (JSONObject, JSONPointer) {
    let value = try decoder.jsonValue ?? JSONValue(from: decoder)
    guard case .object(let object) = value else {
        throw JSONDecodingError(.typeMismatch(expected: "an object (\(what))", found: value.primitiveType), at: decoder.jsonPointer)
    }
    return (object, decoder.jsonPointer)
}

/// Encodes `json` so that `JSONValueEncoder` stores it exactly.
private func encodeModel(_ json: JSONValue, to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(json)
}

extension Node: Codable {
    /// Decodes a node and its children; the pointer comes from the decoder's coding path.
    public init(from decoder: any Decoder) throws {
        let (object, pointer) = try modelObject(from: decoder, "a node")
        var issues: [ModelIssue] = []
        self.init(object, at: pointer, issues: &issues)
    }

    /// Encodes ``json``.
    public func encode(to encoder: any Encoder) throws { try encodeModel(json, to: encoder) }
}

extension SurveyRule: Codable {
    /// Decodes a rule; the pointer comes from the decoder's coding path.
    public init(from decoder: any Decoder) throws {
        let (object, pointer) = try modelObject(from: decoder, "a survey rule")
        var issues: [ModelIssue] = []
        self.init(object, at: pointer, issues: &issues)
    }

    /// Encodes ``json``.
    public func encode(to encoder: any Encoder) throws { try encodeModel(json, to: encoder) }
}

extension Choice: Codable {
    /// Decodes a choice; the pointer comes from the decoder's coding path.
    public init(from decoder: any Decoder) throws {
        let (object, pointer) = try modelObject(from: decoder, "a choice")
        var issues: [ModelIssue] = []
        self.init(object, at: pointer, issues: &issues)
    }

    /// Encodes ``json``.
    public func encode(to encoder: any Encoder) throws { try encodeModel(json, to: encoder) }
}

extension InputItem: Codable {
    /// Decodes an input item; the pointer comes from the decoder's coding path.
    public init(from decoder: any Decoder) throws {
        let (object, pointer) = try modelObject(from: decoder, "an input item")
        var issues: [ModelIssue] = []
        self.init(object, at: pointer, issues: &issues)
    }

    /// Encodes ``json``.
    public func encode(to encoder: any Encoder) throws { try encodeModel(json, to: encoder) }
}
