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
            var members = TapeMembers(view)
            members.member(#""identifier":"#, view.member(0, "identifier"))
            members.member(#""startDate":"#, view.member(0, "startDate"))
            members.member(#""endDate":"#, view.member(0, "endDate"))
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
    /// a value that is an array or object, or a string with an escape).
    func answersAndSteps(_ result: ResultDocument?) -> (answers: Rows, steps: Rows) {
        var answers = JSONBytes(), steps = JSONBytes(), answerCount = 0, stepCount = 0
        result?.tape.withView { view in
            guard let history = view.member(0, "stepHistory") else { return }
            // Member runs, made once per step (the dates and identifier serve both rows); their memory is kept.
            var identifier = TapeMembers(view), dates = TapeMembers(view), more = TapeMembers(view)
            OwnTables.walk(view, history, prefix: "") { step, stepPath, depth in
                identifier.start()
                identifier.member(#""identifier":"#, step.identifier)
                dates.start()
                dates.member(#""startDate":"#, step.startDate)
                dates.member(#""endDate":"#, step.endDate)
                more.start()
                more.member(#""type":"#, step.type)
                steps.beginObject()
                steps.key("taskRunUUID"); steps.string(run)
                steps.key("order"); steps.integer(stepCount)
                steps.key("stepPath"); steps.string(stepPath)
                steps.members(identifier.bytes)
                steps.members(more.bytes)
                steps.key("depth"); steps.integer(depth)
                steps.members(dates.bytes)
                end(&steps)
                stepCount += 1
                guard let type = step.type, view.isString(type, "answer") else { return }
                answers.beginObject()
                answers.key("taskRunUUID"); answers.string(run)
                answers.key("stepPath"); answers.string(stepPath)
                answers.members(identifier.bytes)
                more.start()
                more.member(#""answerType":"#, step.answerType.flatMap { view.member($0, "type") })
                more.answerValue(step.value)
                answers.members(more.bytes)
                answers.members(dates.bytes)
                end(&answers)
                answerCount += 1
            }
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

/// Members written from a tape's values as JSON bytes (`"name":value,…`, the bytes `JSONWriter.compact`
/// writes for them) for `JSONBytes.members(_:)`: a string without escapes is copied from the tape, a number
/// written as its lexeme, and only an array, an object or a string that needs escapes goes through a tree.
/// Reused from row to row: `start()` empties it and keeps its memory.
struct TapeMembers {
    private let view: JSONTapeView
    /// The members written since `start()`.
    private(set) var bytes: [UInt8] = []

    /// An empty run of members from the values of `view`.
    init(_ view: JSONTapeView) {
        self.view = view
        bytes.reserveCapacity(256)
    }

    /// Empties the run.
    mutating func start() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// The member `name` (written as it is: `"name":`) with the value at `index` (`null` for `nil`).
    mutating func member(_ name: StaticString, _ index: Int?) {
        self.name(name)
        guard let index else { return append("null") }
        switch view.kind(index) {
        case .string where JSONBytes.needsNoEscape(view.bytes(index)): quoted(view.bytes(index))
        case .integer, .decimal: append(view.number(index).lexeme)
        case .null: append("null")
        case .true: append("true")
        case .false: append("false")
        default: bytes += JSONWriter.compact.bytes(view.value(at: index))
        }
    }

    /// An answer's value at `index` (`null` for `nil`): `value`, its JSON text as a string, then the typed
    /// columns `valueString`, `valueNumber` and `valueBoolean` (the one that fits set, the others `null`).
    mutating func answerValue(_ index: Int?) {
        let kind = index.map(view.kind) ?? .null
        let plain = kind == .string && index.map { JSONBytes.needsNoEscape(view.bytes($0)) } == true
        name(#""value":"#)
        switch (kind, index) {
        case (.string, let index?) where plain:
            append(#""\""#)
            bytes.append(contentsOf: view.bytes(index))
            append(#"\"""#)
        case (.integer, let index?), (.decimal, let index?): append("\"" + view.number(index).lexeme + "\"")
        case (.null, _): append(#""null""#)
        case (.true, _): append(#""true""#)
        case (.false, _): append(#""false""#)
        default:
            let text = JSONWriter.compact.bytes(index.map(view.value(at:)) ?? .null)
            JSONWriter.writeString(String(decoding: text, as: UTF8.self), into: &bytes)
        }
        name(#""valueString":"#)
        switch (kind, index) {
        case (.string, let index?) where plain: quoted(view.bytes(index))
        case (.string, let index?): JSONWriter.writeString(view.string(index), into: &bytes)
        default: append("null")
        }
        name(#""valueNumber":"#)
        switch (kind, index) {
        case (.integer, let index?), (.decimal, let index?): append(view.number(index).lexeme)
        default: append("null")
        }
        name(#""valueBoolean":"#)
        append(kind == .true ? "true" : kind == .false ? "false" : "null")
    }

    /// A member's name as written (`"name":`, quotes and colon given with it: copied at once), after a
    /// comma unless it is the first member.
    private mutating func name(_ name: StaticString) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// A string that needs no escape, between quotes.
    private mutating func quoted(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text)
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }
}
