import FoundationEssentials
import Glibc
import Platform

/// Where a command reads and writes: the real terminal, or buffers in tests.
public struct CommandIO: Sendable {
    /// Writes text to standard output.
    public var writeOutput: @Sendable (String) -> Void
    /// Writes text to standard error.
    public var writeError: @Sendable (String) -> Void
    /// Reads all of standard input.
    public var readInput: @Sendable () -> [UInt8]
    /// Reads one line of standard input (without its newline), `nil` at end of input.
    public var readLine: @Sendable () -> String?
    /// Whether standard output is a terminal (colour, interactive prompts).
    public var outputIsTerminal: Bool
    /// Whether standard input is a terminal.
    public var inputIsTerminal: Bool
    /// Whether standard error is a terminal (progress lines are drawn only then).
    public var errorIsTerminal = false
    /// The process environment.
    public var environment: [String: String]
    /// Registers what to do on Ctrl-C (SIGINT) before the process exits with status 130; `nil` when
    /// interrupts are not the command's to handle (in-process callers).
    public var onInterrupt: (@Sendable (@escaping @Sendable () -> Void) -> Void)?
    /// Whether the process exits as soon as the command returns (the `assess` executable; not in-process
    /// callers): a batch command then leaves its large state for the exit to reclaim instead of freeing it.
    public var processExitsAfterCommand = false

    /// Streams and environment given by the caller: the process's own in `main`, captured ones in tests.
    public init(
        writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
        readInput: @escaping @Sendable () -> [UInt8], readLine: @escaping @Sendable () -> String?,
        outputIsTerminal: Bool, inputIsTerminal: Bool, environment: [String: String],
        onInterrupt: (@Sendable (@escaping @Sendable () -> Void) -> Void)? = nil
    ) {
        self.onInterrupt = onInterrupt
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.readInput = readInput
        self.readLine = readLine
        self.outputIsTerminal = outputIsTerminal
        self.inputIsTerminal = inputIsTerminal
        self.environment = environment
    }

    /// The process's own standard streams.
    public static func standard() -> CommandIO {
        var io = CommandIO(
            writeOutput: { FileDescriptor.writeAll(STDOUT_FILENO, $0.utf8) },
            writeError: { FileDescriptor.writeAll(STDERR_FILENO, $0.utf8) },
            readInput: { FileDescriptor.readAll(STDIN_FILENO) },
            readLine: { Swift.readLine(strippingNewline: true) },
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            inputIsTerminal: isatty(STDIN_FILENO) == 1,
            environment: processEnvironment(),
            onInterrupt: InterruptWatch.shared.install)
        io.errorIsTerminal = isatty(STDERR_FILENO) == 1
        io.processExitsAfterCommand = true
        return io
    }

    /// The process environment, read from `environ` as bytes (the first of a repeated name, as `getenv`),
    /// without `ProcessInfo`'s set-up or a walk over each value's characters.
    static func processEnvironment() -> [String: String] {
        var count = 0
        while environ[count] != nil { count += 1 }
        var variables: [String: String] = [:]
        variables.reserveCapacity(count)  // one table, not one rehashed at each doubling
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
                if variables[name] == nil {
                    variables[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
                }
            }
            entry += 1
        }
        return variables
    }

    /// Whether to colour output: only on a terminal, never with `NO_COLOR` set to a non-empty value
    /// (an empty one does not count, as no-color.org says), never for `TERM=dumb`.
    public var usesColor: Bool {
        outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Writes a line to standard output.
    func print(_ line: String) { writeOutput(line + "\n") }

    /// Writes a line to standard error.
    func printError(_ line: String) { writeError(line + "\n") }
}

/// Runs one handler when the process receives SIGINT, then exits with status 130 (128 + SIGINT).
/// The signal handler only writes a byte to a pipe (and restarts interrupted reads, so a prompt
/// waiting for input does not see a false end of input); a watcher thread runs the handler.
final class InterruptWatch: @unchecked Sendable {
    static let shared = InterruptWatch()
    /// The pipe's write end, for the signal handler (which cannot capture context).
    nonisolated(unsafe) private static var signalPipe: Int32 = -1
    private let lock = Lock()
    private var handler: (@Sendable () -> Void)?
    private var watching = false

    /// Replaces the default SIGINT action with `handler` followed by exit.
    func install(_ handler: @escaping @Sendable () -> Void) {
        let start: Bool = lock.withLock {
            self.handler = handler
            defer { watching = true }
            return !watching
        }
        guard start else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        InterruptWatch.signalPipe = ends[1]
        let readEnd = ends[0]
        NativeThread.detach { [self] in
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0, errno == EINTR {}
            lock.withLock { self.handler }?()
            exit(130)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(InterruptWatch.signalPipe, &byte, 1)
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
    }
}
