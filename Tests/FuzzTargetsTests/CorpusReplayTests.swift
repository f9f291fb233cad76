import FuzzTargets
import Foundation
import XCTest

/// Replays every committed seed (`Fuzz/corpus/TARGET/`) and every crash ever found
/// (`Fuzz/crashes/TARGET/`) through the fuzz targets: a regression test for each.
final class CorpusReplayTests: XCTestCase {
    func testParser() throws { try replay(.parser) }
    func testSchema() throws { try replay(.schema) }
    func testRegex() throws { try replay(.regex) }
    func testLint() throws { try replay(.lint) }
    func testRunner() throws { try replay(.runner) }
    func testZip() throws { try replay(.zip) }
    func testInflate() throws { try replay(.inflate) }
    func testArchive() throws { try replay(.archive) }
    func testPipeline() throws { try replay(.pipeline) }
    func testLSP() throws { try replay(.lsp) }
    func testHTTP() throws { try replay(.http) }
    func testLine() throws { try replay(.line) }
    func testMinified() throws { try replay(.minified) }
    func testLocator() throws { try replay(.locator) }

    /// A target added to `FuzzTarget` without a replay test here would never run its corpus in `swift test`.
    func testEveryTargetIsReplayed() {
        let replayed: Set<FuzzTarget> = [.parser, .schema, .regex, .lint, .runner, .zip, .inflate, .archive, .pipeline, .lsp, .http, .line, .minified, .locator]
        XCTAssertEqual(Set(FuzzTarget.allCases), replayed, "add a replay test for each new fuzz target")
    }

    /// Crashes whose fix lives on another branch are listed in `Fuzz/crashes/known.txt` and not
    /// replayed (they would bring the whole test process down); this test names each one.
    func testNoKnownUnfixedCrashes() throws {
        let known = try FuzzCorpus.knownCrashes()
        guard known.isEmpty else {
            let list = known.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n  ")
            throw XCTSkip("KNOWN CRASHES NOT REPLAYED (fixed on another branch, remove from Fuzz/crashes/known.txt once merged):\n  \(list)")
        }
    }

    func testEveryTargetHasSeeds() throws {
        for target in FuzzTarget.allCases {
            XCTAssertFalse(try FuzzCorpus.files(of: target, in: "corpus").isEmpty, "no seeds for \(target)")
        }
    }

    private func replay(_ target: FuzzTarget) throws {
        let known = try FuzzCorpus.knownCrashes()
        for kind in ["corpus", "crashes"] {
            for file in try FuzzCorpus.files(of: target, in: kind) {
                let name = "\(target.rawValue)/\(file.lastPathComponent)"
                if kind == "crashes", let reason = known[name] {
                    print("warning: KNOWN CRASH NOT REPLAYED: Fuzz/crashes/\(name): \(reason)")
                    continue
                }
                let bytes = try [UInt8](Data(contentsOf: file))
                do {
                    try target.run(bytes)
                } catch {
                    XCTFail("Fuzz/\(kind)/\(name): \(error)")
                }
            }
        }
    }
}

/// The fuzz corpora of the package.
enum FuzzCorpus {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    /// Every file of `Fuzz/KIND/TARGET/` (none when the folder does not exist).
    static func files(of target: FuzzTarget, in kind: String) throws -> [URL] {
        let folder = root.appendingPathComponent(kind).appendingPathComponent(target.rawValue)
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// `Fuzz/crashes/known.txt`: lines `TARGET/FILE reason`; `#` starts a comment.
    static func knownCrashes() throws -> [String: String] {
        let file = root.appendingPathComponent("crashes/known.txt")
        guard FileManager.default.fileExists(atPath: file.path) else { return [:] }
        var known: [String: String] = [:]
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard let name = parts.first else { continue }
            known[String(name)] = parts.count > 1 ? String(parts[1]) : "no reason given"
        }
        return known
    }
}
