import FoundationEssentials
import JSONCore

/// What the upload says about a record (not the zip): Bridge's object metadata, one line of a
/// `--manifest` file. Only `path` is required in a manifest.
public struct RecordMetadata: Sendable, Equatable {
    /// The archive's path, resolved against the manifest's folder.
    public var path: String?
    /// Bridge's record identifier.
    public var recordId: String?
    /// The Bridge assessment identifier.
    public var assessmentId: String?
    /// The assessment revision (an integer, or a string of digits as in S3 metadata).
    public var assessmentRevision: Int?
    /// When the record was uploaded (ISO 8601), for partitions.
    public var uploadedOn: String?
    /// The client info string of the upload (matched by tolerated-error rules).
    public var clientInfo: String?
    /// The Bridge app identifier.
    public var appId: String?
    /// Every member of the manifest line, as written (for pipelines that carry more metadata).
    public var fields: JSONObject

    /// Record metadata from known fields.
    public init(path: String? = nil, recordId: String? = nil, assessmentId: String? = nil, assessmentRevision: Int? = nil,
                uploadedOn: String? = nil, clientInfo: String? = nil, appId: String? = nil, fields: JSONObject = JSONObject()) {
        self.path = path
        self.recordId = recordId
        self.assessmentId = assessmentId
        self.assessmentRevision = assessmentRevision
        self.uploadedOn = uploadedOn
        self.clientInfo = clientInfo
        self.appId = appId
        self.fields = fields
    }

    /// The part of the metadata the archive-map lookup uses.
    public var key: RecordKey {
        RecordKey(assessmentId: assessmentId, assessmentRevision: assessmentRevision, appId: appId)
    }
}

/// The names of upload fields in rows: S3's object metadata keys, which are lower-case.
public enum UploadField {
    /// `name` lower-cased as `String.lowercased()` does it; an ASCII name (nearly all) by its bytes alone,
    /// and returned as it is when it has no upper-case letter.
    public static func key(_ name: String) -> String {
        var name = name
        let lowered: String?? = name.withUTF8 { utf8 in
            var upper = false
            for byte in utf8 {
                if byte >= 0x80 { return nil }
                if byte &- UInt8(ascii: "A") < 26 { upper = true }
            }
            guard upper else { return .some(nil) }
            return String(unsafeUninitializedCapacity: utf8.count) { buffer in
                for index in 0..<utf8.count {
                    let byte = utf8[index]
                    buffer[index] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                }
                return utf8.count
            }
        }
        // Not ASCII: the general way; ASCII without an upper-case letter: the name itself.
        guard let lowered else { return name.lowercased() }
        return lowered ?? name
    }
}

/// One line of a manifest: the record, or why the line is unusable.
public struct ManifestLine: Sendable {
    /// The 1-based line number.
    public let line: Int
    /// The record, or a positioned issue (no `path`, wrong types, not JSON).
    public let record: Result<RecordMetadata, InputIssue>
}

/// Reads `--manifest` files: JSON lines, one object per archive, e.g.
/// `{"path": "a.zip", "recordId": "…", "assessmentId": "walk-and-balance", "assessmentRevision": 1,
/// "uploadedOn": "2026-01-02T03:04:05.000Z", "clientInfo": "…", "appId": "…"}`. Blank lines are skipped.
public enum RecordManifest {
    /// Every non-blank line of `bytes`; `name` is the manifest's name for issues, `folder` the one
    /// relative paths are resolved against (the manifest's own folder, or the working folder for `-`).
    public static func read(_ bytes: [UInt8], name: String, folder: String) -> [ManifestLine] {
        var lines: [ManifestLine] = []
        var number = 0
        var start = 0
        while start < bytes.count {
            number += 1
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[start..<end]
            start = end + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            lines.append(ManifestLine(line: number, record: parse(Array(line), line: number, name: name, folder: folder)))
        }
        return lines
    }

    /// `relative` in `folder`, standardized: joined by a slash when neither holds an empty, `.` or `..`
    /// component (nor ends with a slash, but the root), else as `standardized(_:in:)` makes it.
    static func resolve(_ relative: String, in folder: String) -> String {
        guard folder.hasPrefix("/"), isPlain(relative.utf8, from: 0), isPlain(folder.utf8, from: 1) || folder == "/" else {
            return standardized(relative, in: folder)
        }
        return (folder == "/" ? "" : folder) + "/" + relative
    }

    /// The general way: `relative` appended to the file URL of `folder`, standardized (`.` and `..` resolved).
    static func standardized(_ relative: String, in folder: String) -> String {
        URL(fileURLWithPath: folder).appendingPathComponent(relative).standardized.path
    }

