import Foundation
import JSONCore
import JSONSchema

/// `--ref-dir` cost: index a folder of schemas, compile one of them and validate an instance, against
/// parsing the same bytes onto tapes. Each figure is the median of 7 rounds in this process.
enum RefDirBenchmark {
    static func run(folder: String, schema: String, instance: String) {
        let files = jsonFiles(under: folder)
        let contents = files.compactMap { FileManager.default.contents(atPath: $0).map(Array.init) }
        let size = contents.reduce(0) { $0 + $1.count }
        print(String(format: "%d schema files, %.1f MB", files.count, Double(size) / 1e6))
        guard let instanceBytes = FileManager.default.contents(atPath: instance).map(Array.init),
              let tape = try? JSONTape(bytes: instanceBytes) else {
            fatalError("cannot read the instance \(instance)")
        }
        let parse = median {
            for bytes in contents { _ = try? JSONTape(bytes: bytes) }
        }
        var verdict = false
        let register = median {
            var registry = SchemaRegistry()
            do { try registry.registerDirectory(at: folder) } catch { fatalError("\(error)") }
        }
        let whole = median {
            var registry = SchemaRegistry()
            do {
                try registry.registerDirectory(at: folder)
                verdict = try Validator(registered: schema, in: registry).isValid(tape)
            } catch {
                fatalError("\(error)")
            }
        }
        print(String(format: "parse the bytes onto tapes (in memory)      %7.3f s", parse))
        print(String(format: "registerDirectory (reads the files)         %7.3f s", register))
        print(String(format: "registerDirectory + compile + validate      %7.3f s (instance %@)", whole, verdict ? "valid" : "invalid"))
    }

    private static func jsonFiles(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".json") { files.append(folder + "/" + path) }
        }
        return files
    }

    private static func median(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<7 {
            let start = clock.now
            body()
            let duration = clock.now - start
            times.append(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }
        return times.sorted()[times.count / 2]
    }
}
