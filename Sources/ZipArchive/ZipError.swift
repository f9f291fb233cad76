/// Why a zip archive cannot be read or written, naming the entry concerned.
public enum ZipError: Error, Sendable, Equatable, CustomStringConvertible {
    case notAZip
    /// The bytes start as a zip archive (a local file header) but end before its end record.
    case truncatedUpload(size: UInt64)
    /// A structure (`what`) at byte `at` runs past the end of the archive or of its enclosing record.
    case truncated(String, at: UInt64)
    /// A structure (`what`) at byte `at` does not hold what the format requires (signature, field).
    case corrupt(String, at: UInt64)
    case unsafeName(String, reason: String)
    case duplicateName(String)
    case encrypted(String)
    case unsupportedMethod(name: String, method: UInt16)
    case headerMismatch(String)
    case sizeMismatch(name: String, declared: UInt64, actual: UInt64)
    case crcMismatch(name: String)
    case overlappingEntries(String, String)
    case entryOutsideArchive(String)
    case compressionRatioTooHigh(name: String, ratio: UInt64, limit: UInt64)
    case totalSizeTooLarge(limit: UInt64)
    case tooManyEntries(count: UInt64, limit: Int)
    case corruptData(name: String, reason: String)

    /// The message for users, naming the entry or path at fault.
    public var description: String {
        switch self {
        case .notAZip: return "not a zip archive (no end of central directory record)"
        case .truncatedUpload(let size):
            return "truncated upload: the file starts as a zip archive but ends after \(size) bytes, before its central directory (no end of central directory record)"
        case .truncated(let what, let offset): return "truncated archive: \(what) at byte \(offset) runs past the end of its enclosing data"
        case .corrupt(let what, let offset): return "corrupt archive: \(what) at byte \(offset) is malformed"
        case .unsafeName(let name, let reason): return "refused entry \"\(name)\": \(reason)"
        case .duplicateName(let name): return "entry \"\(name)\" appears more than once"
        case .encrypted(let name): return "refused entry \"\(name)\": encrypted entries are not supported"
        case .unsupportedMethod(let name, let method): return "refused entry \"\(name)\": unsupported compression method \(method) (only stored and deflated)"
        case .headerMismatch(let name): return "entry \"\(name)\": local header does not match the central directory"
        case .sizeMismatch(let name, let declared, let actual):
            return "entry \"\(name)\": declared size \(declared) bytes but the data holds \(actual == .max ? "more" : String(actual))"
        case .crcMismatch(let name): return "entry \"\(name)\": CRC-32 mismatch (corrupt data)"
        case .overlappingEntries(let first, let second): return "entries \"\(first)\" and \"\(second)\" overlap (zip bomb?)"
        case .entryOutsideArchive(let name): return "entry \"\(name)\" points outside the archive"
        case .compressionRatioTooHigh(let name, let ratio, let limit):
            return "refused entry \"\(name)\": compression ratio \(ratio):1 exceeds the limit of \(limit):1 (zip bomb?)"
        case .totalSizeTooLarge(let limit): return "refused archive: total uncompressed size exceeds \(limit) bytes (zip bomb?)"
        case .tooManyEntries(let count, let limit): return "refused archive: \(count) entries exceed the limit of \(limit)"
        case .corruptData(let name, let reason): return "entry \"\(name)\": corrupt compressed data (\(reason))"
        }
    }
}
