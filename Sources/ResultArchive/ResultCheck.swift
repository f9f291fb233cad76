import AssessmentModel
import AssessmentSchemas
import JSONCore
import JSONSchema

/// One reason a result is not an acceptable assessment result (for its survey).
public struct ResultProblem: Sendable, Equatable, CustomStringConvertible {
    /// What can be wrong with a result.
    public enum Kind: Sendable, Equatable {
        /// The result breaks the result schema (the error's best match).
        case notAResult(ValidationError)
        /// The result's `identifier` (or `assessmentIdentifier`) is `found`, not the survey's (`nil`: the survey has none).
        case otherSurvey(found: JSONValue, survey: String?)
        /// The result has no `identifier` to match to the survey.
        case noIdentifier(survey: String?)
        /// The result has a step the survey does not define in that section (`""`: at the top level).
        case undefinedStep(String, section: String)
    }

    /// What is wrong.
    public let kind: Kind
    /// Where in the result.
    public let pointer: JSONPointer

    /// A problem of `kind` at `pointer`.
    public init(_ kind: Kind, at pointer: JSONPointer) {
        self.kind = kind
        self.pointer = pointer
    }

    /// What is wrong, in a sentence.
    public var description: String {
        func name(_ survey: String?) -> String { survey.map { "\"\($0)\"" } ?? "the survey" }
        switch kind {
        case .notAResult(let error): return "not an assessment result: \(error.description)"
        case .otherSurvey(let found, let survey): return "the result is for \(found) but the survey is \(name(survey))"
        case .noIdentifier(let survey): return "the result has no identifier, so it cannot be matched to \(name(survey))"
        case .undefinedStep(let identifier, let section):
            return "the result has a step \"\(identifier)\"\(section.isEmpty ? "" : " in section \"\(section)\"") that the survey does not define"
        }
    }
}

/// Checks that a JSON document is an assessment result (`AssessmentResult.json`) and, given a
/// survey, that it is a result of that survey: same identifier, only the survey's steps, each in
/// its own section.
public struct ResultCheck: Sendable {
    /// The result schema's `$id`.
    public static let schemaURI = BundledSchemas.assessmentResultURI
    /// The result's name inside an archive.
    public static let filename = "assessmentResult.json"

    private let validator: Validator?
    private let survey: SurveyOutline?

    /// A check against the result schema in `registry` (the bundled one unless replaced), and `survey` when given.
    public init(registry: SchemaRegistry = BundledSchemas.registry(), survey: JSONValue? = nil) {
        validator = try? Validator(registered: ResultCheck.schemaURI, in: registry)
        self.survey = survey.map(SurveyOutline.init)
    }

    /// Every problem of `result`: schema errors first, then mismatches with the survey.
    public func problems(_ result: JSONValue) -> [ResultProblem] {
        let schemaErrors = validator?.validate(result) ?? []
        var problems = schemaErrors.map { error in
            ResultProblem(.notAResult(error.bestMatch), at: error.bestMatch.instanceLocation)
        }
        if let survey { problems += survey.problems(with: result) }
        return problems
    }
}

/// What checking a result against its survey needs: the identifier and each container's steps.
struct SurveyOutline: Sendable {
    let identifier: String?
    /// The identifiers of each container's children, keyed by the container's section path ("" for the survey).
    let children: [String: Set<String>]

    init(_ survey: JSONValue) {
        identifier = survey["identifier"]?.stringValue
        var children: [String: Set<String>] = [:]
        func collect(_ steps: [JSONValue], at path: String) {
            children[path, default: []] = []
            for step in steps {
                guard let id = step["identifier"]?.stringValue else { continue }
                children[path, default: []].insert(id)
                if let nested = step["steps"]?.arrayValue { collect(nested, at: path.isEmpty ? id : path + "/" + id) }
            }
        }
        collect(survey["steps"]?.arrayValue ?? [], at: "")
        self.children = children
    }

    func problems(with result: JSONValue) -> [ResultProblem] {
        var problems: [ResultProblem] = []
        for key in ["identifier", "assessmentIdentifier"] {
            guard let value = result[key] else { continue }
            if let identifier, value.stringValue != identifier {
                problems.append(ResultProblem(.otherSurvey(found: value, survey: identifier), at: JSONPointer(tokens: [key])))
            }
        }
        if result["identifier"] == nil {
            problems.append(ResultProblem(.noIdentifier(survey: identifier), at: .root))
        }
        func check(_ history: [JSONValue], at path: String, pointer: JSONPointer) {
            for (index, step) in history.enumerated() {
                guard let id = step["identifier"]?.stringValue else { continue }
                let here = pointer.appending(index: index)
                guard children[path]?.contains(id) ?? false else {
                    problems.append(ResultProblem(.undefinedStep(id, section: path), at: here.appending("identifier")))
                    continue
                }
                if let nested = step["stepHistory"]?.arrayValue {
                    check(nested, at: path.isEmpty ? id : path + "/" + id, pointer: here.appending("stepHistory"))
                }
            }
        }
        check(result["stepHistory"]?.arrayValue ?? [], at: "", pointer: JSONPointer(tokens: ["stepHistory"]))
        return problems
    }
}
