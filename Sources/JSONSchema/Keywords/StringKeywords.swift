import ECMARegex
import JSONCore
import JSONFormats

/// `pattern`: a string instance must match the ECMA-262 regular expression somewhere.
final class PatternKeyword: AssertionKeyword, @unchecked Sendable {
    let regex: ECMARegex

    init(location: KeywordLocation, regex: ECMARegex) {
        self.regex = regex
        super.init(location: location)
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        guard case .string(let pattern) = site.object["pattern"] else {
            throw site.invalid("pattern", expected: "a regular expression string", compiler)
        }
        return PatternKeyword(location: site.keyword("pattern"),
                              regex: try compiler.regex(pattern, at: site.location.appending("pattern")))
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        instance.kind != .string || regex.search(utf8: instance.bytes) == .match
    }

    override func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        guard instance.kind == .string else { return nil }
        switch regex.search(utf8: instance.bytes) {
        case .match: return nil
        case .noMatch: return .pattern(regex.pattern)
        case .budgetExhausted: return .patternUndecided(regex.pattern)
        }
    }
}

/// `format`: asserted for the draft-07 formats unless format assertion is off; unknown formats pass.
/// Strings are checked on their UTF-8 bytes in place (see `StringFormat.accepts(utf8:)`).
final class FormatKeyword: AssertionKeyword, @unchecked Sendable {
    let name: String
    /// The format checked, or `nil` for `regex` (a pattern our ECMA-262 engine compiles).
    let format: StringFormat?

    init(location: KeywordLocation, name: String, format: StringFormat?) {
        self.name = name
        self.format = format
        super.init(location: location)
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        guard case .string(let name) = site.object["format"] else {
            throw site.invalid("format", expected: "a format name string", compiler)
        }
        let format = StringFormat(rawValue: name)
        guard format != nil || name == "regex" else { return nil }
        return FormatKeyword(location: site.keyword("format"), name: name, format: format)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard context.assertFormat, instance.kind == .string else { return true }
        guard let format else { return (try? ECMARegex(instance.string)) != nil }
        return format.accepts(utf8: instance.bytes)
    }

    override func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        isValid(instance, context) ? nil : .format(name)
    }
}
