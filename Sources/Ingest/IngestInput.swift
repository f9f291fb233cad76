import FoundationEssentials
import Platform
import Glibc
import JSONCore
import ResultArchive

/// One archive to ingest: a path (with its upload metadata, from a manifest line), or a manifest line
/// that names no usable archive.
public struct IngestInput: Sendable {
    /// How the input is named in reports: the path as given, or `MANIFEST:LINE`.
    public let name: String
    /// The archive's path, when there is one.
    public let path: String?
    /// What the upload says about the record (manifest line), if anything.
    public let record: RecordMetadata?
    /// Why the input cannot be used at all (a manifest line without a path, not JSON…).
    public let issue: InputIssue?

    /// An archive given by path, without upload metadata.
    public init(path: String) {
        self.init(name: path, path: path, record: nil, issue: nil)
    }

    /// An input from its parts.
    public init(name: String, path: String?, record: RecordMetadata?, issue: InputIssue?) {
        self.name = name
        self.path = path
        self.record = record
        self.issue = issue
    }

    /// The input for one line of a manifest.
    public init(line: ManifestLine, manifest: String) {
        self.init(line: line.line, record: line.record, manifest: manifest)
    }

    /// The input for line `line` of a manifest, parsed into `record`.
    public init(line: Int, record: Result<RecordMetadata, InputIssue>, manifest: String) {
        switch record {
        case .success(let record): self.init(name: record.path ?? "\(manifest):\(line)", path: record.path, record: record, issue: nil)
        case .failure(let issue): self.init(name: "\(manifest):\(line)", path: nil, record: nil, issue: issue)
        }
    }
}

/// The lines of a manifest read one at a time (`--manifest -` streams standard input): memory holds
/// one line, not the manifest.
public struct ManifestStream: Sequence, IteratorProtocol {
    private let readLine: () -> [UInt8]?
    private let name: String
    private let folder: String
    private var number = 0

    /// A stream over lines from `readLine` (without their newlines, `nil` at the end); `name` names the
    /// manifest in issues, `folder` resolves relative paths.
    public init(name: String, folder: String, readLine: @escaping () -> [UInt8]?) {
        self.readLine = readLine
        self.name = name
        self.folder = folder
    }

    /// A stream over the lines of the file at `path`; `nil` if it cannot be opened.
    public init?(readingAtPath path: String, name: String, folder: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let reader = LineReader(descriptor: descriptor)
        self.init(name: name, folder: folder, readLine: reader.next)
    }

    /// The next non-blank line as an input, or `nil` at the end.
    public mutating func next() -> IngestInput? {
        while let line = readLine() {
            number += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let parsed = RecordManifest.parse(line, line: number, name: name, folder: folder)
            return IngestInput(line: number, record: parsed, manifest: name)
        }
        return nil
    }
}

/// Lines of an open file, read in 64 KiB chunks (the file closed with the reader).
private final class LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    func next() -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = newline + 1 }
                return Array(buffer[start..<newline])
            }
            if ended {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                return Array(buffer[start...])
            }
            buffer.removeFirst(start)
            start = 0
            let chunk = FileDescriptor.read(descriptor, upTo: 1 << 16)
            if chunk.isEmpty { ended = true } else { buffer += chunk }
        }
    }
}
