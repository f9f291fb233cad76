import Foundation
import OrderedParallel

/// `--jobs N`: how many inputs a batch command checks at once, and the ordered map that does it.
enum ParallelInputs {
    /// The option, shared by every command that checks many inputs.
    static let option = OptionSpec.value("--jobs", "-j", valueName: "N",
                                         help: "Check N inputs at once (default: all cores); the output is the same for every N.")

    /// The ordered map for `--jobs` (default: all cores).
    static func map(_ arguments: ParsedArguments) throws(UsageError) -> OrderedParallelMap {
        guard let text = arguments.value("--jobs") else { return OrderedParallelMap(jobs: OrderedParallelMap.allCores) }
        guard let jobs = Int(text), jobs >= 1 else { throw UsageError("--jobs needs a whole number of at least 1, not '\(text)'") }
        return OrderedParallelMap(jobs: jobs)
    }

    /// A progress meter on standard error, drawn only when it is a terminal.
    static func meter(total: Int?, noun: String, io: CommandIO) -> ProgressMeter {
        ProgressMeter(total: total, noun: noun, terminal: io.errorIsTerminal, write: io.writeError)
    }
}

/// Standard-error lines a worker writes, held until its output is consumed in order.
final class HeldErrors: @unchecked Sendable {
    private let lock = NSLock()
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
