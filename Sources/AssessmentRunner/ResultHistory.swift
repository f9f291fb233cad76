import AssessmentModel
import Foundation
import JSONCore

/// Which way navigation arrived at a step, as result path markers record it.
public enum Direction: String, Sendable, Equatable {
    case forward, backward
}

/// The `stepHistory` and `path` of a result, kept per level as the reference does: the assessment's
/// level names its own children (a section once for all the steps shown inside it), and each
/// section result holds its own history and path.
struct ResultHistory: Sendable {
    private indirect enum Entry: Sendable {
        case step(StepResult)
        case section(Level)
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

    /// One container's results: the assessment, or a section visit.
    private struct Level: Sendable {
        let identifier: String
        var entries: [Entry] = []
        var path: [Marker] = []
        let start: Date
        var end: Date?
    }

    private var root: Level
    /// The section path of the open step, to find it again.
    private var openSections: [String] = []

    init(identifier: String, start: Date) {
        root = Level(identifier: identifier, start: start)
    }

    /// Adds a result for a step being shown, inside its sections. A visit replaces the latest entry of
    /// its level only when that entry is for the same step; each level whose current child changes
    /// gets a path marker (the step's own level unless it repeats its last marker).
    mutating func open(_ step: Node, sections: [String], direction: Direction, answer: JSONValue?, at date: Date) {
        openSections = sections
        let result = StepResult(identifier: step.identifier, answerType: step.question.map(ResultHistory.answerType),
                                questionText: step.title, value: answer, start: date, end: nil)
        ResultHistory.insert(result, direction: direction, into: &root, sections: sections[...], at: date)
    }

    private static func insert(_ result: StepResult, direction: Direction, into level: inout Level, sections: ArraySlice<String>, at date: Date) {
        // A level records a move only when its current child changes: moving inside a section is the section's own path.
        if let section = sections.first {
            if level.path.last?.identifier != section { level.path.append(Marker(identifier: section, direction: direction)) }
        } else {
            let marker = Marker(identifier: result.identifier, direction: direction)
            if level.path.last != marker { level.path.append(marker) }
        }
        guard let section = sections.first else {
            if case .step(let last)? = level.entries.last, last.identifier == result.identifier {
                level.entries[level.entries.count - 1] = .step(result)
            } else {
                level.entries.append(.step(result))
            }
            return
        }
        if case .section(var child)? = level.entries.last, child.identifier == section {
            insert(result, direction: direction, into: &child, sections: sections.dropFirst(), at: date)
            level.entries[level.entries.count - 1] = .section(child)
        } else {
            var child = Level(identifier: section, start: date)
            insert(result, direction: direction, into: &child, sections: sections.dropFirst(), at: date)
            level.entries.append(.section(child))
        }
    }

    /// Sets the answer of the open step.
    mutating func setAnswer(_ value: JSONValue) {
        ResultHistory.updateOpen(&root, sections: openSections[...], sectionEnd: nil) { $0.value = value }
    }

    /// Closes the open step and stamps its sections' end dates.
    mutating func close(at date: Date) {
        ResultHistory.updateOpen(&root, sections: openSections[...], sectionEnd: date) { $0.end = date }
    }

    /// Ends the run's own level.
    mutating func finish(at date: Date) {
        root.end = date
    }

    private static func updateOpen(_ level: inout Level, sections: ArraySlice<String>, sectionEnd: Date?, _ change: (inout StepResult) -> Void) {
        guard let last = level.entries.indices.last else { return }
        switch level.entries[last] {
        case .step(var result) where sections.isEmpty:
            change(&result)
            level.entries[last] = .step(result)
        case .section(var child) where sections.first == child.identifier:
            updateOpen(&child, sections: sections.dropFirst(), sectionEnd: sectionEnd, change)
            if let sectionEnd { child.end = sectionEnd }
            level.entries[last] = .section(child)
        default:
            break
        }
    }

    /// The JSON type description of a question's answers.
    private static func answerType(_ question: Question) -> JSONValue {
        let base = question.answerType?.rawValue ?? "string"
        if question.choices != nil, !question.isSingleChoice { return ["type": "array", "baseType": .string(base)] }
        return ["type": .string(base)]
    }

    /// The assessment level's `stepHistory`.
    var stepHistory: JSONValue { .array(root.entries.map(ResultHistory.json)) }

    /// The assessment level's `path` markers.
    var path: JSONValue { ResultHistory.json(root.path) }

    private static func json(_ path: [Marker]) -> JSONValue {
        .array(path.map { ["identifier": .string($0.identifier), "direction": .string($0.direction.rawValue)] })
    }

    private static func json(_ entry: Entry) -> JSONValue {
        switch entry {
        case .step(let result):
            var object = JSONObject()
            object["type"] = .string(result.answerType == nil ? "base" : "answer")
            object["identifier"] = .string(result.identifier)
            if let answerType = result.answerType { object["answerType"] = answerType }
            if let value = result.value, value != .null { object["value"] = value }
            object["startDate"] = .string(Timestamp.string(result.start))
            if let end = result.end { object["endDate"] = .string(Timestamp.string(end)) }
            if result.answerType != nil, let text = result.questionText { object["questionText"] = .string(text) }
            return .object(object)
        case .section(let level):
            var object = JSONObject([.init(key: "type", value: "section"), .init(key: "identifier", value: .string(level.identifier))])
            object["startDate"] = .string(Timestamp.string(level.start))
            if let end = level.end { object["endDate"] = .string(Timestamp.string(end)) }
            object["stepHistory"] = .array(level.entries.map(json))
            object["path"] = json(level.path)
            return .object(object)
        }
    }
}
