import AssessmentModel
import AssessmentSchemas
import FoundationEssentials
import ResultArchive
import ZipArchive
import SeededRandom

/// A structure-aware mutator for zip inputs: it unpacks an archive, changes one entry (its bytes,
/// its name, its presence) and zips it again, so CRCs and sizes stay right and the fuzzer reaches
/// the checks behind them (manifest, JSON, schemas) instead of stopping at the first checksum.
/// For result archives it can also rebuild a consistent manifest for the entries it has.
public enum ZipMutator {
    /// What the mutator changes bytes with: libFuzzer's own mutator when fuzzing.
    public typealias ByteMutator = (_ bytes: [UInt8], _ maxSize: Int) -> [UInt8]

    /// A mutation of `bytes`, at most `maxSize` long, chosen by `seed`. Inputs that are not
    /// readable zips (and one mutation in four) are changed byte-wise with `mutateBytes`.
    public static func mutate(_ bytes: [UInt8], seed: UInt32, maxSize: Int, resultArchive: Bool,
                              mutateBytes: ByteMutator) -> [UInt8] {
        var random = SplitMix64(seed: UInt64(seed))
        guard random.next() % 4 != 0, var entries = readableEntries(bytes) else {
            return mutateBytes(bytes, maxSize)
        }
        let budget = max(maxSize - 200 * (entries.count + 1), 0)
        let index = entries.isEmpty ? 0 : Int(random.next() % UInt64(entries.count))
        // An empty archive can only grow (or, for result archives, get its manifest).
        let operation = random.next() % (resultArchive ? 6 : 5)
        switch entries.isEmpty && operation < 4 ? 4 : operation {
        case 0, 1:
            entries[index].bytes = mutateBytes(entries[index].bytes, budget)
        case 2:
            entries[index].name = String(decoding: mutateBytes(Array(entries[index].name.utf8), 64), as: UTF8.self)
        case 3:
            entries.remove(at: index)
        case 5:
            return rebuiltArchive(entries, random: &random, maxSize: maxSize) ?? mutateBytes(bytes, maxSize)
        default:
            entries.append((name: "entry\(random.next() % 8).json", bytes: mutateBytes([], min(budget, 256))))
        }
        let zipped = zip(entries, deflate: random.next() % 2 == 0)
        return zipped.flatMap { $0.count <= maxSize ? $0 : nil } ?? mutateBytes(bytes, maxSize)
    }

    /// The entries of a zip whose every entry extracts, in order.
    static func readableEntries(_ bytes: [UInt8]) -> [(name: String, bytes: [UInt8])]? {
        guard let reader = try? ZipReader(bytes: bytes), let entries = try? reader.extractAll() else { return nil }
        return entries
    }

    /// The entries zipped (nil when a name repeats or is refused).
    static func zip(_ entries: [(name: String, bytes: [UInt8])], deflate: Bool) -> [UInt8]? {
        var writer = ZipWriter()
        for entry in entries {
            guard (try? writer.add(name: entry.name, bytes: entry.bytes, compression: deflate ? .deflated : .stored,
                                   modified: Date(timeIntervalSince1970: 0))) != nil else { return nil }
        }
        return writer.finish()
    }

    /// The non-manifest entries built into a fresh result archive with a manifest that lists
    /// them, each JSON entry naming a bundled schema (or none) at random.
    private static func rebuiltArchive(_ entries: [(name: String, bytes: [UInt8])], random: inout SplitMix64,
                                       maxSize: Int) -> [UInt8]? {
        let schemas = [nil] + BundledSchemas.files.map(\.id)
        let inputs = entries.filter { $0.name != "metadata.json" }.map { entry in
            ArchiveInput(filename: entry.name, bytes: entry.bytes,
                         jsonSchema: entry.name.hasSuffix(".json") ? schemas[Int(random.next() % UInt64(schemas.count))] : nil)
        }
        guard let archive = try? ArchiveBuilder(timestamp: Date(timeIntervalSince1970: 0)).build(inputs),
              archive.count <= maxSize else { return nil }
        return archive
    }
}
