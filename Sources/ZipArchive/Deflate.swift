import CInflate
import CZlib

/// Raw DEFLATE (no zlib header), as zip entries use: compressed by the system zlib, inflated by our own
/// `CInflate` into a buffer of the entry's declared size. zlib's inflate is kept as its slow twin
/// (`decompressWithZlib`), the definition of the right answer that tests and the `inflate` fuzz target compare
/// it with: the same bytes, and the same error for every stream.
package enum Deflate {
    /// Compresses `bytes` at zlib's default level, or at another level, memory level, strategy and window (9 to 15
    /// bits: matches at most 2^bits - 262 bytes back; the tests' streams of every kind).
    package static func compress(_ bytes: [UInt8], level: Int32 = Z_DEFAULT_COMPRESSION, memoryLevel: Int32 = 8,
                                 strategy: Int32 = Z_DEFAULT_STRATEGY, windowBits: Int32 = 15) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, -windowBits, memoryLevel, strategy,
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

    /// Inflates `compressed` into exactly `expectedSize` bytes: a stream that holds more, or less, or is cut short
    /// is a `sizeMismatch` (as zlib reports it: the bytes produced before the input ended), a malformed one
    /// `corruptData`. `portable` leaves out the processor-specific decoder (BMI2), for tests to check both.
    package static func decompress(_ compressed: ArraySlice<UInt8>, expectedSize: Int, name: String,
                                   portable: Bool = false) throws(ZipError) -> [UInt8] {
        var outcome: (status: cinflate_status, produced: Int) = (CINFLATE_OK, 0)
        // The buffer is not zeroed first: only the bytes the inflate wrote are kept.
        let output = [UInt8](unsafeUninitializedCapacity: expectedSize) { out, initialized in
            compressed.withUnsafeBufferPointer { input in
                var produced = 0
                let inflate = portable ? cinflate_portable : cinflate
                let status = inflate(input.baseAddress, input.count, out.baseAddress, min(out.count, expectedSize), &produced)
                outcome = (status, produced)
            }
            initialized = outcome.produced
        }
        switch outcome.status {
        case CINFLATE_OK, CINFLATE_TRUNCATED:
            guard outcome.status == CINFLATE_OK, outcome.produced == expectedSize else {
                throw .sizeMismatch(name: name, declared: UInt64(expectedSize), actual: UInt64(outcome.produced))
            }
            return output
        case CINFLATE_OUTPUT_FULL:
            throw .sizeMismatch(name: name, declared: UInt64(expectedSize), actual: .max)
        default:
            throw .corruptData(name: name, reason: reason(outcome.status))
        }
    }

    /// How many dynamic blocks this thread has inflated with the tables of an identical header it decoded before
    /// (`CInflate` keeps the recent ones of each thread): for tests, which check that the cache is used.
    package static var headerCacheHits: UInt64 { cinflate_header_cache_hits() }

    /// What is wrong with a malformed stream, in the words of RFC 1951.
    private static func reason(_ status: cinflate_status) -> String {
        switch status {
        case CINFLATE_BAD_BLOCK_TYPE: return "reserved block type 3"
        case CINFLATE_BAD_STORED_LENGTH: return "stored block length does not match its complement"
        case CINFLATE_BAD_CODE_COUNTS: return "more than 286 literal/length or 30 distance codes"
        case CINFLATE_BAD_CODE_LENGTH_CODE: return "over-subscribed or incomplete code length code"
        case CINFLATE_BAD_REPEAT: return "code length repeat with nothing to repeat or past the last code"
        case CINFLATE_NO_END_OF_BLOCK: return "no code for the end of block"
        case CINFLATE_BAD_LITERAL_LENGTH_CODE: return "over-subscribed or incomplete literal/length code"
        case CINFLATE_BAD_DISTANCE_CODE: return "over-subscribed or incomplete distance code"
        case CINFLATE_BAD_LITERAL_LENGTH_SYMBOL: return "invalid literal/length code"
        case CINFLATE_BAD_DISTANCE_SYMBOL: return "invalid distance code"
        case CINFLATE_DISTANCE_TOO_FAR: return "distance beyond the start of the output"
        default: return "inflate status \(status.rawValue)"
        }
    }

    /// Inflates `compressed` with zlib, refusing to produce more than `expectedSize` bytes: the slow twin of
    /// `decompress`, which must give the same bytes, the same sizes in its errors and an error for the same streams.
    package static func decompressWithZlib(_ compressed: ArraySlice<UInt8>, expectedSize: Int, name: String) throws(ZipError) -> [UInt8] {
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
