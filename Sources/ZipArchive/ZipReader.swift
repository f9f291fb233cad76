/// Limits that keep a hostile archive from exhausting memory or time.
public struct ZipLimits: Sendable, Equatable {
    /// The most entries an archive may hold.
    public var maxEntries: Int
    /// The most bytes all entries may inflate to, together.
    public var maxTotalUncompressedSize: UInt64
    /// The highest uncompressed:compressed ratio allowed for entries above `ratioThreshold` bytes.
    public var maxCompressionRatio: UInt64
    /// Entries smaller than this are not held to `maxCompressionRatio`.
    public var ratioThreshold: UInt64

    public init(maxEntries: Int = 10_000, maxTotalUncompressedSize: UInt64 = 1 << 30,
                maxCompressionRatio: UInt64 = 200, ratioThreshold: UInt64 = 1 << 20) {
        self.maxEntries = maxEntries
        self.maxTotalUncompressedSize = maxTotalUncompressedSize
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioThreshold = ratioThreshold
    }
}

/// One entry of the central directory.
public struct ZipEntry: Sendable, Equatable {
    public let name: String
    /// 0 stored, 8 deflated.
    public let method: UInt16
    public let flags: UInt16
    public let crc: UInt32
    public let compressedSize: UInt64
    public let size: UInt64
    /// Offset of the local header.
    public let offset: UInt64
    /// Where the entry's data starts, once the local header has been checked.
    let dataOffset: Int
}

/// Reads zip archives from untrusted sources, refusing anything dangerous with a clear error.
public struct ZipReader: Sendable {
    private let bytes: [UInt8]
    /// The entries in central-directory order.
    public let entries: [ZipEntry]
    public let limits: ZipLimits

    /// Parses the end records and the central directory and checks every entry's header, name,
    /// method, placement and declared sizes (the data itself is checked by `data(of:)`).
    public init(bytes: [UInt8], limits: ZipLimits = ZipLimits()) throws(ZipError) {
        self.bytes = bytes
        self.limits = limits
        let directory = try ZipReader.locateDirectory(bytes)
        guard directory.count <= UInt64(limits.maxEntries) else { throw .tooManyEntries(count: directory.count, limit: limits.maxEntries) }
        var entries: [ZipEntry] = []
        var cursor = Int(directory.offset)
        var names: Set<String> = []
        var total: UInt64 = 0
        for _ in 0..<directory.count {
            let entry = try ZipReader.readCentralEntry(bytes, at: &cursor, directoryEnd: Int(directory.offset + directory.size))
            guard names.insert(entry.name).inserted else { throw .duplicateName(entry.name) }
            if entry.size > limits.ratioThreshold, entry.size / max(entry.compressedSize, 1) > limits.maxCompressionRatio {
                throw .compressionRatioTooHigh(name: entry.name, ratio: entry.size / max(entry.compressedSize, 1), limit: limits.maxCompressionRatio)
            }
            total += entry.size
            guard total <= limits.maxTotalUncompressedSize else { throw .totalSizeTooLarge(limit: limits.maxTotalUncompressedSize) }
            entries.append(entry)
        }
        let ranges = entries.map { ($0.name, Int($0.offset)..<($0.dataOffset + Int($0.compressedSize))) }.sorted { $0.1.lowerBound < $1.1.lowerBound }
        for (first, second) in zip(ranges, ranges.dropFirst()) where first.1.upperBound > second.1.lowerBound {
            throw .overlappingEntries(first.0, second.0)
        }
        if let outside = ranges.first(where: { $0.1.upperBound > Int(directory.offset) }) { throw .entryOutsideArchive(outside.0) }
        self.entries = entries
    }

    /// The entry's bytes, inflated and checked against its declared size and CRC-32.
    public func data(of entry: ZipEntry) throws(ZipError) -> [UInt8] {
        let compressed = bytes[entry.dataOffset..<(entry.dataOffset + Int(entry.compressedSize))]
        let data: [UInt8]
        if entry.method == 0 {
            guard entry.compressedSize == entry.size else {
                throw .sizeMismatch(name: entry.name, declared: entry.size, actual: entry.compressedSize)
            }
            data = Array(compressed)
        } else {
            data = try Deflate.decompress(compressed, expectedSize: Int(entry.size), name: entry.name)
        }
        guard CRC32.checksum(data) == entry.crc else { throw .crcMismatch(name: entry.name) }
        return data
    }

    /// Every entry's data by name, stopping at the first problem.
    public func extractAll() throws(ZipError) -> [(name: String, bytes: [UInt8])] {
        var result: [(String, [UInt8])] = []
        for entry in entries { result.append((entry.name, try data(of: entry))) }
        return result
    }

    // MARK: Structure

    private struct Directory {
        let count: UInt64
        let size: UInt64
        let offset: UInt64
    }

