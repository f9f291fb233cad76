import JSONCore
import ResultArchive

/// Rows of our own tables made from an archive's `assessmentResult.json` and its file verdicts, written
/// straight as NDJSON. Every row ends with `partition`: the partition fields as written members (no
/// column of ours is named like one of them, so they come last, as inserting them would put them).
struct OwnTables {
    /// The run's `taskRunUUID`, if known.
    let run: String?
    /// The partition fields, as written members.
    let partition: [UInt8]

    /// Tables for the run `run`, each row ending with `fields` (the partition's).
    init(run: String?, fields: [(String, JSONValue)]) {
        self.run = run
        var members = JSONBytes()
        members.beginObject()
        for (key, value) in fields {
            members.key(escaping: key)
            members.value(value)
        }
        members.endObject()
        partition = Array(members.bytes.dropFirst().dropLast())
    }

    /// The rows of a table and how many there are.
    struct Rows {
        var bytes: [UInt8]
        var count: Int
    }

    /// The archive's row: where it came from, its upload metadata, the result's identifier and dates,
    /// how many files and dataset objects it gave, and the verdict's notes.
    func runs(report: ArchiveReport, record: RecordMetadata?, result: JSONValue?, objects: Int) -> Rows {
        var row = JSONBytes()
        row.beginObject()
        row.key("taskRunUUID"); row.string(run)
        row.key("archive"); row.string(report.name)
        row.key("recordIdFrom"); row.string(record?.recordId == nil ? "file name" : "manifest")
        row.key("assessmentRevision"); row.integer(record?.assessmentRevision ?? report.key?.assessmentRevision)
        row.key("appId"); row.string(record?.appId)
        row.key("uploadedOn"); row.string(record?.uploadedOn)
        row.key("clientInfo"); row.string(record?.clientInfo)
        row.key("identifier"); row.value(result?["identifier"])
        row.key("startDate"); row.value(result?["startDate"])
        row.key("endDate"); row.value(result?["endDate"])
        row.key("files"); row.integer(report.files.count)
        row.key("datasetObjects"); row.integer(objects)
        row.key("notes"); row.strings(report.notes)
        // An object of the upload fields: a name twice (after lower-casing) keeps its first place and last value.
        row.key("upload")
        row.beginObject()
        for (key, value) in RecordIngester.merging([], RecordIngester.uploadFields(record)) {
            row.key(escaping: key)
            row.value(value)
        }
        row.endObject()
        end(&row)
        return Rows(bytes: row.bytes, count: 1)
    }

    /// The rows of `assess_answers` and `assess_steps`, from one walk over the steps. Steps: one row per
    /// step shown, in the order of `stepHistory` (sections first, then their steps). Answers: one row
    /// per answer, where it was asked, its type, and the value as JSON and in typed columns
    /// (`valueString`, `valueNumber`, `valueBoolean`; the one that fits is set, the others null).
    func answersAndSteps(_ result: JSONValue?) -> (answers: Rows, steps: Rows) {
        var answers = JSONBytes(), steps = JSONBytes(), answerCount = 0, stepCount = 0
        OwnTables.walk(result?["stepHistory"], prefix: "") { step, stepPath, depth in
            steps.beginObject()
            steps.key("taskRunUUID"); steps.string(run)
            steps.key("order"); steps.integer(stepCount)
            steps.key("stepPath"); steps.string(stepPath)
            steps.key("identifier"); steps.value(step.identifier)
            steps.key("type"); steps.value(step.type)
            steps.key("depth"); steps.integer(depth)
            steps.key("startDate"); steps.value(step.startDate)
            steps.key("endDate"); steps.value(step.endDate)
            end(&steps)
            stepCount += 1
            guard step.type?.stringValue == "answer" else { return }
            let value = step.value ?? .null
            answers.beginObject()
            answers.key("taskRunUUID"); answers.string(run)
            answers.key("stepPath"); answers.string(stepPath)
            answers.key("identifier"); answers.value(step.identifier)
            answers.key("answerType"); answers.value(step.answerType?["type"])
            answers.key("value"); answers.string(utf8: JSONBytes.text(of: value))
            answers.key("valueString"); answers.string(value.stringValue)
            answers.key("valueNumber"); answers.value(value.numberValue.map(JSONValue.number))
            answers.key("valueBoolean"); answers.value(value.boolValue.map(JSONValue.bool))
            answers.key("startDate"); answers.value(step.startDate)
            answers.key("endDate"); answers.value(step.endDate)
            end(&answers)
            answerCount += 1
        }
        return (Rows(bytes: answers.bytes, count: answerCount), Rows(bytes: steps.bytes, count: stepCount))
    }

    /// One row per file of the archive with its verdict, the dataset it went to and its size.
    func files(_ verdicts: [FileVerdict], datasets: [String: String], contents: [String: [UInt8]]) -> Rows {
        var rows = JSONBytes()
        for verdict in verdicts {
            rows.beginObject()
            rows.key("taskRunUUID"); rows.string(run)
            rows.key("filename"); rows.string(verdict.filename)
            rows.key("lookupName"); rows.string(verdict.lookupName)
            rows.key("schema"); rows.string(verdict.schema)
            rows.key("chosenBy"); rows.string(verdict.chosenBy?.rawValue)
            rows.key("status"); rows.string(verdict.status.rawValue)
            rows.key("dataset"); rows.string(datasets[verdict.filename])
            rows.key("bytes"); rows.integer(contents[verdict.filename]?.count)
            rows.key("toleratedErrors"); rows.integer(verdict.toleratedCount)
            rows.key("notes"); rows.strings(verdict.notes)
            end(&rows)
        }
        return Rows(bytes: rows.bytes, count: verdicts.count)
    }

    /// Ends a row: the partition fields, the closing brace, the line feed.
    func end(_ rows: inout JSONBytes) {
        rows.members(partition)
        rows.endObject()
        rows.endLine()
    }

    /// The members of a step the tables read, taken in one pass over its members (an object's names
    /// are distinct); all `nil` for a step that is no object.
    private struct Step {
        var identifier: JSONValue?, type: JSONValue?, answerType: JSONValue?, value: JSONValue?
        var startDate: JSONValue?, endDate: JSONValue?, history: JSONValue?

        init(_ step: JSONValue) {
            guard case .object(let object) = step else { return }
            for member in object {
                switch member.key {
                case "identifier": identifier = member.value
                case "type": type = member.value
                case "answerType": answerType = member.value
                case "value": value = member.value
                case "startDate": startDate = member.value
                case "endDate": endDate = member.value
                case "stepHistory": history = member.value
                default: break
                }
            }
        }
    }

    /// Calls `visit` for every step of a `stepHistory`, depth first, with its path (`section/step`).
    private static func walk(_ history: JSONValue?, prefix: String, depth: Int = 0, _ visit: (Step, String, Int) -> Void) {
        guard let steps = history?.arrayValue, depth < 64 else { return }
        for value in steps {
            let step = Step(value)
            let identifier = step.identifier?.stringValue ?? "?"
            let path = prefix.isEmpty ? identifier : prefix + "/" + identifier
            visit(step, path, depth)
            walk(step.history, prefix: path, depth: depth + 1, visit)
        }
    }
}
