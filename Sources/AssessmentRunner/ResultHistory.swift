import AssessmentModel
import Foundation
import JSONCore

/// The `stepHistory` tree of a result: step results, and section results holding their own.
struct ResultHistory: Sendable {
    private indirect enum Entry: Sendable {
        case step(StepResult)
        case section(identifier: String, entries: [Entry], start: Date, end: Date?)
    }

    private struct StepResult: Sendable {
        let identifier: String
        let answerType: JSONValue?
        let questionText: String?
        var value: JSONValue?
        let start: Date
        var end: Date?
    }

    private var entries: [Entry] = []
    /// The section path of the open step, to find it again.
    private var openSections: [String] = []

    /// Adds a result for a step being shown, inside its sections (a visit replaces the latest entry
    /// only when that entry is for the same step).
    mutating func open(_ step: Node, sections: [String], answer: JSONValue?, at date: Date) {
        openSections = sections
        let result = StepResult(identifier: step.identifier, answerType: step.question.map(ResultHistory.answerType),
                                questionText: step.title, value: answer, start: date, end: nil)
        ResultHistory.insert(.step(result), into: &entries, sections: sections[...], at: date)
    }

    private static func insert(_ entry: Entry, into entries: inout [Entry], sections: ArraySlice<String>, at date: Date) {
        guard let section = sections.first else {
            if case .step(let new) = entry, case .step(let last)? = entries.last, last.identifier == new.identifier {
                entries[entries.count - 1] = entry
            } else {
                entries.append(entry)
            }
            return
        }
        if case .section(let identifier, var children, let start, _)? = entries.last, identifier == section {
            insert(entry, into: &children, sections: sections.dropFirst(), at: date)
            entries[entries.count - 1] = .section(identifier: identifier, entries: children, start: start, end: nil)
        } else {
            var children: [Entry] = []
            insert(entry, into: &children, sections: sections.dropFirst(), at: date)
            entries.append(.section(identifier: section, entries: children, start: date, end: nil))
        }
    }

    /// Sets the answer of the open step.
    mutating func setAnswer(_ value: JSONValue) {
        ResultHistory.updateLast(&entries, sections: openSections[...]) { $0.value = value }
    }

    /// Closes the open step (and its sections' end dates).
    mutating func close(at date: Date) {
        ResultHistory.updateLast(&entries, sections: openSections[...]) { $0.end = date }
        ResultHistory.closeSections(&entries, depth: openSections.count, at: date)
    }

    private static func updateLast(_ entries: inout [Entry], sections: ArraySlice<String>, _ change: (inout StepResult) -> Void) {
        guard let last = entries.indices.last else { return }
        switch entries[last] {
        case .step(var result) where sections.isEmpty:
            change(&result)
            entries[last] = .step(result)
        case .section(let identifier, var children, let start, let end) where sections.first == identifier:
            updateLast(&children, sections: sections.dropFirst(), change)
            entries[last] = .section(identifier: identifier, entries: children, start: start, end: end)
        default:
            break
        }
    }

    private static func closeSections(_ entries: inout [Entry], depth: Int, at date: Date) {
        guard depth > 0, let last = entries.indices.last, case .section(let identifier, var children, let start, _) = entries[last] else { return }
        closeSections(&children, depth: depth - 1, at: date)
        entries[last] = .section(identifier: identifier, entries: children, start: start, end: date)
    }

    /// The JSON type description of a question's answers.
    private static func answerType(_ question: Question) -> JSONValue {
        let base = question.answerType?.rawValue ?? "string"
        if question.choices != nil, !question.isSingleChoice { return ["type": "array", "baseType": .string(base)] }
        return ["type": .string(base)]
    }

    var json: [JSONValue] { entries.map(ResultHistory.json) }

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
        case .section(let identifier, let children, let start, let end):
            var object = JSONObject([.init(key: "type", value: "section"), .init(key: "identifier", value: .string(identifier))])
            object["stepHistory"] = .array(children.map(json))
            object["startDate"] = .string(Timestamp.string(start))
            if let end { object["endDate"] = .string(Timestamp.string(end)) }
            return .object(object)
        }
    }
}
