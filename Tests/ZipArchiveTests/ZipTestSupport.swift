@testable import ZipArchive

extension Array where Element == UInt8 {
    /// The little-endian 32-bit value at `offset` (the test checks that it is in range).
    func le32(_ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(self[offset + $1]) << (8 * UInt32($1)) }
    }
}
