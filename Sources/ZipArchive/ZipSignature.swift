/// The four-byte signatures that open each zip structure (APPNOTE.TXT §4.3), stored little-endian:
/// the one place the reader, the writer and the tests that build broken zips take them from.
public enum ZipSignature: UInt32, Sendable, CaseIterable {
    /// A local file header, before each entry's data (`PK\u{3}\u{4}`).
    case localFileHeader = 0x0403_4B50
    /// A central directory file header (`PK\u{1}\u{2}`).
    case centralDirectoryHeader = 0x0201_4B50
    /// The end of central directory record (`PK\u{5}\u{6}`).
    case endOfCentralDirectory = 0x0605_4B50
    /// The ZIP64 end of central directory record (`PK\u{6}\u{6}`).
    case zip64EndOfCentralDirectory = 0x0606_4B50
    /// The ZIP64 end of central directory locator (`PK\u{6}\u{7}`).
    case zip64EndOfCentralDirectoryLocator = 0x0706_4B50

    /// The signature as it appears in a file: four bytes, least significant first.
    public var bytes: [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: rawValue &>> ($0 * 8)) }
    }
}
