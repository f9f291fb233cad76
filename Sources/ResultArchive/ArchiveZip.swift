import FoundationEssentials
import ZipArchive
import FileIO

/// The zip operations result archives need, over the ZipArchive library.
enum ArchiveZip {
    struct Entry {
        let name: String
        let bytes: [UInt8]
    }

    /// Zip bytes holding `entries` in order, each stamped with `modified`; a reader with the same
    /// `limits` accepts them.
    static func write(_ entries: [Entry], modified: Date, limits: ZipLimits) throws(ArchiveBuildError) -> [UInt8] {
        var writer = ZipWriter(limits: limits)
        for entry in entries {
            do {
                try writer.add(name: entry.name, bytes: entry.bytes, compression: .automatic, modified: modified)
            } catch .duplicateName(let name) {
                throw .duplicateFilename(name)
            } catch {
                throw .beyondLimits(error.description)
            }
        }
        return writer.finish()
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(ArchiveBuildError) {
        do {
            try AtomicFile.write(bytes, to: path, overwrite: overwrite)
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
    }

    /// Problems that make an archive unreadable.
    struct Problems: Error {
        let messages: [String]
    }

    /// Every entry with its checked data, or the problems that make the archive unreadable.
    static func read(_ bytes: [UInt8], limits: ZipLimits) -> Result<[Entry], Problems> {
        do {
            let reader = try ZipReader(bytes: bytes, limits: limits)
            var entries: [Entry] = []
            var problems: [String] = []
            for entry in reader.entries {
                do {
                    entries.append(Entry(name: entry.name, bytes: try reader.data(of: entry)))
                } catch {
                    problems.append(error.description)
                }
            }
            return problems.isEmpty ? .success(entries) : .failure(Problems(messages: problems))
        } catch {
            return .failure(Problems(messages: [error.description]))
        }
    }
}
