// Little-endian encoding for the writer (all zip integers are little-endian); the reader decodes
// through the bounds-checked `ByteCursor`.

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
}
