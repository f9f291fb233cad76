import JSONCore

/// A part of a survey the model could not read as the format describes (wrong JSON type, etc.).
public struct ModelIssue: Sendable, Hashable {
    /// Where the value is.
    public let pointer: JSONPointer
    /// What is wrong with it.
    public let message: String
}

/// Reads the members of one JSON object into typed fields, keeping unknown members for
/// round-tripping and recording members of the wrong type as issues.
struct ObjectReader {
    let object: JSONObject
    let pointer: JSONPointer
    private(set) var consumed: Set<String> = []
    var issues: [ModelIssue] = []

    init(_ object: JSONObject, at pointer: JSONPointer) {
        self.object = object
        self.pointer = pointer
    }

    /// The members not read as typed fields, in document order.
    var extra: JSONObject {
        JSONObject(object.members.filter { !consumed.contains($0.key) })
    }

    private mutating func wrongType(_ key: String, _ expected: JSONPrimitiveType, _ found: JSONValue) {
        issues.append(ModelIssue(pointer: pointer.appending(key),
                                 message: "\"\(key)\" must be \(expected.withArticle), found \(found.primitiveType.withArticle)"))
    }

    mutating func string(_ key: String) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value else {
            wrongType(key, .string, value)
            return nil
        }
        consumed.insert(key)
        return text
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let flag) = value else {
            wrongType(key, .boolean, value)
            return nil
        }
        consumed.insert(key)
        return flag
    }

    mutating func number(_ key: String) -> JSONNumber? {
        guard let value = object[key] else { return nil }
        guard case .number(let number) = value else {
            wrongType(key, .number, value)
            return nil
        }
        consumed.insert(key)
        return number
    }

    /// A `regExValidator` object with a string `pattern` (its other members kept in its `extra`); anything
    /// else stays among the unread members, as the apps ignore it.
    mutating func regExValidator(_ key: String) -> RegExValidator? {
        guard case .object(let object)? = object[key], case .string(let pattern)? = object["pattern"] else { return nil }
        consumed.insert(key)
        var inner = ObjectReader(object, at: pointer.appending(key))
        _ = inner.string("pattern")
        let message = inner.string("invalidMessage")
        issues += inner.issues
        return RegExValidator(pattern: pattern, invalidMessage: message, pointer: pointer.appending(key), extra: inner.extra)
    }

    /// Any JSON value (kept as is).
    mutating func value(_ key: String) -> JSONValue? {
        guard let value = object[key] else { return nil }
        consumed.insert(key)
        return value
    }

    mutating func array(_ key: String) -> [JSONValue]? {
        guard let value = object[key] else { return nil }
        guard case .array(let elements) = value else {
            wrongType(key, .array, value)
            return nil
        }
        consumed.insert(key)
        return elements
    }

    mutating func objectValue(_ key: String) -> JSONObject? {
        guard let value = object[key] else { return nil }
        guard case .object(let nested) = value else {
            wrongType(key, .object, value)
            return nil
        }
        consumed.insert(key)
        return nested
    }

    /// An array of objects, each with its pointer; non-objects are issues.
    mutating func objects(_ key: String) -> [(JSONObject, JSONPointer)]? {
        guard let elements = array(key) else { return nil }
        var result: [(JSONObject, JSONPointer)] = []
        for (index, element) in elements.enumerated() {
            let elementPointer = pointer.appending(key).appending(index: index)
            guard case .object(let nested) = element else {
                issues.append(ModelIssue(pointer: elementPointer, message: "\"\(key)\" items must be objects, found \(element.primitiveType.withArticle)"))
                continue
            }
            result.append((nested, elementPointer))
        }
        return result
    }
}

/// Builds JSON objects with known keys first and preserved unknown keys after.
struct ObjectWriter {
    private(set) var object = JSONObject()

    mutating func set(_ key: String, _ value: JSONValue?) {
        if let value { object[key] = value }
    }

    mutating func set(_ key: String, _ text: String?) {
        if let text { object[key] = .string(text) }
    }

    mutating func set(_ key: String, _ flag: Bool?) {
        if let flag { object[key] = .bool(flag) }
    }

    mutating func set(_ key: String, _ number: JSONNumber?) {
        if let number { object[key] = .number(number) }
    }

    mutating func append(_ extra: JSONObject) {
        for member in extra where object[member.key] == nil { object[member.key] = member.value }
    }
}
