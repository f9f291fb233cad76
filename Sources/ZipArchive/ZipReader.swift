/// Limits that keep a hostile archive from exhausting memory or time.
///
/// `ZipWriter` honours the same limits, so what the writer produces the reader accepts. The defaults
/// are chosen for result archives: 1 GiB in all bounds memory per archive; 200:1 lets ordinary
/// JSON through (deflate reaches ~1030:1 only on degenerate input, which the writer then stores);
/// entries under 1 MiB are never held to the ratio.
public struct ZipLimits: Sendable, Equatable {
    /// The most entries an archive may hold.
    public var maxEntries: Int
    /// The most bytes all entries may inflate to, together.
    public var maxTotalUncompressedSize: UInt64
    /// The highest uncompressed:compressed ratio allowed for entries above `ratioThreshold` bytes.
    public var maxCompressionRatio: UInt64
    /// Entries smaller than this are not held to `maxCompressionRatio`.
    public var ratioThreshold: UInt64

    /// Limits with the defaults for result archives (see the type's comment).
    public init(maxEntries: Int = 10_000, maxTotalUncompressedSize: UInt64 = 1 << 30,
                maxCompressionRatio: UInt64 = 200, ratioThreshold: UInt64 = 1 << 20) {
        self.maxEntries = maxEntries
        self.maxTotalUncompressedSize = maxTotalUncompressedSize
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioThreshold = ratioThreshold
    }

    /// No limits at all: only for crafting hostile archives in tests and fuzzing, never for reading.
    public static let unlimited = ZipLimits(maxEntries: .max, maxTotalUncompressedSize: .max, maxCompressionRatio: .max, ratioThreshold: .max)

    /// Whether an entry of `size` bytes stored in `compressedSize` bytes breaks the ratio limit.
    public func refusesRatio(size: UInt64, compressedSize: UInt64) -> Bool {
        size > ratioThreshold && size / max(compressedSize, 1) > maxCompressionRatio
    }
}

/// One entry of the central directory.
public struct ZipEntry: Sendable, Equatable {
    /// The entry's path inside the archive, checked to be safe to extract.
    public let name: String
    /// 0 stored, 8 deflated.
    public let method: UInt16
    /// The general-purpose bit flags (bit 11: the name is UTF-8); encrypted entries are refused.
    public let flags: UInt16
    /// The CRC-32 of the uncompressed data, checked when the data is read.
    public let crc: UInt32
    /// The size of the stored data, in bytes (the ZIP64 value where there is one).
    public let compressedSize: UInt64
    /// The size of the data once inflated, in bytes (the ZIP64 value where there is one).
    public let size: UInt64
    /// Offset of the local header.
    public let offset: UInt64
    /// Where the entry's data lies, once the local header has been checked.
    let dataRange: Range<Int>
    /// From the local header to the end of the data.
    var extent: Range<Int> { Int(offset)..<dataRange.upperBound }
}

/// Reads zip archives from untrusted sources, refusing anything dangerous with a clear error.
///
/// All parsing goes through `ByteCursor`, so offsets and lengths read from the archive are checked
/// before use: a damaged or hostile archive ends in a `ZipError`, never a trap.
public struct ZipReader: Sendable {
    private let bytes: [UInt8]
    /// The entries in central-directory order.
    public let entries: [ZipEntry]
    /// The limits the archive was checked against when it was opened.
    public let limits: ZipLimits

