import FoundationEssentials
import JSONCore
import JSONSchema

/// The message Python's `jsonschema` library gives a validation error: the text Sage's ingestion job
/// stores and compares (`remove_expected_validation_errors` drops errors by exact message), so a
/// tolerated-error rule can name an error exactly as Sage does.
///
/// Rendered for the keywords whose wording is stable across `jsonschema` 3 and 4: `type`, `enum`,
/// `const`, `required`, `additionalProperties` (without `patternProperties`), `anyOf` and `oneOf` (none
/// valid). Other errors have no rendering, so a message rule never matches them.
public enum PythonMessages {
    /// The message of each top-level error of one validation of the document on `tape`, `nil` where not
    /// rendered. Each error's value is found on the tape as `JSONPointer.resolve(in:)` finds it in the
    /// document's tree, and only the values a message shows are made trees.
    public static func messages(for errors: [ValidationError], in tape: JSONTape) -> [String?] {
        tape.withView { view in
            var resolver = TapeResolver(view: view)
            return errors.map { error in
                guard let index = resolver.index(of: error.instanceLocation) else { return nil }
                return message(for: error, among: errors) { view.value(at: index) }
            }
        }
    }

    /// The message of one error whose value exists (`value` makes it); `errors` gives the other extra
    /// members of its object for `additionalProperties`, which Python reports in one message.
    static func message(for error: ValidationError, among errors: [ValidationError], value: () -> JSONValue) -> String? {
        switch error.kind {
        case .type(let expected, _):
            return "\(repr(value())) is not of type \(expected.map { repr(.string($0.rawValue)) }.joined(separator: ", "))"
        case .enumeration(let allowed):
            return "\(repr(value())) is not one of \(repr(.array(allowed)))"
        case .constant(let expected):
            return "\(repr(expected)) was expected"
        case .required(let missing):
            return "\(repr(.string(missing))) is a required property"
        case .additionalProperty:
            // Ours is one error per extra member; Python's is one per object, naming every extra member.
            let object = objectLocation(of: error)
            let extras = errors.compactMap { other -> String? in
                guard case .additionalProperty(let name) = other.kind, objectLocation(of: other) == object,
                      other.keywordLocation == error.keywordLocation else { return nil }
                return repr(.string(name))
            }
            return "Additional properties are not allowed (\(extras.joined(separator: ", ")) \(extras.count == 1 ? "was" : "were") unexpected)"
        case .anyOf, .oneOfNone:
            return "\(repr(value())) is not valid under any of the given schemas"
        default:
            return nil
        }
    }

    /// The object an `additionalProperties` error is about (the error may point at the extra member).
    private static func objectLocation(of error: ValidationError) -> JSONPointer {
        guard case .additionalProperty(let name) = error.kind, error.instanceLocation.lastToken == name,
              let parent = error.instanceLocation.parent else { return error.instanceLocation }
        return parent
    }

    /// Python's `repr` of the value `json.loads` makes of `value`.
    public static func repr(_ value: JSONValue) -> String {
        switch value {
        case .null: return "None"
        case .bool(let flag): return flag ? "True" : "False"
        case .number(let number): return repr(number)
        case .string(let text): return repr(text)
        case .array(let items): return "[" + items.map(repr).joined(separator: ", ") + "]"
        case .object(let object):
            // `json.loads` keeps a repeated key at its first place with its last value.
            var order: [String] = []
            var values: [String: JSONValue] = [:]
            for member in object.members {
                if values.updateValue(member.value, forKey: member.key) == nil { order.append(member.key) }
            }
            return "{" + order.map { repr($0) + ": " + repr(values[$0] ?? .null) }.joined(separator: ", ") + "}"
        }
    }

    /// An `int` for a lexeme without fraction or exponent, else a `float` in Python's shortest form.
    static func repr(_ number: JSONNumber) -> String {
        let lexeme = number.lexeme
        guard lexeme.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else {
            let digits = lexeme.drop { $0 == "-" }.drop { $0 == "0" }
            return digits.isEmpty ? "0" : (lexeme.hasPrefix("-") ? "-" : "") + digits
        }
        return repr(number.doubleValue)
    }

    /// Python's `repr` of a float: the shortest digits that round-trip, fixed notation for decimal
    /// exponents from -4 to 15, else `d.ddde±XX`.
    static func repr(_ double: Double) -> String {
        if double.isInfinite { return double < 0 ? "-inf" : "inf" }
        if double.isNaN { return "nan" }
        let sign = double.sign == .minus ? "-" : ""
        // Swift's description holds the same shortest digits; only the layout differs.
        let text = "\(double.magnitude)"
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let integerPart = mantissa.split(separator: ".", omittingEmptySubsequences: false)[0]
        var digits = String(mantissa.filter { $0 != "." })
        var point = integerPart.count + exponent
        while digits.count > 1, digits.hasPrefix("0") {
            digits.removeFirst()
            point -= 1
        }
        while digits.count > 1, digits.hasSuffix("0") { digits.removeLast() }
        if digits == "0" { return sign + "0.0" }
        if point > -4, point <= 16 {
            if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
            if point >= digits.count { return sign + digits + String(repeating: "0", count: point - digits.count) + ".0" }
            return sign + digits.prefix(point) + "." + digits.dropFirst(point)
        }
        let scientific = point - 1
        let body = digits.count == 1 ? digits : String(digits.prefix(1)) + "." + digits.dropFirst()
        let magnitude = String(abs(scientific))
        return sign + body + "e" + (scientific < 0 ? "-" : "+") + (magnitude.count < 2 ? "0" : "") + magnitude
    }

    /// Python's `repr` of a `str`: single quotes unless only double quotes avoid escaping one.
    static func repr(_ text: String) -> String {
        let quote: Character = text.contains("'") && !text.contains("\"") ? "\"" : "'"
        var out = String(quote)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where Character(scalar) == quote: out += "\\" + String(quote)
            case _ where isPrintable(scalar): out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16)
                let width = scalar.value < 0x100 ? 2 : scalar.value < 0x10000 ? 4 : 8
                out += "\\" + (width == 2 ? "x" : width == 4 ? "u" : "U") + String(repeating: "0", count: width - hex.count) + hex
            }
        }
        return out + String(quote)
    }

    /// Python's `str.isprintable` for one character: every category but other and separator, and the space.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator, .spaceSeparator:
            return false
        default:
            return true
        }
    }
}
