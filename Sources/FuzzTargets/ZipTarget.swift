import FoundationEssentials
import ZipArchive

/// Any bytes read as a zip either refuse with a typed error or give entries whose data has the
/// declared size; entries that all extract can be zipped again and read back unchanged.
enum ZipTarget {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        guard let reader = try? ZipReader(bytes: bytes) else { return }
        var extracted: [(name: String, bytes: [UInt8])] = []
        for entry in reader.entries {
            guard let data = try? reader.data(of: entry) else { continue }
            try FuzzFailure.check(UInt64(data.count) == entry.size, "\"\(entry.name)\" declares \(entry.size) bytes but gives \(data.count)")
            extracted.append((entry.name, data))
        }
        guard extracted.count == reader.entries.count else { return }
        var writer = ZipWriter()
        do {
            for entry in extracted { try writer.add(name: entry.name, bytes: entry.bytes, modified: Date(timeIntervalSince1970: 0)) }
            let again = try ZipReader(bytes: writer.finish()).extractAll()
            try FuzzFailure.check(again.map(\.name) == extracted.map(\.name) && again.map(\.bytes) == extracted.map(\.bytes),
                                  "entries zipped again read back differently")
        } catch let failure as FuzzFailure {
            throw failure
        } catch {
            throw FuzzFailure("entries read from a zip cannot be zipped and read again: \(error)")
        }
    }
}
