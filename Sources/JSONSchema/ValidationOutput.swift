import JSONCore

/// The JSON Schema output formats (2019-09 names) for a validation result.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Only `valid`.
    case flag
    /// `valid` and a flat list of error units.
    case basic
    /// `valid` and error units nested as the schema nests (`anyOf` branches under their keyword).
    case detailed
}

/// Builds output units; `position` adds each unit's `instancePosition` (`{"line", "column"}`).
public struct ValidationOutput {
    private let position: (JSONPointer) -> SourcePosition?

    /// A builder; `position` maps an instance pointer to its place in the source (the default adds none).
    public init(position: @escaping (JSONPointer) -> SourcePosition? = { _ in nil }) {
        self.position = position
    }

    /// The output unit for one instance's errors in the given format.
    public func unit(for errors: [ValidationError], format: OutputFormat) -> JSONObject {
        var unit = JSONObject([JSONObject.Member(key: "valid", value: .bool(errors.isEmpty))])
        switch format {
        case .flag:
            break
        case .basic:
            if !errors.isEmpty { unit["errors"] = .array(flatten(errors).map { .object(describe($0)) }) }
        case .detailed:
            if !errors.isEmpty { unit["errors"] = .array(errors.map { .object(nest($0)) }) }
        }
        return unit
    }

    private func flatten(_ errors: [ValidationError]) -> [ValidationError] {
        errors.flatMap { error in [error] + flatten(error.branches.flatMap(\.errors)) }
    }

    private func nest(_ error: ValidationError) -> JSONObject {
        var unit = describe(error)
        let children = error.branches.flatMap(\.errors)
        if !children.isEmpty { unit["errors"] = .array(children.map { .object(nest($0)) }) }
        return unit
    }

    /// One error as an output unit.
    public func describe(_ error: ValidationError) -> JSONObject {
        var unit = JSONObject([
            .init(key: "valid", value: false),
            .init(key: "keywordLocation", value: .string(error.keywordLocation.description)),
            .init(key: "absoluteKeywordLocation", value: .string(error.absoluteKeywordLocation)),
            .init(key: "instanceLocation", value: .string(error.instanceLocation.description)),
            .init(key: "error", value: .string(error.message)),
        ])
        if let place = position(error.instanceLocation) {
            unit["instancePosition"] = ["line": .number(JSONNumber(place.line)), "column": .number(JSONNumber(place.column))]
        }
        return unit
    }
}
