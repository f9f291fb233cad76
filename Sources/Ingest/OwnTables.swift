import JSONCore
import ResultArchive

/// Rows of our own tables made from an archive's `assessmentResult.json` and its file verdicts.
enum OwnTables {
    /// One row per answer: where it was asked, its type, and the value as JSON and in typed columns
    /// (`valueString`, `valueNumber`, `valueBoolean`; the one that fits is set, the others null).
    static func answers(_ result: JSONValue?, run: JSONValue) -> [JSONValue] {
        var rows: [JSONValue] = []
        walk(result?["stepHistory"], prefix: "") { step, stepPath, _ in
            guard step["type"]?.stringValue == "answer" else { return }
            let value = step["value"] ?? .null
            rows.append(.object(JSONObject([
                .init(key: "taskRunUUID", value: run),
                .init(key: "stepPath", value: .string(stepPath)),
                .init(key: "identifier", value: step["identifier"] ?? .null),
                .init(key: "answerType", value: step["answerType"]?["type"] ?? .null),
                .init(key: "value", value: .string(JSONWriter.compact.string(value))),
                .init(key: "valueString", value: value.stringValue.map(JSONValue.string) ?? .null),
                .init(key: "valueNumber", value: value.numberValue.map(JSONValue.number) ?? .null),
                .init(key: "valueBoolean", value: value.boolValue.map(JSONValue.bool) ?? .null),
                .init(key: "startDate", value: step["startDate"] ?? .null),
                .init(key: "endDate", value: step["endDate"] ?? .null),
            ])))
        }
        return rows
    }

    /// One row per step shown, in the order of `stepHistory` (sections first, then their steps).
    static func steps(_ result: JSONValue?, run: JSONValue) -> [JSONValue] {
        var rows: [JSONValue] = []
        walk(result?["stepHistory"], prefix: "") { step, stepPath, depth in
            rows.append(.object(JSONObject([
                .init(key: "taskRunUUID", value: run),
                .init(key: "order", value: .number(JSONNumber(rows.count))),
                .init(key: "stepPath", value: .string(stepPath)),
                .init(key: "identifier", value: step["identifier"] ?? .null),
                .init(key: "type", value: step["type"] ?? .null),
                .init(key: "depth", value: .number(JSONNumber(depth))),
                .init(key: "startDate", value: step["startDate"] ?? .null),
                .init(key: "endDate", value: step["endDate"] ?? .null),
            ])))
        }
        return rows
    }

    /// One row per file of the archive with its verdict and the dataset it went to.
    static func files(_ verdicts: [FileVerdict], datasets: [String: String], sizes: [String: Int], run: JSONValue) -> [JSONValue] {
        verdicts.map { verdict in
            .object(JSONObject([
                .init(key: "taskRunUUID", value: run),
                .init(key: "filename", value: .string(verdict.filename)),
                .init(key: "lookupName", value: .string(verdict.lookupName)),
                .init(key: "schema", value: verdict.schema.map(JSONValue.string) ?? .null),
                .init(key: "chosenBy", value: verdict.chosenBy.map { .string($0.rawValue) } ?? .null),
                .init(key: "status", value: .string(verdict.status.rawValue)),
                .init(key: "dataset", value: datasets[verdict.filename].map(JSONValue.string) ?? .null),
                .init(key: "bytes", value: sizes[verdict.filename].map { .number(JSONNumber($0)) } ?? .null),
                .init(key: "toleratedErrors", value: .number(JSONNumber(verdict.toleratedCount))),
                .init(key: "notes", value: .array(verdict.notes.map(JSONValue.string))),
            ]))
        }
    }

    /// Calls `visit` for every step of a `stepHistory`, depth first, with its path (`section/step`).
    private static func walk(_ history: JSONValue?, prefix: String, depth: Int = 0, _ visit: (JSONValue, String, Int) -> Void) {
        guard let steps = history?.arrayValue, depth < 64 else { return }
        for step in steps {
            let identifier = step["identifier"]?.stringValue ?? "?"
            let path = prefix.isEmpty ? identifier : prefix + "/" + identifier
            visit(step, path, depth)
            walk(step["stepHistory"], prefix: path, depth: depth + 1, visit)
        }
    }
}
