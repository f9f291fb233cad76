import Foundation
import XCTest
import AssessCLI

/// Runs `assess` in-process with captured streams.
public final class CapturedRun: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    /// What the command wrote to standard output.
    public var stdout: String { lock.withLock { out } }
    /// What the command wrote to standard error.
    public var stderr: String { lock.withLock { err } }
    /// The exit status the command returned.
    public let status: ExitStatus

    /// Runs `assess arguments` in-process, reading `stdin`, as if on a terminal when `terminal`, with `environment`.
    public init(_ arguments: [String], stdin: String = "", terminal: Bool = false, environment: [String: String] = [:]) {
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
public final class LineQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String]

    /// The lines of `text` (a final newline ends the last line).
    public init(_ text: String) {
        var split = text.components(separatedBy: "\n")
        if split.last == "" { split.removeLast() }
        lines = split
    }

    /// The next line, or `nil` once all were handed out.
    public func next() -> String? {
        lock.withLock { lines.isEmpty ? nil : lines.removeFirst() }
    }
}

/// Paths in the repository and in a scratch folder.
public enum Paths {
    /// The repository's root folder.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The command-line fixtures, `Tests/AssessCLITests/Fixtures`.
    public static let fixtures = repository.appendingPathComponent("Tests/AssessCLITests/Fixtures")

    /// The path of the fixture `name`.
    public static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    /// `../shared` beside the repository (Sage's schemas, map and real archive, the JSON Schema Test Suite).
    public static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")

    /// The path of `name` under `../shared`, or a skip saying it is missing.
    public static func shared(_ name: String) throws -> String {
        let path = shared.appendingPathComponent(name).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("\(path) not found (Sage's files belong in ../shared beside the repository); test SKIPPED")
        }
        return path
    }

    /// A fresh temporary folder, removed when the test ends.
    public static func scratch(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("assess-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// The built `assess` executable next to the test bundle, when SwiftPM built it.
    public static var executable: URL? {
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
public struct ProcessRun {
    /// What the process wrote to standard output.
    public let stdout: String
    /// What the process wrote to standard error.
    public let stderr: String
    /// Its exit status.
    public let status: Int32

    /// Runs `executable` with `arguments` to the end, feeding `stdin`, with `environment` (or the tests' own).
    public init(_ executable: URL, _ arguments: [String], stdin: String = "", environment: [String: String]? = nil) throws {
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
