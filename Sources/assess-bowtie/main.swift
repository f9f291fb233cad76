import Foundation
import JSONCore

// Bowtie harness: one JSON request per stdin line, one response line per request on stdout.
let done = DispatchSemaphore(value: 0)
let worker = Thread {
    let harness = BowtieHarness()
    while let line = readLine(strippingNewline: true) {
        guard !line.isEmpty else { continue }
        switch harness.handle(line) {
        case .stop:
            done.signal()
            return
        case .respond(let response):
            FileHandle.standardOutput.write(Data((JSONWriter.compact.string(response) + "\n").utf8))
        }
    }
    done.signal()
}
worker.stackSize = 1 << 28
worker.start()
done.wait()
exit(0)
