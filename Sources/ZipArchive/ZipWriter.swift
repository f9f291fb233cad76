import FoundationEssentials

/// How an entry's data is stored.
public enum ZipCompression: Sendable, Equatable {
    /// Kept as is (method 0).
    case stored
    /// Raw DEFLATE (method 8).
    case deflated
    /// Deflated unless that does not make it smaller.
    case automatic
}

/// Builds a zip archive in memory: local headers, data, central directory and end records.
///
/// Output is reproducible: the caller gives every modification time, no extra time fields are
/// written, attributes are fixed (regular file, 0644) and entries keep the order they were added.
/// ZIP64 records are written when sizes, offsets or the entry count need them, or always with
/// `forceZip64`. Every archive it finishes passes a `ZipReader` with the same `limits`: an entry whose
/// deflated form would exceed the ratio limit is stored instead, and too many entries or bytes are refused.
public struct ZipWriter: Sendable {
    private struct CentralRecord {
        let name: [UInt8]
        let method: UInt16
        let flags: UInt16
        let crc: UInt32
        let compressedSize: UInt64
        let size: UInt64
        let offset: UInt64
        let time: UInt16
        let date: UInt16
        let zip64: Bool
    }

    private var output: [UInt8] = []
    private var records: [CentralRecord] = []
    private var names: Set<String> = []
    private var totalSize: UInt64 = 0
    /// Write ZIP64 structures even for small archives (for tests and picky consumers).
    public var forceZip64: Bool
    /// The limits the reader will apply; the writer never produces an archive they refuse.
    public let limits: ZipLimits

    /// An empty archive; `forceZip64` writes ZIP64 records even where they are not needed.
    public init(forceZip64: Bool = false, limits: ZipLimits = ZipLimits()) {
        self.forceZip64 = forceZip64
        self.limits = limits
    }

    /// Appends an entry; names must be unique.
    public mutating func add(name: String, bytes: [UInt8], compression: ZipCompression = .automatic,
                             modified: Date) throws(ZipError) {
        guard !names.contains(name) else { throw .duplicateName(name) }
        guard records.count < limits.maxEntries else { throw .tooManyEntries(count: UInt64(records.count + 1), limit: limits.maxEntries) }
        let (sum, overflow) = totalSize.addingReportingOverflow(UInt64(bytes.count))
        guard !overflow, sum <= limits.maxTotalUncompressedSize else { throw .totalSizeTooLarge(limit: limits.maxTotalUncompressedSize) }
        let crc = CRC32.checksum(bytes)
        var method: UInt16 = 0
        var data = bytes
        if compression != .stored, !bytes.isEmpty {
            let compressed = Deflate.compress(bytes)
            let wanted = compression == .deflated || compressed.count < bytes.count
            if wanted, !limits.refusesRatio(size: UInt64(bytes.count), compressedSize: UInt64(compressed.count)) {
                method = 8
                data = compressed
            }
        }
        names.insert(name)
        totalSize = sum
        let nameBytes = Array(name.utf8)
        let flags: UInt16 = name.utf8.contains { $0 >= 0x80 } ? 0x0800 : 0
        let (time, date) = ZipWriter.dosDateTime(modified)
        let offset = UInt64(output.count)
        let zip64 = forceZip64 || UInt64(bytes.count) >= 0xFFFF_FFFF || UInt64(data.count) >= 0xFFFF_FFFF || offset >= 0xFFFF_FFFF
        output.reserveCapacity(output.count + 30 + nameBytes.count + 20 + data.count)
        output.appendLE(ZipSignature.localFileHeader.rawValue)
        output.appendLE(UInt16(zip64 ? 45 : (method == 8 ? 20 : 10)))
        output.appendLE(flags)
        output.appendLE(method)
        output.appendLE(time)
        output.appendLE(date)
        output.appendLE(crc)
        output.appendLE(zip64 ? UInt32.max : UInt32(data.count))
        output.appendLE(zip64 ? UInt32.max : UInt32(bytes.count))
        output.appendLE(UInt16(nameBytes.count))
        output.appendLE(UInt16(zip64 ? 20 : 0))
        output.append(contentsOf: nameBytes)
        if zip64 {
            output.appendLE(UInt16(0x0001))
            output.appendLE(UInt16(16))
            output.appendLE(UInt64(bytes.count))
            output.appendLE(UInt64(data.count))
        }
        output.append(contentsOf: data)
        records.append(CentralRecord(name: nameBytes, method: method, flags: flags, crc: crc, compressedSize: UInt64(data.count),
                                     size: UInt64(bytes.count), offset: offset, time: time, date: date, zip64: zip64))
    }

