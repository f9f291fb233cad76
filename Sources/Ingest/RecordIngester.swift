import FoundationEssentials
import Platform
import JSONCore
import ResultArchive

/// One object to write under the output folder: the rows of one record in one dataset partition.
public struct OutputObject: Sendable, Equatable {
    /// The partition folder under the output folder (`dataset=…/assessmentid=…/year=…/month=…/day=…`).
    public let folder: String
    /// The object's own file name in Sage's per-record layout (`RECORDID.ndjson`).
    public let fileName: String
    /// The NDJSON bytes: one line per row.
    public let bytes: [UInt8]
    /// How many rows (lines) the bytes hold.
    public let lines: Int
    /// `folder` with its hash, taken where the object is made (while records are prepared in parallel):
    /// the record's turn in order finds the object's part file by it without hashing the folder's bytes.
    let folderKey: FolderKey

    /// The object's path in Sage's per-record layout.
    public var path: String { folder + "/" + fileName }

    /// An object of `lines` rows `bytes` for `folder`, named `fileName` in the per-record layout.
    public init(folder: String, fileName: String, bytes: [UInt8], lines: Int) {
        self.folder = folder
        self.fileName = fileName
        self.bytes = bytes
        self.lines = lines
        folderKey = FolderKey(folder)
    }
}

/// A folder's path with its hash value taken once: a dictionary key whose hashing costs one word, not the path's bytes.
struct FolderKey: Hashable, Sendable {
    let folder: String
    /// `folder.hashValue` (the process's seed: the same on every thread).
    let hash: Int

    init(_ folder: String) {
        self.folder = folder
        hash = folder.hashValue
    }

