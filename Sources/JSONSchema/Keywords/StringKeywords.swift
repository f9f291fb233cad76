import ECMARegex
import JSONCore
import JSONFormats

/// `pattern`: a string instance must match the ECMA-262 regular expression somewhere.
final class PatternKeyword: AssertionKeyword {
    let location: KeywordLocation
    let regex: ECMARegex

    init(location: KeywordLocation, regex: ECMARegex) {
        self.location = location
        self.regex = regex
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        guard case .string(let pattern) = site.object["pattern"] else {
            throw site.invalid("pattern", expected: "a regular expression string", compiler)
        }
        return PatternKeyword(location: site.keyword("pattern"),
                              regex: try compiler.regex(pattern, at: site.location.appending("pattern")))
    }

    func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        guard instance.kind == .string, !regex.matches(utf8: instance.tape.bytes(instance.index)) else { return nil }
        return .pattern(regex.pattern)
    }
}

/// `format`: asserted for the draft-07 formats unless format assertion is off; unknown formats pass.
final class FormatKeyword: AssertionKeyword {
    let location: KeywordLocation
    let name: String
    let check: @Sendable (String) -> Bool

    init(location: KeywordLocation, name: String, check: @escaping @Sendable (String) -> Bool) {
        self.location = location
        self.name = name
        self.check = check
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        guard case .string(let name) = site.object["format"] else {
            throw site.invalid("format", expected: "a format name string", compiler)
        }
        let check: @Sendable (String) -> Bool
        if name == "regex" {
            check = { (try? ECMARegex($0)) != nil }
        } else if let format = StringFormat(rawValue: name) {
            check = { format.accepts($0) }
        } else {
            return nil
        }
        return FormatKeyword(location: site.keyword("format"), name: name, check: check)
    }

    func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        guard context.assertFormat, instance.kind == .string, !check(instance.string) else { return nil }
        return .format(name)
    }
}
