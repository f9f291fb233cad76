import FoundationEssentials
import JSONCore
import ZipArchive

/// A file to put into a result archive beside `metadata.json`.
public struct ArchiveInput: Sendable {
    /// The name inside the archive.
    public var filename: String
    /// The file's bytes.
    public var bytes: [UInt8]
    /// Its MIME type; JSON files default to `application/json`.
    public var contentType: String?
    /// The JSON Schema URI it follows, when known.
    public var jsonSchema: String?
    /// The result identifier it belongs to.
    public var identifier: String?
    /// The path of the step that produced it.
    public var stepPath: String?

    /// An input; `contentType` left `nil` becomes `application/json` for a name ending in `.json`.
    public init(filename: String, bytes: [UInt8], contentType: String? = nil, jsonSchema: String? = nil,
                identifier: String? = nil, stepPath: String? = nil) {
        self.filename = filename
        self.bytes = bytes
        self.contentType = contentType
        self.jsonSchema = jsonSchema
        self.identifier = identifier
        self.stepPath = stepPath
    }
}

/// The app and device a result archive comes from.
public struct ArchiveSource: Sendable, Equatable {
    /// `metadata.json`'s `appName`: the app that recorded the run.
    public var appName: String
    /// `metadata.json`'s `appVersion`.
    public var appVersion: String
    /// `metadata.json`'s `deviceInfo`: a description of the device.
    public var deviceInfo: String
    /// `metadata.json`'s `deviceTypeIdentifier`: the device model.
    public var deviceTypeIdentifier: String

    /// A source; the defaults describe this command-line tool.
    public init(appName: String = "assess", appVersion: String = "0.1.0", deviceInfo: String = "assess command-line tool",
                deviceTypeIdentifier: String = "cli") {
        self.appName = appName
        self.appVersion = appVersion
        self.deviceInfo = deviceInfo
        self.deviceTypeIdentifier = deviceTypeIdentifier
    }
}

/// Why an archive could not be built.
public enum ArchiveBuildError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Two inputs share a name.
    case duplicateFilename(String)
    /// A name that is unsafe or reserved (`metadata.json`, `..`, absolute paths).
    case invalidFilename(String, reason: String)
    /// The output cannot be written.
    case cannotWrite(path: String, reason: String)
    /// The archive would break the zip limits that `verify` applies (too many files or bytes).
    case beyondLimits(String)

    /// The message for users, naming the file or path at fault.
    public var description: String {
        switch self {
        case .duplicateFilename(let name): return "two files are named \"\(name)\"; names in an archive must be unique"
        case .invalidFilename(let name, let reason): return "invalid file name \"\(name)\": \(reason)"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .beyondLimits(let reason): return "the archive would not pass verify: \(reason)"
        }
    }
}

/// Builds result archives: the inputs plus a `metadata.json` manifest listing each of them.
public struct ArchiveBuilder: Sendable {
    /// The app and device fields of the manifest.
    public var source: ArchiveSource
    /// The time stamped on every manifest entry and zip entry (fix it for reproducible archives).
    public var timestamp: Date
    /// The zip limits of the verifier that will read the archive (`ArchiveVerifier`'s default).
    public var limits: ZipLimits

    /// A builder that stamps every entry with `timestamp` and keeps within `limits`.
    public init(source: ArchiveSource = ArchiveSource(), timestamp: Date, limits: ZipLimits = ZipLimits()) {
        self.source = source
        self.timestamp = timestamp
        self.limits = limits
    }

    /// The manifest describing `inputs`.
    public func metadata(for inputs: [ArchiveInput]) -> ArchiveMetadata {
        ArchiveMetadata(
            appName: source.appName, appVersion: source.appVersion, deviceInfo: source.deviceInfo,
            deviceTypeIdentifier: source.deviceTypeIdentifier,
            files: inputs.map { input in
                ManifestEntry(filename: input.filename, timestamp: timestamp,
                              contentType: input.contentType ?? (input.filename.hasSuffix(".json") ? "application/json" : nil),
                              identifier: input.identifier, stepPath: input.stepPath, jsonSchema: input.jsonSchema)
            })
    }

    /// The zip bytes: the inputs in order, then `metadata.json`; byte-identical for identical inputs.
    public func build(_ inputs: [ArchiveInput]) throws(ArchiveBuildError) -> [UInt8] {
        var seen: Set<String> = []
        for input in inputs {
            if let problem = ArchiveNames.problem(with: input.filename) { throw .invalidFilename(input.filename, reason: problem) }
            if input.filename == ArchiveMetadata.filename {
                throw .invalidFilename(input.filename, reason: "metadata.json is written by the builder")
            }
            guard seen.insert(input.filename).inserted else { throw .duplicateFilename(input.filename) }
        }
        let manifest = JSONWriter.pretty.bytes(metadata(for: inputs).json)
        var entries = inputs.map { ArchiveZip.Entry(name: $0.filename, bytes: $0.bytes) }
        entries.append(ArchiveZip.Entry(name: ArchiveMetadata.filename, bytes: manifest))
        return try ArchiveZip.write(entries, modified: timestamp, limits: limits)
    }

    /// Builds and writes atomically to `path` (temporary file, flush, rename); never replaces an
    /// existing file unless `overwrite`.
    public func write(_ inputs: [ArchiveInput], to path: String, overwrite: Bool) throws(ArchiveBuildError) {
        let bytes = try build(inputs)
        try ArchiveZip.writeAtomically(bytes, to: path, overwrite: overwrite)
    }
}

/// Rules for names inside archives, shared by building and verifying.
enum ArchiveNames {
    /// Why a name is unsafe, or `nil` when it is fine.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "the name is empty" }
        if name.hasPrefix("/") || name.hasPrefix("\\") { return "absolute paths are not allowed" }
        if name.count >= 2, name.dropFirst().first == ":" { return "drive-letter paths are not allowed" }
        if name.contains("\\") { return "backslashes are not allowed" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 }) { return "control characters are not allowed" }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." }) {
            return "'..' path components are not allowed"
        }
        return nil
    }
}
