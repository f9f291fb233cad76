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
        self.run = run
        var members = JSONBytes()
        members.beginObject()
        for (key, value) in fields {
            members.key(escaping: key)
            members.value(value)
        }
        members.endObject()
        partition = Array(members.bytes.dropFirst().dropLast())
        runMember = Array(#""taskRunUUID":"#.utf8) + JSONBytes.text(of: run.map(JSONValue.string) ?? .null)
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
        var answers = RowBytes(capacity: 2048), steps = RowBytes(capacity: 2048), answerCount = 0, stepCount = 0
        result?.tape.withView { view in
            guard let history = view.member(0, "stepHistory") else { return }
            OwnTables.walk(view, history, prefix: "") { step, stepPath, depth in
                steps.begin(runMember)
                steps.member(#""order":"#, integer: stepCount)
                steps.member(#""stepPath":"#, string: stepPath)
                steps.member(#""identifier":"#, view, step.identifier)
                steps.member(#""type":"#, view, step.type)
                steps.member(#""depth":"#, integer: depth)
                steps.member(#""startDate":"#, view, step.startDate)
                steps.member(#""endDate":"#, view, step.endDate)
                steps.end(partition)
                stepCount += 1
                guard let type = step.type, view.isString(type, "answer") else { return }
                answers.begin(runMember)
                answers.member(#""stepPath":"#, string: stepPath)
                answers.member(#""identifier":"#, view, step.identifier)
                answers.member(#""answerType":"#, view, step.answerType.flatMap { view.member($0, "type") })
                answers.answerValue(view, step.value)
                answers.member(#""startDate":"#, view, step.startDate)
                answers.member(#""endDate":"#, view, step.endDate)
                answers.end(partition)
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

/// Rows and members written from a tape's values as JSON bytes: the bytes `JSONBytes` writes for the same
/// members (`"name":value,…`, as `JSONWriter.compact` writes each value). A string without escapes is copied
/// from the tape, a number written as its lexeme, and only an array, an object or a string that needs escapes
/// goes through a tree. Owns its memory (written through a pointer, grown by doubling): not copyable.
struct RowBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Whether the next member follows another (and needs a comma).
    private var follows = false

    /// An empty writer with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// What has been written.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Opens a row: `{` and its first member, as written.
    mutating func begin(_ first: [UInt8]) {
        append(UInt8(ascii: "{"))
        first.withUnsafeBufferPointer { append($0) }
        follows = true
    }

    /// Closes a row after `last` (written members; none when empty): `}` and a line feed.
    mutating func end(_ last: [UInt8]) {
        if !last.isEmpty {
            append(UInt8(ascii: ","))
            last.withUnsafeBufferPointer { append($0) }
        }
        append(UInt8(ascii: "}"))
        append(0x0A)
        follows = false
    }

    /// The member `name` (written as it is: `"name":`) with the value at `index` of `view` (`null` for `nil`).
    mutating func member(_ name: StaticString, _ view: JSONTapeView, _ index: Int?) {
        self.name(name)
        guard let index else { return append("null") }
        switch view.kind(index) {
        case .string where JSONBytes.needsNoEscape(view.bytes(index)): quoted(view.bytes(index))
        case .integer, .decimal: append(view.number(index).lexeme)
        case .null: append("null")
        case .true: append("true")
        case .false: append("false")
        default: append(JSONWriter.compact.bytes(view.value(at: index)))
        }
    }

    /// The member `name` with an integer value, written as `String(value)` writes it.
    mutating func member(_ name: StaticString, integer value: Int) {
        self.name(name)
        integer(value)
    }

    /// The member `name` with a string value, escaped as `JSONWriter` escapes it.
    mutating func member(_ name: StaticString, string: String) {
        self.name(name)
        var text = string
        text.withUTF8 { utf8 in
            if JSONBytes.needsNoEscape(utf8) { return quoted(utf8) }
            var escaped: [UInt8] = []
            JSONWriter.writeString(string, into: &escaped)
            append(escaped)
        }
    }

    /// An answer's value at `index` (`null` for `nil`): `value`, its JSON text as a string, then the typed
    /// columns `valueString`, `valueNumber` and `valueBoolean` (the one that fits set, the others `null`).
    mutating func answerValue(_ view: JSONTapeView, _ index: Int?) {
        let kind = index.map(view.kind) ?? .null
        let plain = kind == .string && index.map { JSONBytes.needsNoEscape(view.bytes($0)) } == true
        name(#""value":"#)
        switch (kind, index) {
        case (.string, let index?) where plain:
            append(#""\""#)
            append(view.bytes(index))
            append(#"\"""#)
        case (.integer, let index?), (.decimal, let index?):
            append(UInt8(ascii: "\""))
            append(view.number(index).lexeme)
            append(UInt8(ascii: "\""))
        case (.null, _): append(#""null""#)
        case (.true, _): append(#""true""#)
        case (.false, _): append(#""false""#)
        default:
            let text = JSONWriter.compact.bytes(index.map(view.value(at:)) ?? .null)
            var escaped: [UInt8] = []
            JSONWriter.writeString(String(decoding: text, as: UTF8.self), into: &escaped)
            append(escaped)
        }
        name(#""valueString":"#)
        switch (kind, index) {
        case (.string, let index?) where plain: quoted(view.bytes(index))
        case (.string, let index?):
            var escaped: [UInt8] = []
            JSONWriter.writeString(view.string(index), into: &escaped)
            append(escaped)
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

    /// The decimal digits of `value` (after `-` when negative), as `String(value)` writes them.
    mutating func integer(_ value: Int) {
        var magnitude = value.magnitude, digits = 1
        while magnitude >= 10 {
            magnitude /= 10
            digits += 1
        }
        reserve(digits + 1)
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        magnitude = value.magnitude
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            base[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        count += digits
    }

    /// A member's name as written (`"name":`, quotes and colon given with it), after a comma unless it is the
    /// first member of the row (or of the run, outside rows).
    private mutating func name(_ name: StaticString) {
        if follows { append(UInt8(ascii: ",")) }
        follows = true
        append(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// A string that needs no escape, between quotes.
    private mutating func quoted(_ text: UnsafeBufferPointer<UInt8>) {
        reserve(text.count + 2)
        base[count] = UInt8(ascii: "\"")
        count += 1
        append(text)
        base[count] = UInt8(ascii: "\"")
        count += 1
    }

    private mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    private mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let start = buffer.baseAddress else { return }
        reserve(buffer.count)
        (base + count).update(from: start, count: buffer.count)
        count += buffer.count
    }

    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(more) }
    }

    @inline(never)
    private mutating func grow(_ more: Int) {
        let grown = max(capacity * 2, count + more)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }
}
