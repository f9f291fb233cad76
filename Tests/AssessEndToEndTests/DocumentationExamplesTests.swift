import CLITestSupport
import Foundation
import XCTest

/// Runs every example of the README and of `docs/` with the built binary and compares what it prints
/// (standard output and standard error, in the order written) with the lines the page shows under it.
///
/// In a page, an example is a `$ command` line of an `sh` block (a trailing `\` continues it); the lines
/// after it, up to a blank line, a `#` comment or the next command, are what it prints. A line of `…`
/// alone (indented or not) stands for any number of lines, `…` inside a line for any text, and `/tmp/tmp.Xq3TGl8Ak2` for the page's
/// temporary folder, `$tmp`. Commands without lines under them run too (later examples may read what they
/// write) and are not compared. Each page gets its own `$tmp` (with a `batch` folder in it).
final class DocumentationExamplesTests: XCTestCase {
    func testEveryShownOutputIsWhatTheCommandPrints() throws {
        let assess = try Binary.assess().path
        let sharedPresent = FileManager.default.fileExists(atPath: Paths.repository.appendingPathComponent("../shared/sage").path)
        var compared = 0
        for page in try DocumentationPages.all() {
            let text = try String(contentsOfFile: Paths.repository.appendingPathComponent(page).path, encoding: .utf8)
            let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("assess-docs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: tmp.appendingPathComponent("batch"), withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: tmp) }
            for example in DocumentationExample.all(in: text) where !example.command.hasPrefix("tmp=") {
                if example.serves {
                    print("\(page):\(example.line): not run (it serves until stopped; its own tests run it): \(example.command)")
                    continue
                }
                if !sharedPresent, example.command.contains("../shared") {
                    print("\(page): skipped (../shared is absent): \(example.command)")
                    continue
                }
                let output = try Self.shell(example.command(assess: assess), tmp: tmp.path)
                guard !example.shown.isEmpty else { continue }
                compared += 1
                let expected = example.shown.map { $0.replacingOccurrences(of: DocumentationExample.shownTmp, with: tmp.path) }
                let actual = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                XCTAssertTrue(LinePattern.matches(expected, actual.last == "" ? Array(actual.dropLast()) : actual),
                              "\(page):\(example.line): `\(example.command)` printed:\n\(output)\nthe page shows:\n\(expected.joined(separator: "\n"))")
            }
        }
        XCTAssertGreaterThan(compared, sharedPresent ? 15 : 8, "the pages show the output of their examples")
    }

    func testPatternsMatchWhatTheyShouldAndNothingElse() {
        XCTAssertTrue(LinePattern.matches(["a", "…", "d"], ["a", "b", "c", "d"]))
        XCTAssertTrue(LinePattern.matches(["a", "…"], ["a"]))
        XCTAssertTrue(LinePattern.matches(["a", "  …"], ["a", "  b", "  c"]), "an indented … is any number of lines too")
        XCTAssertTrue(LinePattern.matches(["x…z"], ["x and z"]))
        XCTAssertTrue(LinePattern.matches(["a (b) [c] 1.5"], ["a (b) [c] 1.5"]), "no character but … is special")
        XCTAssertFalse(LinePattern.matches(["a", "d"], ["a", "b", "d"]))
        XCTAssertFalse(LinePattern.matches(["x…z"], ["x and y"]))
        XCTAssertFalse(LinePattern.matches(["a"], ["a", "b"]))
        let examples = DocumentationExample.all(in: "```sh\n$ swift run assess lint \\\n    x.json\nx.json:1:1: error\n# note\n$ echo hi\n\n```\n")
        XCTAssertEqual(examples.map(\.command), ["swift run assess lint x.json", "echo hi"])
        XCTAssertEqual(examples.map(\.shown), [["x.json:1:1: error"], []])
        XCTAssertEqual(examples.first?.command(assess: "/bin/assess"), "/bin/assess lint x.json")
        XCTAssertEqual(DocumentationExample.all(in: "```sh\n$ swift run assess preview s.json --open\n```\n").map(\.serves), [true])
        XCTAssertEqual(examples.map(\.serves), [false, false])
    }

    /// Runs `command` with bash in the repository's root, `tmp` set, both output streams into one pipe.
    private static func shell(_ command: String, tmp: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = Paths.repository
        var environment = ProcessInfo.processInfo.environment
        environment["tmp"] = tmp
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// One `$ command` of a page with the lines shown under it.
struct DocumentationExample {
    /// The temporary folder's name as the pages print it.
    static let shownTmp = "/tmp/tmp.Xq3TGl8Ak2"

    let command: String
    let shown: [String]
    /// The 1-based line of the command in its page.
    let line: Int

    /// Whether the command starts a server that runs until stopped (`assess preview`, `assess lsp`).
    var serves: Bool {
        let words = command.split(separator: " ")
        return zip(words, words.dropFirst()).contains { $0 == "assess" && ($1 == "preview" || $1 == "lsp") }
    }

    /// The command with `swift run [-c release] assess` replaced by the built binary.
    func command(assess: String) -> String {
        command.replacingOccurrences(of: "swift run -c release assess ", with: assess + " ")
            .replacingOccurrences(of: "swift run assess ", with: assess + " ")
    }

    /// Every example of the `sh` blocks of `page`.
    static func all(in page: String) -> [DocumentationExample] {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [DocumentationExample] = []
        var inShell = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("```") {
                inShell = !inShell && line == "```sh"
                index += 1
                continue
            }
            guard inShell, line.hasPrefix("$ ") else {
                index += 1
                continue
            }
            let start = index + 1
            var command = String(line.dropFirst(2))
            while command.hasSuffix("\\"), index + 1 < lines.count {
                index += 1
                command = String(command.dropLast()).trimmingCharacters(in: .whitespaces) + " " + lines[index].trimmingCharacters(in: .whitespaces)
            }
            index += 1
            var shown: [String] = []
            while index < lines.count, !lines[index].isEmpty, !lines[index].hasPrefix("$ "), !lines[index].hasPrefix("#"),
                  !lines[index].hasPrefix("```") {
                shown.append(lines[index])
                index += 1
            }
            examples.append(DocumentationExample(command: command, shown: shown, line: start))
        }
        return examples
    }
}

/// Lines shown in a page against lines printed: `…` alone is any number of lines, `…` in a line any text.
enum LinePattern {
    static func matches(_ pattern: [String], _ lines: [String]) -> Bool {
        matches(pattern[...], lines[...])
    }

    private static func matches(_ pattern: ArraySlice<String>, _ lines: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return lines.isEmpty }
        if first.trimmingCharacters(in: .whitespaces) == "…" {
            return (lines.startIndex...lines.endIndex).contains { matches(pattern.dropFirst(), lines[$0...]) }
        }
        guard let line = lines.first, matchesLine(first, line) else { return false }
        return matches(pattern.dropFirst(), lines.dropFirst())
    }

    private static func matchesLine(_ pattern: String, _ line: String) -> Bool {
        let parts = pattern.components(separatedBy: "…")
        guard parts.count > 1 else { return pattern == line }
        guard line.hasPrefix(parts[0]) else { return false }
        var rest = line.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        let last = parts[parts.count - 1]
        return rest.count >= last.count && rest.hasSuffix(last)
    }
}