    static func == (left: FolderKey, right: FolderKey) -> Bool {
        left.hash == right.hash && left.folder == right.folder
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

/// What ingesting one input came to before the batch decides on duplicates.
public struct PreparedRecord: Sendable {
    /// The input.
    public let input: IngestInput
    /// The archive's verdict, when the archive could be read.
    public var report: ArchiveReport?
    /// Why the record cannot be ingested (empty when it can).
    public var reasons: [String]
    /// The record's identifier: the manifest's `recordId`, else the archive's file name without `.zip`.
    public let recordId: String
    /// The run's `taskRunUUID`, when known.
    public var taskRunUUID: String? { report?.taskRunUUID }
    /// The objects to write when the record is ingested.
    public var objects: [OutputObject]
    /// When Bridge exported the record, if the manifest says (read once, where the record is prepared).
    public let exportedOn: String?

    /// The record of `input` as prepared so far.
    public init(input: IngestInput, report: ArchiveReport?, reasons: [String], recordId: String, objects: [OutputObject]) {
        self.input = input
        self.report = report
        self.reasons = reasons
        self.recordId = recordId
        self.objects = objects
        exportedOn = input.record?.exportedOn
    }
}

/// Turns one archive into the rows of Sage's datasets and of our own tables. Immutable and
/// `Sendable`: prepare records on several threads with one ingester.
public struct RecordIngester: Sendable {
    private let verifier: ArchiveVerifier
    private let names: DatasetNames
    private let explodeArrays: Bool

    /// An ingester verifying with `verifier` (which must have an archive map) and naming datasets with `names`;
    /// with `explodeArrays`, a file that is a JSON array becomes one line per item (each object with the
    /// inserted fields) instead of Sage's one line holding the array.
    public init(verifier: ArchiveVerifier, names: DatasetNames = DatasetNames(), explodeArrays: Bool = false) {
        self.verifier = verifier
        self.names = names
        self.explodeArrays = explodeArrays
    }

    /// Reads, verifies and lays out one input.
    public func prepare(_ input: IngestInput) -> PreparedRecord {
        let recordId = input.record?.recordId ?? input.path.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? input.name
        var prepared = PreparedRecord(input: input, report: nil, reasons: [], recordId: recordId, objects: [])
        if let issue = input.issue {
            prepared.reasons = [issue.description]
            return prepared
        }
        guard let path = input.path, let bytes = FileBytes.read(path) else {
            prepared.reasons = ["cannot read \(input.name): \(RecordIngester.unreadableReason(input.path ?? ""))"]
            return prepared
        }
        let upload = RecordIngester.uploadFields(input.record)
        let verified = verifier.verifyKeepingContents(bytes, name: input.name, record: input.record,
                                                      lineNames: explodeArrays ? nil : RecordIngester.lineNames(upload))
        prepared.report = verified.report
        guard verified.report.status == .valid else {
            prepared.reasons = verified.report.problems.map(verifier.describe)
            return prepared
        }
        switch layout(verified, recordId: prepared.recordId, record: input.record, upload: upload) {
        case .success(let objects): prepared.objects = objects
        case .failure(let reason): prepared.reasons = [reason.message]
        }
        return prepared
    }

    private struct Refusal: Error {
        let message: String
    }

    private func layout(_ verified: VerifiedArchive, recordId: String, record: RecordMetadata?,
                        upload: [(String, JSONValue)]) -> Result<[OutputObject], Refusal> {
        let report = verified.report, entries = verified.contents, result = verified.result
        guard let assessmentId = record?.assessmentId ?? report.key?.assessmentId else {
            return .failure(Refusal(message: "no assessment identifier: the manifest line has no \"assessmentId\" and assessmentResult.json none either"))
        }
        let dateText = record?.uploadedOn ?? result?.string("startDate")
        guard let dateText, let date = Timestamp.date(dateText) else {
            return .failure(Refusal(message: "no date to partition by: the manifest line has no \"uploadedOn\" and assessmentResult.json no \"startDate\""))
        }
        let partition = Partition(assessmentId: assessmentId, date: date)
        // The fields every row gets, as values only where a file is spliced or is ArchiveMetadata.
        func common() -> [(String, JSONValue)] { partition.fields + [("recordid", JSONValue.string(recordId))] }
        // The valid files by dataset, datasets in name order, each one's files in archive order.
        var perDataset: [(dataset: String, file: Int)] = []
        for (index, verdict) in report.files.enumerated() where verdict.status == .valid {
            guard let schema = verdict.schema else { continue }
            perDataset.append((names.name(for: schema), index))
        }
        perDataset.sort { $0.dataset != $1.dataset ? $0.dataset < $1.dataset : $0.file < $1.file }
        var objects: [OutputObject] = []
        // The dataset each file's rows went to, by its index in the report.
        var datasetOf = [String?](repeating: nil, count: report.files.count)
        // The common fields as written members, made once for all the record's files (but ArchiveMetadata's) and tables.
        let commonMembers = partition.writtenMembers(recordId: recordId)
        let recordName = SafeName.objectName(record: recordId)
        var next = perDataset.startIndex
        while next < perDataset.endIndex {
            let dataset = perDataset[next].dataset
            let group = perDataset[next...].prefix { $0.dataset == dataset }
            next = group.endIndex
            let isArchiveMetadata = DatasetNames.isArchiveMetadata(dataset)
            for file in group {
                let verdict = report.files[file.file]
                guard let content = entries[verdict.filename] else { continue }
                // Every upload field too for ArchiveMetadata, replacing a partition field of the same name as Sage's job does.
                func fields() -> [(String, JSONValue)] {
                    let fields = common() + [("filename", JSONValue.string(verdict.filename))]
                    return isArchiveMetadata ? RecordIngester.merging(fields, upload) : fields
                }
                let rows: ([UInt8], Int)?
                // The line the file's parse wrote, with the fields' members inserted (`NDJSONLine.line(_:from:)`'s bytes).
                if let compact = verified.lines[verdict.filename] {
                    let members = isArchiveMetadata ? OwnTables.writtenMembers(fields()) : RecordIngester.members(commonMembers, filename: verdict.filename)
                    rows = (compact.inserting(members, terminator: 0x0A), 1)
                } else {
                    rows = self.rows(fields(), into: content)
                }
                guard let (line, lines) = rows else { continue }
                // Two files of one record in one dataset: one object each, named after the file (Sage overwrites).
                // Named after the whole file name: two files of an archive never have one.
                let fileName = group.count > 1 ? SafeName.objectName(record: recordId, qualifier: verdict.filename) : recordName
                objects.append(OutputObject(folder: partition.folder(dataset: dataset), fileName: fileName, bytes: line, lines: lines))
                datasetOf[file.file] = dataset
            }
        }
        let tables = OwnTables(run: report.taskRunUUID, partition: commonMembers)
        let (answers, steps) = tables.answersAndSteps(result)
        let rows: [(OwnTable, OwnTables.Rows)] = [
            (.runs, tables.runs(report: report, record: record, upload: upload, result: result, objects: objects.count)),
            (.answers, answers),
            (.steps, steps),
            (.files, tables.files(report.files, datasets: datasetOf, contents: entries)),
        ]
        for (table, rows) in rows where rows.count > 0 {
            objects.append(OutputObject(folder: partition.folder(dataset: table.rawValue), fileName: recordName, bytes: rows.bytes, lines: rows.count))
        }
        return .success(objects)
    }

    /// The rows of a file whose parse wrote no line, with `fields` inserted, and how many: one line (Sage's), or
    /// with `explodeArrays` one line per item of a file that is an array; `nil` when the bytes are not JSON.
    private func rows(_ fields: [(String, JSONValue)], into content: [UInt8]) -> ([UInt8], Int)? {
        if explodeArrays, content.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "["),
           let items = (try? JSONDocument(bytes: content))?.value.arrayValue {
            var bytes: [UInt8] = []
            for item in items { bytes += JSONWriter.compact.bytes(item.inserting(fields)) + [0x0A] }
            return (bytes, items.count)
        }
        return NDJSONLine.line(fields, into: content).map { ($0, 1) }
    }

    /// The members a file's line gets, written: `common` (the written members of the common fields,
    /// `Partition.writtenMembers(recordId:)`) and `filename`, as `NDJSONLine.members` writes the fields with `filename` last.
    static func members(_ common: [UInt8], filename: String) -> [UInt8] {
        var members = ByteOutput(capacity: common.count + filename.utf8.count + 16)
        members.append(common)
        if !common.isEmpty { members.append(UInt8(ascii: ",")) }
        members.append(#""filename":"#)
        members.appendString(filename)
        return members.bytes
    }

    /// Every name `layout` may insert into a file of a record's archive (the partition's fields, `recordid`,
    /// `filename` and the record's `upload` fields): a file whose compact line is refused for one of them (or
    /// not written) is spliced from its bytes, so a line made from the compact form is always the splice's.
    static func lineNames(_ upload: [(String, JSONValue)]) -> CompactJSON.ReservedNames {
        var names = fixedLineNames
        for (name, _) in upload { names.add(name) }
        return names
    }

    /// The names every record's lines reserve (the partition's fields, `recordid`, `filename`), built once:
    /// `lineNames` adds the record's upload fields to them.
    private static let fixedLineNames = CompactJSON.ReservedNames(Partition.fieldNames + ["recordid", "filename"])

    /// `fields` with `more` set on them: a name already there keeps its place and takes the new value.
    static func merging(_ fields: [(String, JSONValue)], _ more: [(String, JSONValue)]) -> [(String, JSONValue)] {
        var merged = fields
        for (key, value) in more {
            if let index = merged.firstIndex(where: { $0.0 == key }) { merged[index].1 = value } else { merged.append((key, value)) }
        }
        return merged
    }

    /// Every upload field of the manifest line (but our `path`), under S3's lower-case metadata keys, for
    /// ArchiveMetadata rows as Sage's job inserts them.
    static func uploadFields(_ record: RecordMetadata?) -> [(String, JSONValue)] {
        guard let record else { return [] }
        return record.fields.members.filter { $0.key != "path" }.map { (UploadField.key($0.key), $0.value) }
    }

    /// Why the file at `path` cannot be read: no such file, a folder, or permission denied.
    public static func unreadableReason(_ path: String) -> String {
        guard let isDirectory = FileStatus.isFolder(path) else { return "no such file" }
        return isDirectory ? "is a folder" : "permission denied"
    }
}
