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
        failure(instance, context) == nil
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
final class FormatKeyword: AssertionKeyword, @unchecked Sendable {
    let name: String
    let check: @Sendable (String) -> Bool

    init(location: KeywordLocation, name: String, check: @escaping @Sendable (String) -> Bool) {
        self.name = name
        self.check = check
        super.init(location: location)
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
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

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        failure(instance, context) == nil
    }

    override func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        guard context.assertFormat, instance.kind == .string, !check(instance.string) else { return nil }
        return .format(name)
    }
}
