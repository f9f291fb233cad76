import Glibc
import JSONCore
import Platform

// Bowtie harness: one JSON request per stdin line, one response line per request on stdout.
NativeThread.run(stackSize: 1 << 28) {
    let harness = BowtieHarness()
    while let line = readLine(strippingNewline: true) {
        guard !line.isEmpty else { continue }
        switch harness.handle(line) {
        case .stop:
            return
        case .respond(let response):
            FileDescriptor.writeAll(STDOUT_FILENO, Array((JSONWriter.compact.string(response) + "\n").utf8))
        }
    }
}
exit(0)