    private static func locateDirectory(_ bytes: [UInt8]) throws(ZipError) -> Directory {
        guard bytes.count >= 22 else { throw .notAZip }
        var position = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        while position >= lowest {
            if bytes.le32(position) == 0x0605_4B50, position + 22 + Int(bytes.le16(position + 20)) == bytes.count { break }
            position -= 1
        }
        guard position >= lowest else { throw .notAZip }
        var count = UInt64(bytes.le16(position + 10))
        var size = UInt64(bytes.le32(position + 12))
        var offset = UInt64(bytes.le32(position + 16))
        if position >= 20, bytes.le32(position - 20) == 0x0706_4B50 {
            let recordOffset = bytes.le64(position - 12)
            guard recordOffset <= UInt64(bytes.count - 56), bytes.le32(Int(recordOffset)) == 0x0606_4B50 else {
                throw .truncated("ZIP64 end of central directory record")
            }
            let record = Int(recordOffset)
            count = bytes.le64(record + 32)
            size = bytes.le64(record + 40)
            offset = bytes.le64(record + 48)
        }
        guard offset <= UInt64(bytes.count), size <= UInt64(bytes.count) - offset else { throw .truncated("central directory") }
        return Directory(count: count, size: size, offset: offset)
    }

    private static func readCentralEntry(_ bytes: [UInt8], at cursor: inout Int, directoryEnd: Int) throws(ZipError) -> ZipEntry {
        guard cursor + 46 <= directoryEnd, bytes.le32(cursor) == 0x0201_4B50 else { throw .truncated("central directory entry") }
        let flags = bytes.le16(cursor + 8)
        let method = bytes.le16(cursor + 10)
        let crc = bytes.le32(cursor + 16)
        var compressedSize = UInt64(bytes.le32(cursor + 20))
        var size = UInt64(bytes.le32(cursor + 24))
        let nameLength = Int(bytes.le16(cursor + 28))
        let extraLength = Int(bytes.le16(cursor + 30))
        let commentLength = Int(bytes.le16(cursor + 32))
        var offset = UInt64(bytes.le32(cursor + 42))
        let nameStart = cursor + 46
        guard nameStart + nameLength + extraLength + commentLength <= directoryEnd else { throw .truncated("central directory entry") }
        guard let name = String(validating: bytes[nameStart..<(nameStart + nameLength)], as: UTF8.self) else {
            throw .unsafeName(String(decoding: bytes[nameStart..<(nameStart + nameLength)], as: UTF8.self), reason: "the name is not UTF-8")
        }
        // ZIP64 extra field: the 0xFFFFFFFF fields, in order.
        var extra = nameStart + nameLength
        let extraEnd = extra + extraLength
        while extra + 4 <= extraEnd {
            let id = bytes.le16(extra), length = Int(bytes.le16(extra + 2))
            var field = extra + 4
            guard field + length <= extraEnd else { break }
            if id == 0x0001 {
                if size == 0xFFFF_FFFF, field + 8 <= extra + 4 + length { size = bytes.le64(field); field += 8 }
                if compressedSize == 0xFFFF_FFFF, field + 8 <= extra + 4 + length { compressedSize = bytes.le64(field); field += 8 }
                if offset == 0xFFFF_FFFF, field + 8 <= extra + 4 + length { offset = bytes.le64(field) }
            }
            extra += 4 + length
        }
        cursor = extraEnd + commentLength
        if let reason = unsafeReason(name) { throw .unsafeName(name, reason: reason) }
        if flags & 0x0041 != 0 { throw .encrypted(name) }
        guard method == 0 || method == 8 else { throw .unsupportedMethod(name: name, method: method) }
        // The local header must agree with the central directory.
        guard offset <= UInt64(bytes.count - 30) else { throw .entryOutsideArchive(name) }
        let local = Int(offset)
        guard bytes.le32(local) == 0x0403_4B50 else { throw .headerMismatch(name) }
        let localNameLength = Int(bytes.le16(local + 26)), localExtraLength = Int(bytes.le16(local + 28))
        let dataOffset = local + 30 + localNameLength + localExtraLength
        guard dataOffset <= bytes.count, localNameLength == nameLength,
              bytes[(local + 30)..<(local + 30 + nameLength)].elementsEqual(bytes[nameStart..<(nameStart + nameLength)]),
              bytes.le16(local + 8) == method else { throw .headerMismatch(name) }
        guard compressedSize <= UInt64(bytes.count - dataOffset) else { throw .entryOutsideArchive(name) }
        return ZipEntry(name: name, method: method, flags: flags, crc: crc, compressedSize: compressedSize, size: size,
                        offset: offset, dataOffset: dataOffset)
    }

    /// Why a name could escape the extraction folder, or `nil` when it is safe.
    public static func unsafeReason(_ name: String) -> String? {
        if name.isEmpty { return "empty name" }
        if name.hasPrefix("/") || name.hasPrefix("\\") { return "absolute path" }
        if name.count >= 2, name.dropFirst().first == ":" { return "drive-letter path" }
        if name.contains("\\") { return "backslash in name" }
        if name.unicodeScalars.contains(where: { $0.value == 0 }) { return "NUL in name" }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") { return "'..' path component" }
        return nil
    }
}
