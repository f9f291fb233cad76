// Little-endian encoding helpers shared by the writer and the reader.
// All zip integers are little-endian; the reader only calls the `le*` accessors
// after it has checked that the whole record lies inside the buffer.

extension Array where Element == UInt8 {
    @inline(__always)
    mutating func appendLE(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value &>> 8))
    }

    @inline(__always)
    mutating func appendLE(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value &>> 8))
        append(UInt8(truncatingIfNeeded: value &>> 16))
        append(UInt8(truncatingIfNeeded: value &>> 24))
    }

    @inline(__always)
    mutating func appendLE(_ value: UInt64) {
        appendLE(UInt32(truncatingIfNeeded: value))
        appendLE(UInt32(truncatingIfNeeded: value &>> 32))
    }

    @inline(__always)
    func le16(_ offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) &<< 8
    }

    @inline(__always)
    func le32(_ offset: Int) -> UInt32 {
        UInt32(self[offset]) | UInt32(self[offset + 1]) &<< 8
            | UInt32(self[offset + 2]) &<< 16 | UInt32(self[offset + 3]) &<< 24
    }

    @inline(__always)
    func le64(_ offset: Int) -> UInt64 {
        UInt64(le32(offset)) | UInt64(le32(offset + 4)) &<< 32
    }
}
