import FoundationEssentials
import JSONCore
import JSONSchema
import AssessmentSchemas

/// Sage's `archive-map.json` (Sage-Bionetworks/mobile-client-json, schema `schemas/v3/ArchiveMap.json`),
/// decoded: which JSON Schema each file of a result archive follows, per assessment revision, per app
/// and for every archive. Every entry keeps its JSON Pointer so findings can point into the map.
public struct ArchiveMap: Sendable {
    /// One `FileInfo` of the map.
    public struct FileInfo: Sendable, Equatable {
        /// The file name inside archives.
        public let filename: String
        /// The URI of the schema the file follows, if the map names one.
        public let jsonSchema: String?
        /// The content type, when stated.
        public let contentType: String?
        /// Whether the file must be in the archive.
        public let isRequired: Bool
        /// Whether the file is kept only for older services and apps.
        public let deprecated: Bool
        /// Where the entry is in the map.
        public let pointer: JSONPointer
    }

    /// One entry of `assessments[]`: the files of an assessment from a revision on.
    public struct AssessmentEntry: Sendable, Equatable {
        /// The Bridge assessment identifier.
        public let assessmentIdentifier: String
        /// The lowest assessment revision this entry applies to.
        public let assessmentRevision: Int
        /// The entry's files.
        public let files: [FileInfo]
        /// Where the entry is in the map.
        public let pointer: JSONPointer
    }

    /// One organisation's default files of an app (`apps[].default[]`).
    public struct DefaultFiles: Sendable, Equatable {
        /// The organisation's name, for readers.
        public let organization: String?
        /// Its files.
        public let files: [FileInfo]
    }

    /// One entry of `apps[]`.
    public struct AppEntry: Sendable, Equatable {
        /// The Bridge app identifier.
        public let appId: String
        /// Default files by organisation (they lend schemas; their `isRequired` is per organisation).
        public let defaults: [DefaultFiles]
        /// Files any archive of this app may hold.
        public let anyOf: [FileInfo]
        /// Where the entry is in the map.
        public let pointer: JSONPointer
    }

    /// The `$id` of Sage's published schema for archive maps.
    public static let schemaURI = SageSchemas.archiveMapURI

    /// The map's name (its path as given).
    public let name: String
    /// The parsed map, with positions.
    public let document: JSONDocument
    /// Files of every archive, of every app (top-level `anyOf`).
    public let common: [FileInfo]
    /// Files per assessment and revision.
    public let assessments: [AssessmentEntry]
    /// Files per app.
    public let apps: [AppEntry]

    /// Decodes a map; a syntax error or a value the lookup cannot use (wrong type, missing
    /// `filename`, `assessmentIdentifier`, `assessmentRevision` or `appId`) is a positioned issue.
    public init(bytes: [UInt8], name: String) throws(InputIssue) {
        let document = try InputIssue.parse(bytes, file: name)
        let decoder = MapDecoder(document: document, file: name)
        let root = try decoder.object(document.value, at: .root, what: "an archive map")
        common = try decoder.files(root["anyOf"], at: JSONPointer(tokens: ["anyOf"]))
        var assessments: [AssessmentEntry] = []
        for (index, value) in try decoder.array(root["assessments"], at: JSONPointer(tokens: ["assessments"])).enumerated() {
            let here = JSONPointer(tokens: ["assessments"]).appending(index: index)
            let entry = try decoder.object(value, at: here, what: "an assessment entry")
            assessments.append(AssessmentEntry(
                assessmentIdentifier: try decoder.string(entry["assessmentIdentifier"], at: here.appending("assessmentIdentifier"), required: true) ?? "",
                assessmentRevision: try decoder.integer(entry["assessmentRevision"], at: here.appending("assessmentRevision")),
                files: try decoder.files(entry["files"], at: here.appending("files")),
                pointer: here))
        }
        var apps: [AppEntry] = []
        for (index, value) in try decoder.array(root["apps"], at: JSONPointer(tokens: ["apps"])).enumerated() {
            let here = JSONPointer(tokens: ["apps"]).appending(index: index)
            let entry = try decoder.object(value, at: here, what: "an app entry")
            var defaults: [DefaultFiles] = []
            for (position, group) in try decoder.array(entry["default"], at: here.appending("default")).enumerated() {
                let groupPointer = here.appending("default").appending(index: position)
                let object = try decoder.object(group, at: groupPointer, what: "a group of default files")
                defaults.append(DefaultFiles(
                    organization: try decoder.string(object["organization"], at: groupPointer.appending("organization"), required: false),
                    files: try decoder.files(object["files"], at: groupPointer.appending("files"))))
            }
            apps.append(AppEntry(
                appId: try decoder.string(entry["appId"], at: here.appending("appId"), required: true) ?? "",
                defaults: defaults,
                anyOf: try decoder.files(entry["anyOf"], at: here.appending("anyOf")),
                pointer: here))
        }
        self.name = name
        self.document = document
        self.assessments = assessments
        self.apps = apps
    }

