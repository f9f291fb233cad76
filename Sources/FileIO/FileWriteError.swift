/// Why a file could not be written.
public enum FileWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The system refused to create, write, flush or move the file into place, for `reason`.
    case cannotWrite(path: String, reason: String)
    /// The destination exists and the write was asked not to replace it.
    case destinationExists(String)

    /// What went wrong, naming the file.
    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .destinationExists(let path): return "\(path) already exists"
        }
    }
}