    /// Parses the end records and the central directory and checks every entry's header, name,
    /// method, placement and declared sizes (the data itself is checked by `data(of:)`).
    public init(bytes: [UInt8], limits: ZipLimits = ZipLimits()) throws(ZipError) {
        self.bytes = bytes
        self.limits = limits
        let whole = ByteCursor(bytes, what: "archive")
        let directory = try ZipReader.locateDirectory(whole)
        guard directory.count <= UInt64(limits.maxEntries) else { throw .tooManyEntries(count: directory.count, limit: limits.maxEntries) }
        // Local headers and data must lie before the central directory.
        let contents = try whole.window(at: 0, length: UInt64(directory.records.window.lowerBound), what: "entry data")
        var records = directory.records
        var entries: [ZipEntry] = []
        var names: Set<String> = []
        var total: UInt64 = 0
        for _ in 0..<directory.count {
            let entry = try ZipReader.readCentralEntry(&records, contents: contents)
            // Names compared one by one while there are few (cheaper than hashing each), in a set beyond.
            if entries.count < 16 {
                guard !entries.contains(where: { $0.name == entry.name }) else { throw .duplicateName(entry.name) }
            } else {
                if names.isEmpty { names = Set(entries.map(\.name)) }
                guard names.insert(entry.name).inserted else { throw .duplicateName(entry.name) }
            }
            if limits.refusesRatio(size: entry.size, compressedSize: entry.compressedSize) {
                throw .compressionRatioTooHigh(name: entry.name, ratio: entry.size / max(entry.compressedSize, 1), limit: limits.maxCompressionRatio)
            }
            let (sum, overflow) = total.addingReportingOverflow(entry.size)
            guard !overflow, sum <= limits.maxTotalUncompressedSize else { throw .totalSizeTooLarge(limit: limits.maxTotalUncompressedSize) }
            total = sum
            entries.append(entry)
        }
        // Records left over mean the count lies, which would hide entries.
        guard records.remaining == 0 else { throw .corrupt("central directory (entry count)", at: UInt64(records.window.lowerBound)) }
        let ranges = entries.map { ($0.name, $0.extent) }.sorted { $0.1.lowerBound < $1.1.lowerBound }
        for (first, second) in zip(ranges, ranges.dropFirst()) where first.1.upperBound > second.1.lowerBound {
            throw .overlappingEntries(first.0, second.0)
        }
        self.entries = entries
    }

    /// The entry's bytes, inflated and checked against its declared size and CRC-32.
    public func data(of entry: ZipEntry) throws(ZipError) -> [UInt8] {
        var cursor = try ByteCursor(bytes, what: "archive").window(
            at: UInt64(entry.dataRange.lowerBound), length: UInt64(entry.dataRange.count), what: ZipStructure("data", of: entry.name))
        let compressed = try cursor.read(entry.dataRange.count)
        let data: [UInt8]
        if entry.method == 0 {
            guard entry.compressedSize == entry.size else {
                throw .sizeMismatch(name: entry.name, declared: entry.size, actual: entry.compressedSize)
            }
            data = Array(compressed)
        } else {
            guard let expectedSize = Int(exactly: entry.size), expectedSize < Int.max else {
                throw .corrupt("declared size of \"\(entry.name)\"", at: entry.offset)
            }
            data = try Deflate.decompress(compressed, expectedSize: expectedSize, name: entry.name)
        }
        guard CRC32.checksum(data) == entry.crc else { throw .crcMismatch(name: entry.name) }
        return data
    }

    /// The entry's bytes as stored (deflated or not), unchecked: for benchmarks that inflate them themselves.
    package func compressedBytes(of entry: ZipEntry) -> ArraySlice<UInt8> {
        bytes[entry.dataRange.clamped(to: bytes.indices)]
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
        /// A cursor over the central directory records.
        let records: ByteCursor
    }

    private static let endRecordSize = 22, locatorSize = 20, zip64RecordSize = 56

    /// Why there is no end record: a file that starts with a local header is a zip cut short (an
    /// interrupted upload), anything else (an HTML error page, a JSON body) is no zip at all.
    private static func missingEnd(_ whole: ByteCursor) -> ZipError {
        var start = whole
        guard (try? start.u32()) == ZipSignature.localFileHeader.rawValue else { return .notAZip }
        return .truncatedUpload(size: UInt64(whole.window.count))
    }

