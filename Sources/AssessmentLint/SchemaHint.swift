import AssessmentModel
import FoundationEssentials
import Platform
import JSONCore
import JSONSchema

/// How lint tells a schema error on a survey member: the member named, and the value meant when one is
/// clearly meant (`"int"` → `"integer"`, `"equals"` → `"eq"`, `"24"` → `24`). Only wrong values and wrong
/// types of a member get one; every other schema message stays the validator's.
struct SchemaHint {
    /// The message, without the step prefix and the keyword suffix.
    let message: String
    /// The value to write instead, when one is clearly meant.
    let meant: JSONValue?

    /// The hint for an error in `instance`, or `nil` when the error is not about one member's value.
    init?(_ error: ValidationError, in instance: JSONValue) {
        let location = error.instanceLocation
        guard let member = location.lastToken, case .object? = location.parent?.resolve(in: instance),
              let value = location.resolve(in: instance) else { return nil }
        switch (error.kind, value) {
        case (.enumeration(let allowed), .string(let text)):
            meant = Self.meant(text, among: allowed.compactMap(\.stringValue)).map(JSONValue.string)
        case (.type(let expected, .string), .string(let text)):
            meant = Self.meant(text, as: expected)
        case (.enumeration, _), (.type, _):
            meant = nil
        default:
            return nil
        }
        let name = JSONWriter.compact.string(.string(member))
        message = "\(name): \(error.message)" + (meant.map { "; did you mean \(JSONWriter.compact.string($0))?" } ?? "")
    }

    /// The allowed string `text` stands for: one a typo away, the Kotlin engine's name for a rule
    /// operator (`Equal`, `LessThan`…) or a symbol (`==`, `<`), else the only one `text` starts or begins.
    static func meant(_ text: String, among allowed: [String]) -> String? {
        if let close = Suggestion.closest(to: text, among: allowed) { return close }
        let folded = text.lowercased()
        if let alias = aliases[folded], allowed.contains(alias) { return alias }
        guard folded.count >= 2 else { return nil }
        let prefixed = allowed.filter { folded.hasPrefix($0.lowercased()) || $0.lowercased().hasPrefix(folded) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// The value a string stands for when the schema wants a number (`"24"`) or a boolean (`"true"`).
    static func meant(_ text: String, as expected: [JSONPrimitiveType]) -> JSONValue? {
        let trimmed = text.trimmingWhitespace()
        if expected.contains(.boolean), trimmed == "true" || trimmed == "false" { return .bool(trimmed == "true") }
        guard expected.contains(.number) || expected.contains(.integer), let number = JSONNumber(lexeme: trimmed),
              expected.contains(.number) || number.isInteger else { return nil }
        return .number(number)
    }

    /// Rule operators as the Kotlin engine's `SurveyRuleOperator` constants and as symbols, to the format's names.
    private static let aliases: [String: String] = [
        "equal": "eq", "notequal": "ne", "lessthan": "lt", "greaterthan": "gt", "lessthanequal": "le", "greaterthanequal": "ge",
        "=": "eq", "==": "eq", "!=": "ne", "<": "lt", ">": "gt", "<=": "le", ">=": "ge",
    ]
}