    /// Whether the path's components from byte `start` on are all neither empty, `.` nor `..` (no
    /// doubled, leading or trailing slash) and the path holds no NUL.
    private static func isPlain(_ path: String.UTF8View, from start: Int) -> Bool {
        var componentLength = 0, dots = 0
        for byte in path.dropFirst(start) {
            switch byte {
            case UInt8(ascii: "/"):
                guard componentLength > 0, dots < componentLength || dots > 2 else { return false }
                componentLength = 0
                dots = 0
            case 0: return false
            default:
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return componentLength > 0 && (dots < componentLength || dots > 2)
    }

    /// The manifest's folder for resolving paths: its own folder, or the working folder for `-`.
    public static func folder(ofManifest path: String) -> String {
        path == "-" ? FileManager.default.currentDirectoryPath : URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    /// Parses one line (its bytes without the newline); issues carry `name:line:col`.
    public static func parse(_ bytes: [UInt8], line: Int, name: String, folder: String) -> Result<RecordMetadata, InputIssue> {
        // Most lines are fine: read without positions, and read again with them only to place an issue.
        if let document = try? JSONDocument(bytes: bytes), case .success(let record) = read(document, line: line, name: name, folder: folder) {
            return .success(record)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes, options: .init(recordPositions: true))
        } catch {
            return .failure(InputIssue(file: name, position: SourcePosition(line: line, column: error.position.column, offset: error.position.offset),
                                       message: "not a JSON object: \(error.message)"))
        }
        return read(document, line: line, name: name, folder: folder)
    }

    /// The record of a parsed line, or its issue (placed when the document has positions).
    private static func read(_ document: JSONDocument, line: Int, name: String, folder: String) -> Result<RecordMetadata, InputIssue> {
        func issue(_ pointer: JSONPointer, _ message: String) -> InputIssue {
            let column = document.sourceMap?.position(of: pointer).column ?? 1
            return InputIssue(file: name, position: SourcePosition(line: line, column: column, offset: 0), pointer: pointer, message: message)
        }
        guard let object = document.value.objectValue else {
            return .failure(issue(.root, "a manifest line must be a JSON object, found \(document.value.primitiveType.withArticle)"))
        }
        // Upload fields go into rows under lower-case keys (S3's metadata): two keys equal up to case would
        // give one record two values of one field (a recordId in the archive's rows and another in its metadata).
        // The keys seen so far, lower-cased, with their first spelling: a line's handful of keys is searched in
        // order, a long line's through a dictionary.
        var seen: [(lowered: String, key: String)] = []
        var seenByKey: [String: String] = [:]
        seen.reserveCapacity(min(object.count, 16))
        for member in object {
            let lowered = UploadField.key(member.key)
            if let first = seen.count < 16 ? seen.first(where: { $0.lowered == lowered })?.key : seenByKey[lowered] {
                return .failure(issue(JSONPointer(tokens: [member.key]), "keys \"\(first)\" and \"\(member.key)\" are equal up to case: "
                                      + "upload fields are lower-cased (as S3 metadata is), so the line would give \"\(lowered)\" two values"))
            }
            if seen.count < 16 {
                seen.append((lowered, member.key))
                if seen.count == 16 { seenByKey = Dictionary(seen.map { ($0.lowered, $0.key) }, uniquingKeysWith: { first, _ in first }) }
            } else {
                seenByKey[lowered] = member.key
            }
            // When Bridge exported the record: it orders exports of one record (`ingest --on-record-id latest`).
            if lowered == "exportedon", member.value.stringValue.flatMap(Timestamp.date) == nil {
                return .failure(issue(JSONPointer(tokens: [member.key]), "\"\(member.key)\" must be an ISO 8601 date-time such as 2026-01-02T03:04:05.000Z, found \(member.value)"))
            }
        }
        var record = RecordMetadata(fields: object)
        for key in ["path", "recordId", "assessmentId", "uploadedOn", "clientInfo", "appId"] {
            guard let value = object[key] else { continue }
            guard let text = value.stringValue else {
                return .failure(issue(JSONPointer(tokens: [key]), "\"\(key)\" must be a string, found \(value.primitiveType.withArticle)"))
            }
            switch key {
            case "path": record.path = text.hasPrefix("/") ? text : resolve(text, in: folder)
            case "recordId": record.recordId = text
            case "assessmentId": record.assessmentId = text
            case "uploadedOn":
                guard Timestamp.date(text) != nil else {
                    return .failure(issue(JSONPointer(tokens: [key]), "\"uploadedOn\" must be an ISO 8601 date-time such as 2026-01-02T03:04:05.000Z, found \"\(text)\""))
                }
                record.uploadedOn = text
            case "clientInfo": record.clientInfo = text
            default: record.appId = text
            }
        }
        guard record.path != nil, !(object["path"]?.stringValue?.isEmpty ?? true) else {
            return .failure(issue(.root, "the line has no \"path\" (the archive's path, relative to the manifest's folder)"))
        }
        if let value = object["assessmentRevision"] {
            if let number = value.numberValue?.intValue {
                record.assessmentRevision = number
            } else if let text = value.stringValue, let number = Int(text) {
                record.assessmentRevision = number
            } else {
                return .failure(issue(JSONPointer(tokens: ["assessmentRevision"]), "\"assessmentRevision\" must be an integer (or a string of digits), found \(value)"))
            }
        }
        return .success(record)
    }
}
