import Glibc

/// File paths and folder listings for schema folders without Foundation's `URL` and `FileManager`, which cost
/// ~30,000 instructions a file (and ~700,000 on first use) on the way to a command's first document. Only
/// "plain" paths take this way: absolute, of ASCII letters, digits, `-`, `_`, `.` and `/`, with no empty, `.` or
/// `..` segment, where `URL(fileURLWithPath:).standardizedFileURL` keeps the path and its URL is `file://` + the
/// path. Anything else returns `nil`, and the caller does what it did before with Foundation.
enum PlainPaths {
    /// Whether every byte of a name or path may be used as it is (no percent-encoding, no character that
    /// Foundation reads differently).
    static func isPlain(_ text: Substring.UTF8View) -> Bool {
        !text.isEmpty && text.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".")
        }
    }

    /// Whether `path` is absolute, plain, and already standard: no empty, `.` or `..` segment, no final `/`.
    static func isStandardPlain(_ path: String) -> Bool {
        // Foundation's standardizing may rewrite automount prefixes: those paths are left to it.
        guard path.hasPrefix("/"), path.count > 1, !path.hasPrefix("/private"), !path.hasPrefix("/var/automount") else { return false }
        return path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { segment in
            let name = Substring(segment)
            return name != "." && name != ".." && isPlain(name.utf8)
        }
    }

    /// The folder path that `FileManager`'s enumerator starts its paths with, when it is plain: an absolute path
    /// as given (it must be standard already; a final `/` dropped), a relative one after the working folder with
    /// its `.` and `..` segments resolved by name.
    static func standardFolder(_ path: String) -> String? {
        var folder = path
        if folder.hasSuffix("/") { folder.removeLast() }
        if folder.hasPrefix("/") { return isStandardPlain(folder) ? folder : nil }
        guard let working = workingFolder() else { return nil }
        var segments: [Substring] = []
        for segment in (working + "/" + folder).dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            switch segment {
            case "": return nil  // `//`: left to Foundation
            case ".": continue
            case "..": if segments.popLast() == nil { return nil }
            default: segments.append(segment)
            }
        }
        let standard = "/" + segments.joined(separator: "/")
        return isStandardPlain(standard) ? standard : nil
    }

    private static func workingFolder() -> String? {
        guard let buffer = getcwd(nil, 0) else { return nil }
        defer { free(buffer) }
        return String(validatingCString: buffer)
    }

    /// The `.json` files under a standard plain folder, as `FileManager`'s enumerator finds them (folders inside
    /// followed, links to folders not, hidden names too), unsorted; `nil` when some name is not plain or has a
    /// `.json` ending whose extension Foundation might read otherwise, or when a folder cannot be read.
    static func jsonFiles(under root: String) -> [String]? {
        var info = stat()
        guard lstat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        var files: [String] = []
        var folders = [root]
        while let folder = folders.popLast() {
            guard let stream = opendir(folder) else { return nil }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                guard isPlain(name[...].utf8) else { return nil }
                let path = folder + "/" + name
                var kind = entry.pointee.d_type
                if kind == UInt8(DT_UNKNOWN) {
                    guard lstat(path, &info) == 0 else { return nil }
                    kind = info.st_mode & S_IFMT == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
                }
                if kind == UInt8(DT_DIR) { folders.append(path) }
                guard name.hasSuffix(".json") else { continue }
                // `a.json` is a JSON file's name; `.json`, `..json` and `.a.json` are left to Foundation's reading.
                let stem = name.dropLast(5)
                guard !stem.isEmpty, !stem.hasPrefix("."), !stem.hasSuffix(".") else { return nil }
                files.append(path)
            }
        }
        return files
    }

    /// The bytes of the regular file at a standard plain path; `nil` when it is not one or cannot be read
    /// (the caller then reads it as before, for the same error).
    static func regularFileBytes(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: max(Int(info.st_size), 4_096) + 1)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk.prefix(count)
        }
    }
}
