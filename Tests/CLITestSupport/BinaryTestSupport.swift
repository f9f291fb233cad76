import Foundation
import XCTest

/// Runs the built `assess` binary, as testers and pipelines do.
public enum Binary {
    /// The built executable, or a skip (saying why) when SwiftPM did not build it next to the tests.
    public static func assess() throws -> URL {
        guard let url = Paths.executable else { throw XCTSkip("the assess executable was not built next to the tests") }
        return url
    }

    /// Runs `assess` with `arguments` to the end, feeding `stdin`.
    public static func run(_ arguments: [String], stdin: String = "") throws -> ProcessRun {
        try ProcessRun(assess(), arguments, stdin: stdin)
    }

    /// Writes `text` to `name` in `folder` and returns its path.
    public static func write(_ text: String, to name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}

/// A running `assess` fed line by line, so a test can wait for prompts, end input or send Ctrl-C.
public final class LiveProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe(), output = Pipe(), error = Pipe()
    private let lock = NSLock()
    private var out = Data(), err = Data()

    /// Starts `assess arguments`.
    public init(_ arguments: [String]) throws {
        process.executableURL = try Binary.assess()
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.lock.withLock { self?.out.append(data) }
        }
        error.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.lock.withLock { self?.err.append(data) }
        }
        try process.run()
    }

    /// Standard output so far.
    public var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    /// Standard error so far.
    public var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

    /// Types a line.
    public func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Waits until standard error, where an interactive run shows its steps, contains `text` (at most 20 s); whether it did.
    public func waitForError(containing text: String) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if stderr.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// Sends SIGINT, as Ctrl-C in a terminal does.
    public func interrupt() { process.interrupt() }

    /// Waits for the process to end (closing its input first, unless it must end by itself) and returns its exit status.
    public func finish(closingInput: Bool = true) throws -> Int32 {
        if closingInput { try? input.fileHandleForWriting.close() }
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        output.fileHandleForReading.readabilityHandler = nil
        error.fileHandleForReading.readabilityHandler = nil
        lock.withLock {
            out.append(output.fileHandleForReading.readDataToEndOfFile())
            err.append(error.fileHandleForReading.readDataToEndOfFile())
        }
        return process.terminationStatus
    }
}