    /// Finds the end of central directory record (and the ZIP64 one it points to) and returns the
    /// central directory, which must lie before them.
    private static func locateDirectory(_ whole: ByteCursor) throws(ZipError) -> Directory {
        guard whole.window.count >= endRecordSize else { throw missingEnd(whole) }
        let last = whole.window.upperBound - endRecordSize
        var found: (start: Int, record: ByteCursor)?
        for candidate in stride(from: last, through: max(whole.window.lowerBound, last - 0xFFFF), by: -1) {
            var record = try whole.window(at: UInt64(candidate), length: UInt64(endRecordSize), what: "end of central directory record")
            guard try record.u32() == ZipSignature.endOfCentralDirectory.rawValue else { continue }
            try record.skip(16)
            if Int(try record.u16()) == last - candidate {
                found = (candidate, record)
                break
            }
        }
        guard var (endStart, record) = found else { throw missingEnd(whole) }
        try record.seek(to: UInt64(endStart + 10))
        var count = UInt64(try record.u16())
        var size = UInt64(try record.u32())
        var offset = UInt64(try record.u32())
        if endStart >= locatorSize {
            var locator = try whole.window(at: UInt64(endStart - locatorSize), length: UInt64(locatorSize),
                                           what: "ZIP64 end of central directory locator")
            if try locator.u32() == ZipSignature.zip64EndOfCentralDirectoryLocator.rawValue {
                try locator.skip(4)
                let recordOffset = try locator.u64()
                // The ZIP64 record must lie before its locator.
                let before = try whole.window(at: 0, length: UInt64(endStart - locatorSize), what: "ZIP64 end of central directory record")
                var zip64 = try before.window(at: recordOffset, length: UInt64(zip64RecordSize),
                                              what: "ZIP64 end of central directory record")
                try zip64.expectSignature(ZipSignature.zip64EndOfCentralDirectory.rawValue)
                try zip64.skip(28)
                count = try zip64.u64()
                size = try zip64.u64()
                offset = try zip64.u64()
                endStart = Int(recordOffset)
            }
        }
        let beforeEnd = try whole.window(at: 0, length: UInt64(endStart), what: "central directory")
        return Directory(count: count, records: try beforeEnd.window(at: offset, length: size, what: "central directory"))
    }

    private static func readCentralEntry(_ records: inout ByteCursor, contents: ByteCursor) throws(ZipError) -> ZipEntry {
        // The 46 bytes of the fixed part, then its fields by offset (APPNOTE 4.3.12).
        var header = try records.take(46, what: "central directory entry")
        try header.expectSignature(ZipSignature.centralDirectoryHeader.rawValue)
        let flags = UInt16(header.field(at: 8, size: 2))
        let method = UInt16(header.field(at: 10, size: 2))
        let crc = UInt32(header.field(at: 16, size: 4))
        var compressedSize = header.field(at: 20, size: 4)
        var size = header.field(at: 24, size: 4)
        let nameLength = Int(header.field(at: 28, size: 2))
        let extraLength = Int(header.field(at: 30, size: 2))
        let commentLength = Int(header.field(at: 32, size: 2))
        var offset = header.field(at: 42, size: 4)
        let nameBytes = try records.take(nameLength, what: "central directory entry name")
        var nameReader = nameBytes
        let rawName = try nameReader.read(nameLength)
        guard let name = String(validating: rawName, as: UTF8.self) else {
            throw .unsafeName(String(decoding: rawName, as: UTF8.self), reason: "the name is not UTF-8")
        }
        var extra = try records.take(extraLength, what: ZipStructure("extra fields", of: name))
        try records.skip(commentLength)
        // ZIP64 extra field: the 0xFFFFFFFF fields, in order.
        while extra.remaining >= 4 {
            let id = try extra.u16()
            let length = Int(try extra.u16())
            var field = try extra.take(length, what: ZipStructure("extra field", of: name))
            guard id == 0x0001 else { continue }
            if size == 0xFFFF_FFFF { size = try field.u64() }
            if compressedSize == 0xFFFF_FFFF { compressedSize = try field.u64() }
            if offset == 0xFFFF_FFFF { offset = try field.u64() }
        }
        if let reason = unsafeReason(name) { throw .unsafeName(name, reason: reason) }
        if flags & 0x0041 != 0 { throw .encrypted(name) }
        guard method == 0 || method == 8 else { throw .unsupportedMethod(name: name, method: method) }
        let dataRange = try localData(of: name, nameBytes: rawName, method: method, at: offset, compressedSize: compressedSize, in: contents)
        return ZipEntry(name: name, method: method, flags: flags, crc: crc, compressedSize: compressedSize, size: size,
                        offset: offset, dataRange: dataRange)
    }

