/// Lets `JSONValue` travel through any `Encoder`/`Decoder` (Foundation's JSON coders included).
extension JSONValue: Codable {
    /// Reads whatever single value the decoder holds; a keyed container becomes an object with its keys
    /// sorted, as a decoder does not tell their order.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int.self) {
            self = .number(JSONNumber(integer))
        } else if let double = try? container.decode(Double.self), let number = JSONNumber(double) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([JSONValue].self) {
            self = .array(elements)
        } else if let members = try? container.decode([String: JSONValue].self) {
            self = .object(JSONObject(members.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: $0.value) }))
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    /// Writes the value as a single value: integers that fit `Int` as integers, other numbers as doubles
    /// (their exact lexeme is not kept).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number):
            if let integer = number.intValue, number.isInteger { try container.encode(integer) } else { try container.encode(number.doubleValue) }
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let object):
            try container.encode(Dictionary(object.members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
