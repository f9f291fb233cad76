import FoundationEssentials
import JSONCore
import AssessmentModel
import AssessmentSchemas

/// One file listed in `metadata.json`.
public struct ManifestEntry: Sendable, Equatable {
    /// The file's name inside the archive.
    public var filename: String
    /// When the file was created.
    public var timestamp: Date
    /// Its MIME type, e.g. `application/json`.
    public var contentType: String?
    /// The result identifier the file belongs to.
    public var identifier: String?
    /// The path of the step that produced it.
    public var stepPath: String?
    /// The URI of the JSON Schema the file follows (JSON files).
    public var jsonSchema: String?

    /// An entry from its fields; only `filename` and `timestamp` are required.
    public init(filename: String, timestamp: Date, contentType: String? = nil, identifier: String? = nil,
                stepPath: String? = nil, jsonSchema: String? = nil) {
        self.filename = filename
        self.timestamp = timestamp
        self.contentType = contentType
        self.identifier = identifier
        self.stepPath = stepPath
        self.jsonSchema = jsonSchema
    }
}

/// The `metadata.json` of a result archive: app and device fields and the manifest of the other files.
public struct ArchiveMetadata: Sendable, Equatable {
    /// The app that recorded the run.
    public var appName: String
    /// That app's version.
    public var appVersion: String
    /// A description of the device.
    public var deviceInfo: String
    /// The device model identifier.
    public var deviceTypeIdentifier: String
    /// Every file of the archive except `metadata.json` itself.
    public var files: [ManifestEntry]

    /// Metadata from its fields.
    public init(appName: String, appVersion: String, deviceInfo: String, deviceTypeIdentifier: String, files: [ManifestEntry]) {
        self.appName = appName
        self.appVersion = appVersion
        self.deviceInfo = deviceInfo
        self.deviceTypeIdentifier = deviceTypeIdentifier
        self.files = files
    }

    /// The name of the manifest inside every archive.
    public static let filename = "metadata.json"

    /// The schema the manifest follows.
    public static let schemaURI = BundledSchemas.archiveMetadataURI

    /// The manifest as JSON, keys in a stable order.
    public var json: JSONValue {
        let entries: [JSONValue] = files.map { entry in
            var object = JSONObject([
                .init(key: "filename", value: .string(entry.filename)),
                .init(key: "timestamp", value: .string(Timestamp.string(entry.timestamp))),
            ])
            if let contentType = entry.contentType { object["contentType"] = .string(contentType) }
            if let identifier = entry.identifier { object["identifier"] = .string(identifier) }
            if let stepPath = entry.stepPath { object["stepPath"] = .string(stepPath) }
            if let jsonSchema = entry.jsonSchema { object["jsonSchema"] = .string(jsonSchema) }
            return .object(object)
        }
        return .object(JSONObject([
            .init(key: "appName", value: .string(appName)),
            .init(key: "appVersion", value: .string(appVersion)),
            .init(key: "deviceInfo", value: .string(deviceInfo)),
            .init(key: "deviceTypeIdentifier", value: .string(deviceTypeIdentifier)),
            .init(key: "files", value: .array(entries)),
        ]))
    }

    /// Reads the manifest fields that verification needs; `nil` fields are reported by the schema check.
    /// Read on the manifest's tape: no tree is made.
    static func entries(in manifest: ResultDocument) -> [(filename: String, jsonSchema: String?, contentType: String?)] {
        manifest.tape.withView { view in
            guard let files = view.member(0, "files"), view.kind(files) == .array else { return [] }
            return view.elements(of: files).compactMap { entry in
                view.member(entry, "filename").flatMap(view.stringValue).map {
                    ($0, view.member(entry, "jsonSchema").flatMap(view.stringValue), view.member(entry, "contentType").flatMap(view.stringValue))
                }
            }
        }
    }
}
