import Foundation
import ZipArchive

/// Inflate throughput on the entries of a folder of zip archives (Benchmarks/run-inflate.sh: the realistic mix's
/// sensor archives), ours (`CInflate`, as `ZipReader` uses it) and zlib's in the same run, each the best of
/// several rounds over every chosen entry. Prints MB/s of inflated bytes and the ratio.
enum InflateBenchmark {
    /// One deflated entry: its compressed bytes and its size.
    private struct Entry {
        let compressed: ArraySlice<UInt8>
        let size: Int
    }

    /// Inflates the deflated entries named `only` (every entry when nil) of the archives in `folder`.
    static func run(folder: String, only: String?, rounds: Int) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".zip") }.sorted()
        var entries: [Entry] = []
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name),
                  let reader = try? ZipReader(bytes: Array(data)) else { continue }
            for entry in reader.entries where entry.method == 8 && (only == nil || entry.name == only) {
                entries.append(Entry(compressed: reader.compressedBytes(of: entry), size: Int(entry.size)))
            }
        }
        let total = entries.reduce(0) { $0 + $1.size }
        guard total > 0 else {
            FileHandle.standardError.write(Data("no deflated entries\(only.map { " named \($0)" } ?? "") in \(folder)\n".utf8))
            exit(2)
        }
        let ours = best(rounds) { for entry in entries { _ = try? Deflate.decompress(entry.compressed, expectedSize: entry.size, name: "") } }
        let zlib = best(rounds) {
            for entry in entries { _ = try? Deflate.decompressWithZlib(entry.compressed, expectedSize: entry.size, name: "") }
        }
        let megabytes = Double(total) / 1e6
        print(String(format: "inflate %d entries (%@), %.1f MB inflated, best of %d: assess %.0f MB/s, zlib %.0f MB/s, %.2fx",
                     entries.count, only ?? "all", megabytes, rounds, megabytes / ours, megabytes / zlib, zlib / ours))
    }

    /// The shortest time in seconds of `rounds` runs of `body`.
    private static func best(_ rounds: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var best = Duration.seconds(1000)
        for _ in 0..<max(1, rounds) {
            let start = clock.now
            body()
            best = min(best, clock.now - start)
        }
        return Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
    }
}
