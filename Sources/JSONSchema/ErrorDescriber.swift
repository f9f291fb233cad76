import JSONCore

/// Turns error kinds into sentences ("expected a string but found an integer").
enum ErrorDescriber {
    static func describe(_ kind: ValidationErrorKind) -> String {
        switch kind {
        case .falseSchema:
            return "no value is allowed here (the schema is false)"
        case .type(let expected, let actual):
            let names = expected.map(\.withArticle)
            return "expected \(list(names, joiner: "or")) but found \(actual.withArticle)"
        case .enumeration(let allowed):
            return "value must be one of \(list(allowed.map(quote), joiner: "or", limit: 12))"
        case .constant(let expected):
            return "value must be \(quote(expected))"
        case .multipleOf(let divisor):
            return "value must be a multiple of \(divisor)"
        case .maximum(let limit, let exclusive):
            return exclusive ? "value must be less than \(limit)" : "value must be at most \(limit)"
        case .minimum(let limit, let exclusive):
            return exclusive ? "value must be greater than \(limit)" : "value must be at least \(limit)"
        case .maxLength(let limit, let actual):
            return "string is \(count(actual, "character")) long; at most \(limit) allowed"
        case .minLength(let limit, let actual):
            return "string is \(count(actual, "character")) long; at least \(limit) required"
        case .pattern(let pattern):
            return "string does not match the pattern \(quote(.string(pattern)))"
        case .patternUndecided(let pattern):
            return "string is too long to decide against the pattern \(quote(.string(pattern))) within its matching budget, so it is not accepted"
        case .format(let format):
            return "string is not a valid \(format)"
        case .content(let encoding):
            return "string is not valid \(encoding) content"
        case .maxItems(let limit, let actual):
            return "array has \(count(actual, "item")); at most \(limit) allowed"
        case .minItems(let limit, let actual):
            return "array has \(count(actual, "item")); at least \(limit) required"
        case .uniqueItems(let first, let duplicate):
            return "array items \(first) and \(duplicate) are equal; items must be unique"
        case .additionalItems(let allowed):
            return "array has more than the \(count(allowed, "item")) the schema describes, and no additional items are allowed"
        case .contains:
            return "array does not contain an item matching the `contains` schema"
        case .maxProperties(let limit, let actual):
            return "object has \(count(actual, "property", plural: "properties")); at most \(limit) allowed"
        case .minProperties(let limit, let actual):
            return "object has \(count(actual, "property", plural: "properties")); at least \(limit) required"
        case .required(let missing):
            return "missing required property \(quote(.string(missing)))"
        case .additionalProperty(let name):
            return "property \(quote(.string(name))) is not allowed here"
        case .dependency(let property, let missing):
            return "property \(quote(.string(missing))) is required when \(quote(.string(property))) is present"
        case .propertyName(let name):
            return "property name \(quote(.string(name))) is not valid"
        case .anyOf:
            return "value does not match any of the `anyOf` alternatives"
        case .oneOfNone:
            return "value does not match any of the `oneOf` alternatives"
        case .oneOfMany(let matching):
            return "value matches more than one `oneOf` alternative (\(matching.map(String.init).joined(separator: ", ")))"
        case .not:
            return "value must not match the `not` schema"
        case .tooDeep(let limit):
            return "evaluation stopped here: more than \(limit) schemas apply inside one another, "
                + "so the value nests too deeply to validate (ValidationOptions.maxDepth)"
        case .schemaLoop(let schema):
            return "schema loop: evaluation came back to \(schema) at this value without descending into it, "
                + "so it would never end; the value is treated as invalid"
        }
    }

    /// A JSON value as it would appear in the file, shortened when long.
    static func quote(_ value: JSONValue) -> String {
        let text = JSONWriter.compact.string(value)
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    private static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }

    private static func list(_ items: [String], joiner: String, limit: Int = .max) -> String {
        var shown = Array(items.prefix(limit))
        if items.count > limit { shown.append("\(items.count - limit) more") }
        switch shown.count {
        case 0: return "nothing"
        case 1: return shown[0]
        case 2: return "\(shown[0]) \(joiner) \(shown[1])"
        default: return shown.dropLast().joined(separator: ", ") + ", \(joiner) " + shown[shown.count - 1]
        }
    }
}

/// Chooses the most relevant explanation among the branches of a failed `anyOf`/`oneOf`.
///
/// A branch that failed only because the instance had the wrong type is the least relevant; among
/// the others, the one whose errors reach deepest into the instance, then the one with the fewest
/// errors, wins (the idea of python-jsonschema's `best_match`).
enum BestMatch {
    static func branch(of error: ValidationError) -> ValidationError.Branch? {
        error.branches.min { rank($0) < rank($1) }
    }

    static func error(in errors: [ValidationError]) -> ValidationError? {
        errors.min { errorRank($0) < errorRank($1) }
    }

    private static func rank(_ branch: ValidationError.Branch) -> BranchRank {
        let onlyTypeMismatch = branch.errors.allSatisfy { error in
            if case .type = error.kind { return true }
            if case .falseSchema = error.kind { return true }
            return false
        }
        let depth = branch.errors.map(\.instanceLocation.tokenCount).max() ?? 0
        return BranchRank(onlyTypeMismatch: onlyTypeMismatch ? 1 : 0, negativeDepth: -depth, errorCount: branch.errors.count, index: branch.index)
    }

    private static func errorRank(_ error: ValidationError) -> (Int, Int) {
        let weak: Int
        switch error.kind {
        case .anyOf, .oneOfNone, .oneOfMany: weak = 1
        default: weak = 0
        }
        return (weak, -error.instanceLocation.tokenCount)
    }

    private struct BranchRank: Comparable {
        let onlyTypeMismatch: Int
        let negativeDepth: Int
        let errorCount: Int
        let index: Int

        static func < (lhs: BranchRank, rhs: BranchRank) -> Bool {
            (lhs.onlyTypeMismatch, lhs.negativeDepth, lhs.errorCount, lhs.index)
                < (rhs.onlyTypeMismatch, rhs.negativeDepth, rhs.errorCount, rhs.index)
        }
    }
}
