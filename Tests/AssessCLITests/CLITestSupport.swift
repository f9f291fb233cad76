import Foundation
import XCTest
@testable import AssessCLI

/// Runs `assess` in-process with captured streams.
final class CapturedRun: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    var stdout: String { lock.withLock { out } }
    var stderr: String { lock.withLock { err } }
    let status: ExitStatus

    init(_ arguments: [String], stdin: String = "", terminal: Bool = false, environment: [String: String] = [:]) {
        var captured: (String, String) = ("", "")
        let box = Box()
        let inputLines = LineQueue(stdin)
        let io = CommandIO(
            writeOutput: { text in box.appendOut(text) },
            writeError: { text in box.appendErr(text) },
            readInput: { Array(stdin.utf8) },
            readLine: { inputLines.next() },
            outputIsTerminal: terminal, inputIsTerminal: terminal, environment: environment)
        status = Assess.main(arguments, io: io)
        captured = (box.out, box.err)
        out = captured.0
        err = captured.1
    }

    private final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var out = ""
        private(set) var err = ""
        func appendOut(_ text: String) { lock.withLock { out += text } }
        func appendErr(_ text: String) { lock.withLock { err += text } }
    }
}

/// Hands out lines of a fixed input one at a time.
final class LineQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String]

    init(_ text: String) {
        var split = text.components(separatedBy: "\n")
        if split.last == "" { split.removeLast() }
        lines = split
    }

    func next() -> String? {
        lock.withLock { lines.isEmpty ? nil : lines.removeFirst() }
    }
}

/// Paths in the repository and in a scratch folder.
enum Paths {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    /// `../shared` beside the repository (Sage's schemas, map and real archive, the JSON Schema Test Suite).
    static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")

    /// The path of `name` under `../shared`, or a skip saying it is missing.
    static func shared(_ name: String) throws -> String {
        let path = shared.appendingPathComponent(name).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("\(path) not found (Sage's files belong in ../shared beside the repository); test SKIPPED")
        }
        return path
    }

    /// A fresh temporary folder, removed when the test ends.
    static func scratch(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("assess-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// The built `assess` executable next to the test bundle, when SwiftPM built it.
    static var executable: URL? {
        var folder = Bundle.main.bundleURL
        if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
        for candidate in [folder, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("assess")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}

/// Runs a built executable, feeding stdin, and captures its streams.
struct ProcessRun {
    let stdout: String
    let stderr: String
    let status: Int32

    init(_ executable: URL, _ arguments: [String], stdin: String = "", environment: [String: String]? = nil) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        stdout = String(decoding: outData, as: UTF8.self)
        stderr = String(decoding: errData, as: UTF8.self)
        status = process.terminationStatus
    }
}
