import JSONCore

// The model decodes leniently from JSON objects (see `Node.init(_:at:issues:)`); these
// conformances let it travel through any `Codable` coder as well. With `JSONValueDecoder` and
// `JSONValueEncoder` the round trip is exact (member order, number lexemes) and every part's
// pointer is its place in the decoded document; with other coders pointers are relative to the
// decoded value and member order follows that coder. Members of the wrong type are dropped
// silently here: decode a `SurveyDocument` to get them as `issues`.

/// A model part read leniently from a JSON object and written back as its ``json``: the four
/// parts below share one `Codable` implementation through this protocol.
protocol LenientJSONModel: Codable {
    /// What the part is, for the error when the decoded value is not an object ("a node").
    static var modelDescription: String { get }
    init(_ object: JSONObject, at pointer: JSONPointer, issues: inout [ModelIssue])
    var json: JSONValue { get }
}

extension LenientJSONModel {
    /// Decodes the part and its children; the pointer comes from the decoder's coding path.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.decodeJSON(\.objectValue, expected: "an object (\(Self.modelDescription))")
        var issues: [ModelIssue] = []
        self.init(object, at: decoder.jsonPointer, issues: &issues)
    }

    /// Encodes ``json`` so that `JSONValueEncoder` stores it exactly.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(json)
    }
}

extension Node: LenientJSONModel {
    static var modelDescription: String { "a node" }
}

extension SurveyRule: LenientJSONModel {
    static var modelDescription: String { "a survey rule" }
}

extension Choice: LenientJSONModel {
    static var modelDescription: String { "a choice" }
}

extension InputItem: LenientJSONModel {
    static var modelDescription: String { "an input item" }
}
