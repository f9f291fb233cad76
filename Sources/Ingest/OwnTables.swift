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
    /// The `taskRunUUID` member, as written (`"taskRunUUID":"…"` or `…:null`), which every row of answers and steps starts with.
    private let runMember: [UInt8]

    /// Tables for the run `run`, each row ending with `fields` (the partition's).
    init(run: String?, fields: [(String, JSONValue)]) {
        self.init(run: run, partition: OwnTables.writtenMembers(fields))
    }

    /// Tables for the run `run`, each row ending with `partition` (the partition's fields as `writtenMembers` writes them).
    init(run: String?, partition: [UInt8]) {
        self.run = run
        self.partition = partition
        runMember = Array(#""taskRunUUID":"#.utf8) + JSONBytes.text(of: run.map(JSONValue.string) ?? .null)
    }

    /// `fields` as written members, without braces (`"year":2026,"recordid":"r1"`): the bytes `JSONBytes` writes for
    /// them as an object's members.
    static func writtenMembers(_ fields: [(String, JSONValue)]) -> [UInt8] {
        var members = JSONBytes()
        members.beginObject()
        for (key, value) in fields {
            members.key(escaping: key)
            members.value(value)
        }
        members.endObject()
        return Array(members.bytes.dropFirst().dropLast())
    }

    /// The rows of a table and how many there are.
    struct Rows {
        var bytes: [UInt8]
        var count: Int
    }

    /// The archive's row: where it came from, its upload metadata (`upload`: the record's upload fields,
    /// `RecordIngester.uploadFields(record)`), the result's identifier and dates, how many files and
    /// dataset objects it gave, and the verdict's notes.
    func runs(report: ArchiveReport, record: RecordMetadata?, upload: [(String, JSONValue)], result: ResultDocument?, objects: Int) -> Rows {
        var row = JSONBytes()
        row.beginObject()
        row.key("taskRunUUID"); row.string(run)
        row.key("archive"); row.string(report.name)
        row.key("recordIdFrom"); row.string(record?.recordId == nil ? "file name" : "manifest")
        row.key("assessmentRevision"); row.integer(record?.assessmentRevision ?? report.key?.assessmentRevision)
        row.key("appId"); row.string(record?.appId)
        row.key("uploadedOn"); row.string(record?.uploadedOn)
        row.key("clientInfo"); row.string(record?.clientInfo)
        // The result's identifier, startDate and endDate (each `null` when missing).
        (result ?? OwnTables.noResult).tape.withView { view in
            var members = RowBytes(capacity: 256)
            members.member(#""identifier":"#, view, view.member(0, "identifier"))
            members.member(#""startDate":"#, view, view.member(0, "startDate"))
            members.member(#""endDate":"#, view, view.member(0, "endDate"))
            row.members(members.bytes)
        }
        row.key("files"); row.integer(report.files.count)
        row.key("datasetObjects"); row.integer(objects)
        row.key("notes"); row.strings(report.notes)
        // An object of the upload fields: a name twice (after lower-casing) keeps its first place and last value.
        row.key("upload")
        row.beginObject()
        for (key, value) in RecordIngester.merging([], upload) {
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
    /// Read on the result's tape, its members written as runs of member bytes: no tree is made (but of
    /// a value that is an array or object, or a string with an escape). The bytes are those `JSONBytes`
    /// writes for the same members (`OwnTablesTests` compares them with rows made as trees).
    func answersAndSteps(_ result: ResultDocument?) -> (answers: Rows, steps: Rows) {
        var answers = RowBytes(capacity: 8192), steps = RowBytes(capacity: 8192), answerCount = 0, stepCount = 0
        result?.tape.withView { view in
            guard let history = view.member(0, "stepHistory") else { return }
            OwnTables.walk(view, history, prefix: "") { step, stepPath, depth in
                steps.begin(runMember)
                steps.member(#""order":"#, integer: stepCount)
                // The step's path and identifier, and its dates, as the answer's row has them too: copied there.
                let pathStart = steps.position
                steps.member(#""stepPath":"#, string: stepPath)
                steps.member(#""identifier":"#, view, step.identifier)
                let pathEnd = steps.position
                steps.member(#""type":"#, view, step.type)
                steps.member(#""depth":"#, integer: depth)
                let datesStart = steps.position
                steps.member(#""startDate":"#, view, step.startDate)
                steps.member(#""endDate":"#, view, step.endDate)
                let datesEnd = steps.position
                steps.end(partition)
                stepCount += 1
                guard let type = step.type, view.isString(type, "answer") else { return }
                answers.begin(runMember)
                answers.members(from: steps, pathStart..<pathEnd)
                answers.member(#""answerType":"#, view, step.answerType.flatMap { view.member($0, "type") })
                answers.answerValue(view, step.value)
                answers.members(from: steps, datesStart..<datesEnd)
                answers.end(partition)
                answerCount += 1
            }
        }
        return (Rows(bytes: answers.bytes, count: answerCount), Rows(bytes: steps.bytes, count: stepCount))
    }

    /// One row per file of the archive with its verdict, the dataset it went to (`datasets`, by the verdict's
    /// index) and its size.
    func files(_ verdicts: [FileVerdict], datasets: [String?], contents: [String: [UInt8]]) -> Rows {
        var rows = RowBytes(capacity: 256 * verdicts.count)
        for index in verdicts.indices {
            let verdict = verdicts[index]
            rows.begin(runMember)
            rows.member(#""filename":"#, string: verdict.filename)
            rows.member(#""lookupName":"#, string: verdict.lookupName)
            rows.member(#""schema":"#, string: verdict.schema)
            rows.member(#""chosenBy":"#, string: verdict.chosenBy?.rawValue)
            rows.member(#""status":"#, string: verdict.status.rawValue)
            rows.member(#""dataset":"#, string: datasets.indices.contains(index) ? datasets[index] : nil)
            rows.member(#""bytes":"#, integer: contents[verdict.filename]?.count)
            rows.member(#""toleratedErrors":"#, integer: verdict.toleratedCount)
            rows.member(#""notes":"#, strings: verdict.notes)
            rows.end(partition)
        }
        return Rows(bytes: rows.bytes, count: verdicts.count)
    }

    /// Stands for a missing result: a tape of `null`, which has no members.
    private static let noResult = ResultDocument(tape: JSONTape(JSONValue.null))

    /// Ends a row: the partition fields, the closing brace, the line feed.
    func end(_ rows: inout JSONBytes) {
        rows.members(partition)
        rows.endObject()
        rows.endLine()
    }

    /// Where the members of a step the tables read are on the tape, taken in one pass over its members
    /// (a parsed tape's names are distinct); all `nil` for a step that is no object.
    private struct Step {
        var identifier: Int?, type: Int?, answerType: Int?, value: Int?
        var startDate: Int?, endDate: Int?, history: Int?

        init(_ view: JSONTapeView, _ step: Int) {
            guard view.kind(step) == .object else { return }
            for key in view.keys(of: step) {
                switch view.count(key) {
                case 4 where view.hasBytes(key, "type"): type = key + 1
                case 5 where view.hasBytes(key, "value"): value = key + 1
                case 7 where view.hasBytes(key, "endDate"): endDate = key + 1
                case 9 where view.hasBytes(key, "startDate"): startDate = key + 1
                case 10 where view.hasBytes(key, "identifier"): identifier = key + 1
                case 10 where view.hasBytes(key, "answerType"): answerType = key + 1
                case 11 where view.hasBytes(key, "stepHistory"): history = key + 1
                default: break
                }
            }
        }
    }

    /// Calls `visit` for every step of the `stepHistory` at `history`, depth first, with its path (`section/step`).
    private static func walk(_ view: JSONTapeView, _ history: Int, prefix: String, depth: Int = 0, _ visit: (Step, String, Int) -> Void) {
        guard view.kind(history) == .array, depth < 64 else { return }
        for index in view.elements(of: history) {
            let step = Step(view, index)
            let identifier = step.identifier.flatMap(view.stringValue) ?? "?"
            let path = prefix.isEmpty ? identifier : prefix + "/" + identifier
            visit(step, path, depth)
            if let nested = step.history { walk(view, nested, prefix: path, depth: depth + 1, visit) }
        }
    }
}
