import AssessmentModel
import FoundationEssentials
import JSONCore

/// Which way navigation arrived at a step, as result path markers record it.
public enum Direction: String, Sendable, Equatable {
    case forward, backward
}

/// The `stepHistory` and `path` of a result, kept per level as the reference does: the assessment's
/// level names its own children (a section once for all the steps shown inside it), and each
/// section result holds its own history and path. Levels live in one table and refer to their
/// sections by index, so a step deep inside nested sections is recorded without copying or
/// recursing through the levels above it.
struct ResultHistory: Sendable {
    private enum Entry: Sendable {
        case step(StepResult)
        /// A section visit: its level in the table.
        case section(Int)
    }

    private struct StepResult: Sendable {
        let identifier: String
        let answerType: JSONValue?
        let questionText: String?
        var value: JSONValue?
        let start: Date
        var end: Date?
    }

    private struct Marker: Sendable, Equatable {
        let identifier: String
        let direction: Direction
    }

    /// One container's results: the assessment, or a section (or nested assessment) visit.
    private struct Level: Sendable {
        let identifier: String
        /// For a nested assessment, what its result names besides the identifier (as the reference's
        /// `AssessmentResultObject`: `assessmentIdentifier`, `versionString`, `schemaIdentifier`).
        var assessment: JSONObject? = nil
        var entries: [Entry] = []
        var path: [Marker] = []
        let start: Date
        var end: Date?
    }

    /// Level 0 is the assessment's; a section's level always comes after its parent's.
    private var levels: [Level]
    /// The levels holding the open step, from the assessment's down.
    private var openLevels: [Int] = [0]

    init(identifier: String, start: Date) {
        levels = [Level(identifier: identifier, start: start)]
    }

    /// Adds a result for a step being shown, inside its sections. A visit replaces the latest entry of
    /// its level only when that entry is for the same step; each level whose current child changes
    /// gets a path marker (the step's own level unless it repeats its last marker).
    mutating func open(_ step: Node, sections: [Node], direction: Direction, answer: JSONValue?, at date: Date) {
        let result = StepResult(identifier: step.identifier, answerType: step.question.map(ResultHistory.answerType),
                                questionText: step.title, value: answer, start: date, end: nil)
        var level = 0
        openLevels = [0]
        for node in sections {
            let section = node.identifier
            // A level records a move only when its current child changes: moving inside a section is the section's own path.
            if levels[level].path.last?.identifier != section { levels[level].path.append(Marker(identifier: section, direction: direction)) }
            if case .section(let child)? = levels[level].entries.last, levels[child].identifier == section {
                level = child
            } else {
                levels.append(Level(identifier: section, assessment: ResultHistory.assessmentMembers(node), start: date))
                levels[level].entries.append(.section(levels.count - 1))
                level = levels.count - 1
            }
            openLevels.append(level)
        }
        let marker = Marker(identifier: result.identifier, direction: direction)
        if levels[level].path.last != marker { levels[level].path.append(marker) }
        if case .step(let last)? = levels[level].entries.last, last.identifier == result.identifier {
            levels[level].entries[levels[level].entries.count - 1] = .step(result)
        } else {
            levels[level].entries.append(.step(result))
        }
    }

    /// Sets the answer of the open step.
    mutating func setAnswer(_ value: JSONValue) {
        updateOpen(sectionEnd: nil) { $0.value = value }
    }

    /// Closes the open step and stamps its sections' end dates.
    mutating func close(at date: Date) {
        updateOpen(sectionEnd: date) { $0.end = date }
    }

    /// Ends the run's own level.
    mutating func finish(at date: Date) {
        levels[0].end = date
    }

    private mutating func updateOpen(sectionEnd: Date?, _ change: (inout StepResult) -> Void) {
        if let sectionEnd {
            for level in openLevels.dropFirst() { levels[level].end = sectionEnd }
        }
        guard let level = openLevels.last, let last = levels[level].entries.indices.last,
              case .step(var result) = levels[level].entries[last] else { return }
        change(&result)
        levels[level].entries[last] = .step(result)
    }

    /// A nested assessment's own result members; `nil` for a section.
    private static func assessmentMembers(_ node: Node) -> JSONObject? {
        guard node.kind == .assessment else { return nil }
        var members = JSONObject([.init(key: "assessmentIdentifier", value: .string(node.identifier))])
        if let version = node.container?.versionString { members["versionString"] = .string(version) }
        if let schema = node.container?.schemaIdentifier { members["schemaIdentifier"] = .string(schema) }
        return members
    }

    /// The JSON type description of a question's answers.
    private static func answerType(_ question: Question) -> JSONValue {
        // Time and duration answers are typed as the reference types them (a string, a number of seconds).
        if let input = question.inputItem?.type, input == .time || input == .duration { return ["type": .string(input.description)] }
        let base = question.answerType?.rawValue ?? "string"
        if question.choices != nil, !question.isSingleChoice { return ["type": "array", "baseType": .string(base)] }
        return ["type": .string(base)]
    }

    /// The assessment level's `stepHistory`.
    var stepHistory: JSONValue { .array(rootEntries()) }

    /// The assessment level's `path` markers.
    var path: JSONValue { ResultHistory.json(levels[0].path) }

    private static func json(_ path: [Marker]) -> JSONValue {
        .array(path.map { ["identifier": .string($0.identifier), "direction": .string($0.direction.rawValue)] })
    }

    /// The assessment level's entries as JSON, built from the deepest level up (a section's level comes
    /// after its parent's), so no recursion follows the nesting.
    private func rootEntries() -> [JSONValue] {
        var sections: [JSONValue?] = Array(repeating: nil, count: levels.count)
        var rootEntries: [JSONValue] = []
        for index in levels.indices.reversed() {
            let level = levels[index]
            var entries: [JSONValue] = []
            entries.reserveCapacity(level.entries.count)
            for entry in level.entries {
                switch entry {
                case .step(let result):
                    entries.append(ResultHistory.json(result))
                case .section(let child):
                    entries.append(sections[child] ?? .null)
                    sections[child] = nil
                }
            }
            guard index > 0 else {
                rootEntries = entries
                break
            }
            var object = JSONObject([.init(key: "type", value: level.assessment == nil ? "section" : "assessment"),
                                     .init(key: "identifier", value: .string(level.identifier))])
            for member in level.assessment?.members ?? [] { object[member.key] = member.value }
            object["startDate"] = .string(Timestamp.string(level.start))
            if let end = level.end { object["endDate"] = .string(Timestamp.string(end)) }
            object["stepHistory"] = .array(entries)
            object["path"] = ResultHistory.json(level.path)
            sections[index] = .object(object)
        }
        return rootEntries
    }

    private static func json(_ result: StepResult) -> JSONValue {
        var object = JSONObject()
        object["type"] = .string(result.answerType == nil ? "base" : "answer")
        object["identifier"] = .string(result.identifier)
        if let answerType = result.answerType { object["answerType"] = answerType }
        if let value = result.value, value != .null { object["value"] = value }
        object["startDate"] = .string(Timestamp.string(result.start))
        if let end = result.end { object["endDate"] = .string(Timestamp.string(end)) }
        if result.answerType != nil, let text = result.questionText { object["questionText"] = .string(text) }
        return .object(object)
    }
}
