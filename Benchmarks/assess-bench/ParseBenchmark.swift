import Foundation
import JSONCore

/// Bytes in memory to a `JSONTape` (strict parse, no validation), per corpus group, with a fresh
/// tape per document and with one `JSONTapeParser` reusing its tape's memory: best of `repeats`
/// timed rounds of at least `seconds` each, so a busy machine's noise falls out.
/// With `onlyGroup` and `rounds`, parses that group exactly `rounds` times untimed (for
/// `perf stat -e instructions` or callgrind, whose counts a busy machine does not change); with
/// `writesLine`, through `tapeAndLine` as ingest parses (the tape and the dataset line in one pass).
enum ParseBenchmark {
    static func run(corpus: String, repeats: Int = 5, seconds: Double = 0.5, onlyGroup: String? = nil, rounds: Int = 0, writesLine: Bool = false) {
        if let onlyGroup {
            let documents = ValidationBenchmark.load(URL(fileURLWithPath: corpus).appendingPathComponent(onlyGroup))
            var parser = JSONTapeParser()
            // Names like the ingest's partition fields, which keep a text from its line.
            let names = CompactJSON.ReservedNames(["recordid", "assessmentid", "year", "month", "day"])
            for _ in 0..<rounds {
                for document in documents {
                    let parsed = writesLine ? (try? parser.tapeAndLine(document, reserving: names))?.tape : try? parser.tape(document)
                    guard parsed != nil else { fatalError("\(onlyGroup): a corpus document does not parse") }
                }
            }
            print("\(onlyGroup): \(rounds) rounds of \(documents.reduce(0) { $0 + $1.count }) bytes")
            return
        }
        for group in ["small", "medium", "large"] {
            let documents = ValidationBenchmark.load(URL(fileURLWithPath: corpus).appendingPathComponent(group))
            let bytes = documents.reduce(0) { $0 + $1.count }
            var entries = 0
            for document in documents {
                guard let tape = try? JSONTape(bytes: document) else { fatalError("\(group): a corpus document does not parse") }
                entries += tape.withView { $0.end(0) }
            }
            // A fresh tape per document (`JSONTape(bytes:)`), then one parser reusing its tape's memory.
            let fresh = bestRate(repeats: repeats, seconds: seconds) {
                for document in documents {
                    guard (try? JSONTape(bytes: document)) != nil else { fatalError() }
                }
            }
            var parser = JSONTapeParser()
            let reused = bestRate(repeats: repeats, seconds: seconds) {
                for document in documents {
                    guard (try? parser.tape(document)) != nil else { fatalError() }
                }
            }
            for (label, best) in [("assess parse, fresh tape", fresh), ("assess parse", reused)] {
                print(String(format: "%-7@ %-25@ %12.1f docs/s %8.1f MB/s  (%d values)", group as NSString, label as NSString,
                             best * Double(documents.count), best * Double(bytes) / 1e6, entries))
            }
        }
    }

    /// The best rate (rounds of `body` per second) over `repeats` timings of at least `seconds` each.
    static func bestRate(repeats: Int, seconds: Double, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var best = 0.0
        for _ in 0..<repeats {
            var rounds = 0
            let start = clock.now
            var elapsed = 0.0
            repeat {
                body()
                rounds += 1
                let duration = clock.now - start
                elapsed = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            } while elapsed < seconds
            best = max(best, Double(rounds) / elapsed)
        }
        return best
    }
}