    /// The finished archive bytes.
    public func finish() -> [UInt8] {
        var archive = output
        let directoryOffset = UInt64(archive.count)
        for record in records {
            archive.appendLE(ZipSignature.centralDirectoryHeader.rawValue)
            archive.appendLE(UInt16(0x031E))
            archive.appendLE(UInt16(record.zip64 ? 45 : (record.method == 8 ? 20 : 10)))
            archive.appendLE(record.flags)
            archive.appendLE(record.method)
            archive.appendLE(record.time)
            archive.appendLE(record.date)
            archive.appendLE(record.crc)
            archive.appendLE(record.zip64 ? UInt32.max : UInt32(record.compressedSize))
            archive.appendLE(record.zip64 ? UInt32.max : UInt32(record.size))
            archive.appendLE(UInt16(record.name.count))
            archive.appendLE(UInt16(record.zip64 ? 28 : 0))
            archive.appendLE(UInt16(0))
            archive.appendLE(UInt16(0))
            archive.appendLE(UInt16(0))
            archive.appendLE(UInt32(0o100644) << 16)
            archive.appendLE(record.zip64 ? UInt32.max : UInt32(record.offset))
            archive.append(contentsOf: record.name)
            if record.zip64 {
                archive.appendLE(UInt16(0x0001))
                archive.appendLE(UInt16(24))
                archive.appendLE(record.size)
                archive.appendLE(record.compressedSize)
                archive.appendLE(record.offset)
            }
        }
        let directorySize = UInt64(archive.count) - directoryOffset
        let needsZip64 = forceZip64 || records.count >= 0xFFFF || directoryOffset >= 0xFFFF_FFFF || directorySize >= 0xFFFF_FFFF
        if needsZip64 {
            let recordOffset = UInt64(archive.count)
            archive.appendLE(ZipSignature.zip64EndOfCentralDirectory.rawValue)
            archive.appendLE(UInt64(44))
            archive.appendLE(UInt16(0x031E))
            archive.appendLE(UInt16(45))
            archive.appendLE(UInt32(0))
            archive.appendLE(UInt32(0))
            archive.appendLE(UInt64(records.count))
            archive.appendLE(UInt64(records.count))
            archive.appendLE(directorySize)
            archive.appendLE(directoryOffset)
            archive.appendLE(ZipSignature.zip64EndOfCentralDirectoryLocator.rawValue)
            archive.appendLE(UInt32(0))
            archive.appendLE(recordOffset)
            archive.appendLE(UInt32(1))
        }
        archive.appendLE(ZipSignature.endOfCentralDirectory.rawValue)
        archive.appendLE(UInt16(0))
        archive.appendLE(UInt16(0))
        archive.appendLE(needsZip64 ? UInt16.max : UInt16(records.count))
        archive.appendLE(needsZip64 ? UInt16.max : UInt16(records.count))
        archive.appendLE(needsZip64 ? UInt32.max : UInt32(directorySize))
        archive.appendLE(needsZip64 ? UInt32.max : UInt32(directoryOffset))
        archive.appendLE(UInt16(0))
        return archive
    }

    /// MS-DOS time and date fields for a UTC date (clamped to 1980–2107, two-second resolution).
    static func dosDateTime(_ date: Date) -> (time: UInt16, date: UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = parts.year ?? 1980
        guard year >= 1980 else { return (0, UInt16(1 << 5 | 1)) }
        guard year <= 2107 else { return (UInt16(23 << 11 | 59 << 5 | 29), UInt16(127 << 9 | 12 << 5 | 31)) }
        let time = UInt16((parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2)
        let day = UInt16((year - 1980) << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1))
        return (time, day)
    }
}