    /// Reads and decodes the map at `path`.
    public init(contentsOf path: String) throws(InputIssue) {
        try self.init(bytes: InputIssue.read(path, what: "the archive map"), name: path)
    }

    /// The map's errors against Sage's `ArchiveMap.json` (v3), positioned in the map; `nil` when
    /// `registry` does not hold that schema (give Sage's schemas with `--ref-dir`).
    public func schemaIssues(registry: SchemaRegistry) -> [InputIssue]? {
        guard registry.contains(ArchiveMap.schemaURI),
              let validator = try? Validator(registered: ArchiveMap.schemaURI, in: registry) else { return nil }
        return validator.validate(document.value).map { error in
            let best = error.bestMatch
            return .at(best.instanceLocation, in: document, file: name,
                       "the map does not follow ArchiveMap.json: \(best.message) at \(best.instanceLocation.description.isEmpty ? "the root" : best.instanceLocation.description) (\(best.keywordLocation))")
        }
    }

    /// The position of a map entry, for findings.
    public func position(of pointer: JSONPointer) -> SourcePosition? {
        document.sourceMap?.position(of: pointer)
    }
}

/// Reads the map's values, throwing positioned issues for the ones the lookup cannot use.
private struct MapDecoder {
    let document: JSONDocument
    let file: String

    func issue(_ pointer: JSONPointer, _ message: String) -> InputIssue {
        .at(pointer, in: document, file: file, message)
    }

    func object(_ value: JSONValue, at pointer: JSONPointer, what: String) throws(InputIssue) -> JSONValue {
        guard value.objectValue != nil else { throw issue(pointer, "\(what) must be an object, found \(value.primitiveType.withArticle)") }
        return value
    }

    /// An optional array (`nil` is empty).
    func array(_ value: JSONValue?, at pointer: JSONPointer) throws(InputIssue) -> [JSONValue] {
        guard let value else { return [] }
        guard let items = value.arrayValue else { throw issue(pointer, "\"\(pointer.lastToken ?? "")\" must be an array, found \(value.primitiveType.withArticle)") }
        return items
    }

    func string(_ value: JSONValue?, at pointer: JSONPointer, required: Bool) throws(InputIssue) -> String? {
        guard let value else {
            if required, let parent = pointer.parent { throw issue(parent, "\"\(pointer.lastToken ?? "")\" is missing") }
            return nil
        }
        guard let text = value.stringValue else { throw issue(pointer, "\"\(pointer.lastToken ?? "")\" must be a string, found \(value.primitiveType.withArticle)") }
        return text
    }

    func integer(_ value: JSONValue?, at pointer: JSONPointer) throws(InputIssue) -> Int {
        guard let value else { throw issue(pointer.parent ?? .root, "\"\(pointer.lastToken ?? "")\" is missing") }
        guard let number = value.numberValue?.intValue else {
            throw issue(pointer, "\"\(pointer.lastToken ?? "")\" must be an integer, found \(value.primitiveType == .number ? "\(value)" : value.primitiveType.withArticle)")
        }
        return number
    }

    func bool(_ value: JSONValue?, at pointer: JSONPointer) throws(InputIssue) -> Bool {
        guard let value else { return false }
        guard let flag = value.boolValue else { throw issue(pointer, "\"\(pointer.lastToken ?? "")\" must be true or false, found \(value.primitiveType.withArticle)") }
        return flag
    }

    func files(_ value: JSONValue?, at pointer: JSONPointer) throws(InputIssue) -> [ArchiveMap.FileInfo] {
        var files: [ArchiveMap.FileInfo] = []
        for (index, item) in try array(value, at: pointer).enumerated() {
            let here = pointer.appending(index: index)
            let entry = try object(item, at: here, what: "a file entry")
            files.append(ArchiveMap.FileInfo(
                filename: try string(entry["filename"], at: here.appending("filename"), required: true) ?? "",
                jsonSchema: try string(entry["jsonSchema"], at: here.appending("jsonSchema"), required: false),
                contentType: try string(entry["contentType"], at: here.appending("contentType"), required: false),
                isRequired: try bool(entry["isRequired"], at: here.appending("isRequired")),
                deprecated: try bool(entry["deprecated"], at: here.appending("deprecated")),
                pointer: here))
        }
        return files
    }
}
