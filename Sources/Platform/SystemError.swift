import FoundationEssentials
import Glibc

/// Text for the errors of file operations, as the rest of the tool words them (`strerror`'s reason).
public enum SystemError {
    /// Why a file operation failed: the system's reason for a `POSIXError` or a `CocoaError` that wraps one
    /// (`No such file or directory`), else the error's own description.
    public static func reason(_ error: any Error) -> String {
        if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return String(describing: error)
    }
}
