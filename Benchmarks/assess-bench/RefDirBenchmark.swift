import Foundation
import JSONCore
import JSONSchema

/// `--ref-dir` cost: index a folder of schemas, compile one of them and validate an instance, against
/// parsing the same bytes onto tapes. Each figure is the median of 7 rounds in this process, as wall
/// time and as CPU time of all threads (the figure that matters on a busy machine).
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
        print(String(format: "parse the bytes onto tapes (in memory)   %7.3f s wall %7.3f s CPU", parse.wall, parse.cpu))
        print(String(format: "registerDirectory (reads the files)      %7.3f s wall %7.3f s CPU", register.wall, register.cpu))
        print(String(format: "registerDirectory + compile + validate   %7.3f s wall %7.3f s CPU (instance %@)",
                     whole.wall, whole.cpu, verdict ? "valid" : "invalid"))
    }

    private static func jsonFiles(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".json") { files.append(folder + "/" + path) }
        }
        return files
    }

    private static func median(_ body: () -> Void) -> (wall: Double, cpu: Double) {
        let clock = ContinuousClock()
        var walls: [Double] = []
        var cpus: [Double] = []
        for _ in 0..<7 {
            let start = clock.now
            let cpuStart = cpuSeconds()
            body()
            cpus.append(cpuSeconds() - cpuStart)
            let duration = clock.now - start
            walls.append(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }
        return (walls.sorted()[walls.count / 2], cpus.sorted()[cpus.count / 2])
    }

    /// User and system CPU time of the whole process so far.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
