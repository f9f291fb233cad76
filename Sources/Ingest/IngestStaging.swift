import Foundation

/// Writes a prepared record's objects to hidden temporary files on the worker's thread, so the ordered
/// stage only renames them into place (or removes them when the record turns out a duplicate): the
/// bytes are copied to disk in parallel and leave memory early.
public struct IngestStaging: Sendable {
    /// The folder for temporary files: `DIR/_assess/staging` (same file system as the output, so a
    /// rename moves a file into place; Spark and Glue skip `_` folders).
    public let folder: String

    /// Staging under the output folder `output`; what an interrupted run left there is removed.
    public init(output: String) throws(IngestWriteError) {
        folder = output + "/_assess/staging"
        try? FileManager.default.removeItem(atPath: folder)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw IngestWriteError(description: "cannot create \(folder): \(error.localizedDescription)")
        }
    }

    /// The record with each object's bytes in a temporary file; on a write error the record keeps its
    /// bytes (the sink then writes them itself and reports any error).
    public func stage(_ prepared: PreparedRecord) -> PreparedRecord {
        var staged = prepared
        for index in staged.objects.indices {
            let path = folder + "/\(UUID().uuidString).tmp"
            guard write(staged.objects[index].bytes, to: path) else { return prepared }
            staged.objects[index].staged = path
            staged.objects[index].bytes = []
        }
        return staged
    }

    private func write(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                guard let base = buffer.baseAddress else { return false }
                let result = Glibc.write(descriptor, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    unlink(path)
                    return false
                }
                written += result
            }
            return true
        }
    }
}