    /// Checks that the local header at `offset` agrees with the central directory; returns where the data lies.
    private static func localData(of name: String, nameBytes: ArraySlice<UInt8>, method: UInt16, at offset: UInt64,
                                  compressedSize: UInt64, in contents: ByteCursor) throws(ZipError) -> Range<Int> {
        do throws(ZipError) {
            var local = contents
            try local.seek(to: offset)
            // The 30 bytes of the fixed part, then its fields by offset (APPNOTE 4.3.7).
            let header = try local.take(30, what: ZipStructure("local header", of: name))
            guard header.field(at: 0, size: 4) == ZipSignature.localFileHeader.rawValue else { throw .headerMismatch(name) }
            let localMethod = UInt16(header.field(at: 8, size: 2))
            let localNameLength = Int(header.field(at: 26, size: 2))
            let localExtraLength = Int(header.field(at: 28, size: 2))
            let localName = try local.read(localNameLength)
            guard localMethod == method, localName.elementsEqual(nameBytes) else { throw .headerMismatch(name) }
            try local.skip(localExtraLength)
            return try contents.range(at: UInt64(local.position), length: compressedSize, what: ZipStructure("data", of: name))
        } catch .truncated {
            throw .entryOutsideArchive(name)
        }
    }

    /// Why a name could escape the extraction folder, or `nil` when it is safe.
    public static func unsafeReason(_ name: String) -> String? {
        // A name of printable ASCII (nearly all) is one character per byte: checked byte by byte, in place.
        switch name.utf8.withContiguousStorageIfAvailable(checkASCII) ?? .notPrintableASCII {
        case .safe: return nil
        case .unsafe(let reason): return reason
        case .notPrintableASCII: return unsafeReason(characters: name)
        }
    }

    /// What the byte-by-byte check of a name found.
    private enum ASCIICheck {
        case safe
        case unsafe(String)
        /// Empty, or a byte outside printable ASCII: the name is checked by characters.
        case notPrintableASCII
    }

    /// `unsafeReason` on the UTF-8 bytes of a name of printable ASCII.
    private static func checkASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> ASCIICheck {
        guard !utf8.isEmpty, utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return .notPrintableASCII }
        if utf8[0] == UInt8(ascii: "/") || utf8[0] == UInt8(ascii: "\\") { return .unsafe("absolute path") }
        if utf8.count >= 2, utf8[1] == UInt8(ascii: ":") { return .unsafe("drive-letter path") }
        var backslash = false, dotDot = false
        var length = 0, dots = 0
        for byte in utf8 {
            if byte == UInt8(ascii: "/") {
                dotDot = dotDot || (length == 2 && dots == 2)
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
                if byte == UInt8(ascii: "\\") { backslash = true }
            }
        }
        dotDot = dotDot || (length == 2 && dots == 2)
        return backslash ? .unsafe("backslash in name") : dotDot ? .unsafe("'..' path component") : .safe
    }

    /// `unsafeReason` on characters, for any name.
    static func unsafeReason(characters name: String) -> String? {
        if name.isEmpty { return "empty name" }
        if name.hasPrefix("/") || name.hasPrefix("\\") { return "absolute path" }
        if name.count >= 2, name.dropFirst().first == ":" { return "drive-letter path" }
        if name.contains("\\") { return "backslash in name" }
        if name.unicodeScalars.contains(where: { $0.value == 0 }) { return "NUL in name" }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") { return "'..' path component" }
        return nil
    }
}
