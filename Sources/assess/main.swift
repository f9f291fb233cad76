import AssessCLI
import Glibc
import Platform

// Deeply nested input is limited by the parser, not by the stack: run on a thread with room for it.
let status = NativeThread.run(stackSize: NativeThread.largeStackSize) { Assess.main(Array(CommandLine.arguments.dropFirst()), io: .standard()) }
exit(status.rawValue)
