import Foundation
import JSONCore
import JSONSchema

/// Bytes in, verdict out: parse each in-memory document (strictly, onto a tape) and ask the compiled schema `isValid`.
/// One `JSONTapeParser` serves the whole loop, as a service validating document after document would hold one:
/// each tape is written over the memory of the one before.
enum ValidationBenchmark {
    /// With `onlyGroup` and `rounds`: validate that group exactly `rounds` times, untimed (for callgrind).
    static func run(corpus: String, schema: String, onlyGroup: String? = nil, rounds: Int = 0) {
        var registry = SchemaRegistry()
        let validator: Validator
        do {
            let uri = try registry.registerFile(at: schema)
            validator = try Validator(registered: uri.description, in: registry)
        } catch {
            fatalError("benchmark schema does not load: \(error)")
        }
        var parser = JSONTapeParser()
        if let onlyGroup {
            let documents = load(URL(fileURLWithPath: corpus).appendingPathComponent(onlyGroup))
            for _ in 0..<rounds {
                for document in documents {
                    guard let tape = try? parser.tape(document), validator.isValid(tape) else { fatalError("\(onlyGroup): invalid") }
                }
            }
            print("\(onlyGroup): \(rounds) rounds of \(documents.reduce(0) { $0 + $1.count }) bytes")
            return
        }
        for group in ["small", "medium", "large"] {
            let documents = load(URL(fileURLWithPath: corpus).appendingPathComponent(group))
            let bytes = documents.reduce(0) { $0 + $1.count }
            for document in documents.prefix(50) {
                guard let tape = try? parser.tape(document), validator.isValid(tape) else {
                    fatalError("\(group): a corpus document is not valid")
                }
            }
            let best = ParseBenchmark.bestRate(repeats: 5, seconds: 0.5) {
                for document in documents {
                    guard let tape = try? parser.tape(document), validator.isValid(tape) else { fatalError() }
                }
            }
            let perSecond = best * Double(documents.count)
            let megabytes = best * Double(bytes) / 1e6
            print(String(format: "%-7@ %-15@ %12.1f docs/s %8.1f MB/s", group as NSString, "assess" as NSString, perSecond, megabytes))
        }
    }

    static func load(_ folder: URL) -> [[UInt8]] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return names.compactMap { FileManager.default.contents(atPath: folder.appendingPathComponent($0).path).map(Array.init) }
    }
}
