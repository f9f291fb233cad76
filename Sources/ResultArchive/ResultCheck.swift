import AssessmentModel
import AssessmentSchemas
import JSONCore
import JSONSchema

/// One reason a result is not an acceptable assessment result (for its survey).
public struct ResultProblem: Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// Where in the result.
    public let pointer: JSONPointer

    /// The message.
    public var description: String { message }
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
            ResultProblem(message: "not an assessment result: \(error.bestMatch.description)", pointer: error.bestMatch.instanceLocation)
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
        let name = identifier.map { "\"\($0)\"" } ?? "the survey"
        for key in ["identifier", "assessmentIdentifier"] {
            guard let value = result[key] else { continue }
            if let identifier, value.stringValue != identifier {
                problems.append(ResultProblem(message: "the result is for \(value) but the survey is \(name)", pointer: JSONPointer(tokens: [key])))
            }
        }
        if result["identifier"] == nil {
            problems.append(ResultProblem(message: "the result has no identifier, so it cannot be matched to \(name)", pointer: .root))
        }
        func check(_ history: [JSONValue], at path: String, pointer: JSONPointer) {
            for (index, step) in history.enumerated() {
                guard let id = step["identifier"]?.stringValue else { continue }
                let here = pointer.appending(index: index)
                guard children[path]?.contains(id) ?? false else {
                    let place = path.isEmpty ? "" : " in section \"\(path)\""
                    problems.append(ResultProblem(message: "the result has a step \"\(id)\"\(place) that the survey does not define", pointer: here.appending("identifier")))
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
