import FoundationEssentials
import Glibc

/// Whole files read straight into byte arrays: one copy from the kernel, no `Data` in between.
enum FileBytes {
    /// The bytes of the file at `path`, or `nil` when it cannot be read (missing, a folder, no permission).
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        if status.st_mode & S_IFMT == S_IFREG {
            // A regular file is read at its size, into memory that is not cleared first.
            var failed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: Int(status.st_size)) { buffer, count in
                let got = fill(UnsafeMutableRawBufferPointer(buffer), from: descriptor)
                failed = got == nil
                count = got ?? 0
            }
            return failed ? nil : bytes
        }
        // Anything else (a pipe; a folder, which fails at its first read) to its end.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            guard let got = chunk.withUnsafeMutableBytes({ fill($0, from: descriptor) }) else { return nil }
            bytes += chunk[..<got]
            if got < chunk.count { return bytes }
        }
    }

    /// Reads into `buffer` until it is full or the file ends; the byte count, or `nil` on an error.
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> Int? {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let result = Glibc.read(descriptor, base + done, buffer.count - done)
            if result < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if result == 0 { break }
            done += result
        }
        return done
    }
}
