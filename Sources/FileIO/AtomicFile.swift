import FoundationEssentials
import Glibc
import Platform

/// Writes files so that readers see either the old state or the complete new file, never a part.
public enum AtomicFile {
    /// Writes `bytes` to a temporary file in the destination's folder, flushes it to disk (unless
    /// `flush` is false: a batch writer flushes once at its end), then moves it into place; without
    /// `overwrite`, an existing destination is an error (checked race-free with a hard link). On any
    /// failure the temporary file is removed.
    public static func write(_ bytes: [UInt8], to path: String, overwrite: Bool, flush: Bool = true) throws(FileWriteError) {
        try write(chunks: [bytes], to: path, overwrite: overwrite, flush: flush)
    }

    /// Writes all of `bytes` to an open file (again after an interruption); why not, if it cannot.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var written = 0
            while written < buffer.count {
                let result = Glibc.write(descriptor, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                written += result
            }
            return nil
        }
    }

    /// Writes all of `chunks`, one after the other, to an open file: gathered by the system (`writev`, up to
    /// 1,024 chunks a call), not copied into one buffer first; again after an interruption or a short write.
    /// Why not, if it cannot.
    public static func writeAll(chunks: [[UInt8]], to descriptor: Int32) -> String? {
        if chunks.count == 1 { return writeAll(chunks[0], to: descriptor) }
        var vectors: [iovec] = []
        vectors.reserveCapacity(min(chunks.count, maxVectors))
        // The first chunk not written whole, and how much of it is.
        var chunk = 0, offset = 0
        while true {
            while chunk < chunks.count, chunks[chunk].count == offset {
                chunk += 1
                offset = 0
            }
            guard chunk < chunks.count else { return nil }
            vectors.removeAll(keepingCapacity: true)
            var next = chunk, skip = offset
            while next < chunks.count, vectors.count < maxVectors {
                // The chunks are held by `chunks` for the whole call: their storage stays where it is.
                chunks[next].withUnsafeBytes { bytes in
                    guard let base = bytes.baseAddress, bytes.count > skip else { return }
                    vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base + skip), iov_len: bytes.count - skip))
                }
                skip = 0
                next += 1
            }
            let result = writev(descriptor, vectors, Int32(vectors.count))
            if result < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            var left = result
            while left > 0 {
                let remaining = chunks[chunk].count - offset
                if left < remaining {
                    offset += left
                    break
                }
                left -= remaining
                chunk += 1
                offset = 0
            }
        }
    }

    /// The most buffers one `writev` takes (Linux's `IOV_MAX`).
    static let maxVectors = 1_024

    /// The folder of `path`: the path up to its last slash (trailing slashes aside), `/` for an entry at
    /// the root, `nil` for a bare name.
    public static func folder(of path: String) -> String? {
        // On the UTF-8 bytes, as the system reads paths (and in constant time per byte).
        let utf8 = path.utf8, slash = UInt8(ascii: "/")
        guard !utf8.isEmpty else { return nil }
        var end = utf8.endIndex
        while end > utf8.index(after: utf8.startIndex), utf8[utf8.index(before: end)] == slash { end = utf8.index(before: end) }
        guard let last = utf8[..<end].lastIndex(of: slash) else { return nil }
        return last == utf8.startIndex ? "/" : String(path[..<last])
    }

    /// Writes the concatenation of `chunks` as `write(_:to:overwrite:flush:)` writes one buffer.
    public static func write(chunks: [[UInt8]], to path: String, overwrite: Bool, flush: Bool = true) throws(FileWriteError) {
        // The temporary file goes beside the destination.
        let folder = AtomicFile.folder(of: path) ?? "."
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) } ?? path
        let temporary = folder + "/." + name + ".tmp-" + TemporaryName.next()
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        // A large file's blocks reserved in one call: writing it is then a copy into memory, not an
        // allocation per page (several times faster on ext4). A file system that cannot says so, and the
        // writes go on as usual.
        let size = chunks.reduce(0) { $0 + $1.count }
        if size >= 1 << 20 { _ = posix_fallocate(descriptor, 0, off_t(size)) }
        // Every chunk (rows of one record) written where it is, many to a system call.
        failure = writeAll(chunks: chunks, to: descriptor)
        if failure == nil, flush, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: failure)
        }
        if overwrite {
            guard rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw .cannotWrite(path: path, reason: reason)
            }
        } else {
            // link() fails if the destination exists, so no other writer can be overwritten.
            let linked = link(temporary, path)
            let error = errno
            unlink(temporary)
            if linked != 0 {
                if error == EEXIST { throw .destinationExists(path) }
                throw .cannotWrite(path: path, reason: String(cString: strerror(error)))
            }
        }
        // The folder's new entry, as far as the system can (its failure leaves the file written).
        if flush { FileFlush.flushFolder(folder) }
    }
}

/// The unique part of temporary file names: `PID-TAG-N`, the process, a random tag drawn once per process
/// (a dead process of the same id may have left files) and a counter; no system call per name.
public enum TemporaryName {
    private static let prefix = "\(getpid())-" + String(UInt32.random(in: 0...UInt32.max), radix: 16) + "-"
    private static let lock = Lock()
    nonisolated(unsafe) private static var counter = 0

    /// A name part no other call of this process (nor, but for a 1 in 2³² chance, of another) returns.
    public static func next() -> String {
        lock.lock()
        counter += 1
        let number = counter
        lock.unlock()
        return prefix + String(number)
    }
}
