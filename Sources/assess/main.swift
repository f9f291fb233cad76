import AssessCLI
import Foundation

// Deeply nested input is limited by the parser, not by the stack: run on a thread with room for it.
nonisolated(unsafe) var status = ExitStatus.ok
let done = DispatchSemaphore(value: 0)
let worker = Thread {
    status = Assess.main(Array(CommandLine.arguments.dropFirst()), io: .standard())
    done.signal()
}
worker.stackSize = 1 << 29
worker.start()
done.wait()
exit(status.rawValue)
