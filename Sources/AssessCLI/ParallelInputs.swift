import FoundationEssentials
import Platform
import OrderedParallel

/// What a batch command (`--jobs N`) shows while it checks its inputs.
enum ParallelInputs {
    /// A progress meter on standard error, drawn only when it is a terminal.
    static func meter(total: Int?, noun: String, io: CommandIO) -> ProgressMeter {
        ProgressMeter(total: total, noun: noun, terminal: io.errorIsTerminal, write: io.writeError)
    }
}

/// Standard-error lines a worker writes, held until its output is consumed in order.
final class HeldErrors: @unchecked Sendable {
    private let lock = Lock()
    private var text = ""

    /// `io` with standard error written here instead.
    func io(from io: CommandIO) -> CommandIO {
        var held = io
        held.writeError = { [self] line in lock.withLock { text += line } }
        return held
    }

    /// Everything written so far.
    var written: String { lock.withLock { text } }
}
