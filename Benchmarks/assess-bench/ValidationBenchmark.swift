import Foundation
import JSONCore
import JSONSchema

/// Bytes in, verdict out: parse each in-memory document (strictly, onto a tape) and ask the compiled schema `isValid`.
enum ValidationBenchmark {
    static func run(corpus: String, schema: String) {
        var registry = SchemaRegistry()
        let validator: Validator
        do {
            let uri = try registry.registerFile(at: schema)
            validator = try Validator(registered: uri.description, in: registry)
        } catch {
            fatalError("benchmark schema does not load: \(error)")
        }
        for group in ["small", "medium", "large"] {
            let documents = load(URL(fileURLWithPath: corpus).appendingPathComponent(group))
            let bytes = documents.reduce(0) { $0 + $1.count }
            for document in documents.prefix(50) {
                guard let tape = try? JSONTape(bytes: document), validator.isValid(tape) else {
                    fatalError("\(group): a corpus document is not valid")
                }
            }
            var rounds = 0
            let clock = ContinuousClock()
            let start = clock.now
            var elapsed = 0.0
            repeat {
                for document in documents {
                    guard let tape = try? JSONTape(bytes: document), validator.isValid(tape) else { fatalError() }
                }
                rounds += 1
                let duration = clock.now - start
                elapsed = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            } while elapsed < 2
            let perSecond = Double(rounds * documents.count) / elapsed
            let megabytes = Double(rounds * bytes) / elapsed / 1e6
            print(String(format: "%-7@ %-15@ %12.1f docs/s %8.1f MB/s", group as NSString, "assess" as NSString, perSecond, megabytes))
        }
    }

    private static func load(_ folder: URL) -> [[UInt8]] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return names.compactMap { FileManager.default.contents(atPath: folder.appendingPathComponent($0).path).map(Array.init) }
    }
}
