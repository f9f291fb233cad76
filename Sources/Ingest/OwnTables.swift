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

    /// One row per answer: where it was asked, its type, and the value as JSON and in typed columns
    /// (`valueString`, `valueNumber`, `valueBoolean`; the one that fits is set, the others null).
    func answers(_ result: JSONValue?) -> Rows {
        var rows = JSONBytes(), count = 0
        OwnTables.walk(result?["stepHistory"], prefix: "") { step, stepPath, _ in
            guard step["type"]?.stringValue == "answer" else { return }
            let value = step["value"] ?? .null
            rows.beginObject()
            rows.key("taskRunUUID"); rows.string(run)
            rows.key("stepPath"); rows.string(stepPath)
            rows.key("identifier"); rows.value(step["identifier"])
            rows.key("answerType"); rows.value(step["answerType"]?["type"])
            rows.key("value")
            rows.string(utf8: JSONBytes.text(of: value))
            rows.key("valueString"); rows.string(value.stringValue)
            rows.key("valueNumber"); rows.value(value.numberValue.map(JSONValue.number))
            rows.key("valueBoolean"); rows.value(value.boolValue.map(JSONValue.bool))
            rows.key("startDate"); rows.value(step["startDate"])
            rows.key("endDate"); rows.value(step["endDate"])
            end(&rows)
            count += 1
        }
        return Rows(bytes: rows.bytes, count: count)
    }

    /// One row per step shown, in the order of `stepHistory` (sections first, then their steps).
    func steps(_ result: JSONValue?) -> Rows {
        var rows = JSONBytes(), count = 0
        OwnTables.walk(result?["stepHistory"], prefix: "") { step, stepPath, depth in
            rows.beginObject()
            rows.key("taskRunUUID"); rows.string(run)
            rows.key("order"); rows.integer(count)
            rows.key("stepPath"); rows.string(stepPath)
            rows.key("identifier"); rows.value(step["identifier"])
            rows.key("type"); rows.value(step["type"])
            rows.key("depth"); rows.integer(depth)
            rows.key("startDate"); rows.value(step["startDate"])
            rows.key("endDate"); rows.value(step["endDate"])
            end(&rows)
            count += 1
        }
        return Rows(bytes: rows.bytes, count: count)
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
