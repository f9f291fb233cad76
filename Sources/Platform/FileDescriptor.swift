import Glibc

/// Whole reads and writes of an open file descriptor (standard streams, a manifest), retrying after
/// interruptions and short writes.
public enum FileDescriptor {
    /// Writes all of `bytes` to `descriptor`; false if a write failed (the rest is not written).
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ bytes: some Collection<UInt8>) -> Bool {
        let written = bytes.withContiguousStorageIfAvailable { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
        return written ?? writeAll(descriptor, Array(bytes))
    }

    private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let count = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    /// Up to `limit` bytes read from `descriptor` (fewer only at the end of input or on an error; empty there).
    public static func read(_ descriptor: Int32, upTo limit: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: limit)
        var filled = 0
        while filled < limit {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress.map { $0 + filled }, limit - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        bytes.removeLast(limit - filled)
        return bytes
    }

    /// Everything left to read from `descriptor` (what was read before an error).
    public static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let chunk = read(descriptor, upTo: 1 << 16)
            bytes += chunk
            if chunk.count < 1 << 16 { return bytes }
        }
    }
}
