import Glibc

/// What is at a path, from `stat` (following symbolic links).
public enum FileStatus {
    /// Whether `path` names a folder (following symbolic links); `nil` when nothing is there.
    public static func isFolder(_ path: String) -> Bool? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT == S_IFDIR
    }
}
