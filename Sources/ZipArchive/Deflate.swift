import CZlib

/// Raw DEFLATE (no zlib header), as zip entries use, through the system zlib.
enum Deflate {
    /// Compresses `bytes` at zlib's default level.
    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY,
                            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var output = [UInt8](repeating: 0, count: bound + 16)
        let written: Int = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { return -1 }
                return out.count - Int(stream.avail_out)
            }
        }
        guard written >= 0 else { return [] }
        output.removeSubrange(written...)
        return output
    }

    /// Inflates `compressed`, refusing to produce more than `expectedSize` bytes.
    static func decompress(_ compressed: ArraySlice<UInt8>, expectedSize: Int, name: String) throws(ZipError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corruptData(name: name, reason: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        // One spare byte shows whether the data holds more than it declares. The buffer is not zeroed
        // first: only the bytes zlib produced are kept.
        var outcome: (status: Int32, produced: Int) = (Z_OK, 0)
        let output = [UInt8](unsafeUninitializedCapacity: expectedSize + 1) { out, initialized in
            compressed.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                let room = min(out.count, expectedSize + 1)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(room)
                let status = inflate(&stream, Z_FINISH)
                outcome = (status, room - Int(stream.avail_out))
            }
            initialized = outcome.produced
        }
        if outcome.produced > expectedSize {
            throw .sizeMismatch(name: name, declared: UInt64(expectedSize), actual: .max)
        }
        guard outcome.status == Z_STREAM_END else {
            if outcome.status == Z_BUF_ERROR || outcome.status == Z_OK {
                throw .sizeMismatch(name: name, declared: UInt64(expectedSize), actual: UInt64(outcome.produced))
            }
            throw .corruptData(name: name, reason: "zlib status \(outcome.status)")
        }
        guard outcome.produced == expectedSize else {
            throw .sizeMismatch(name: name, declared: UInt64(expectedSize), actual: UInt64(outcome.produced))
        }
        return output
    }
}
