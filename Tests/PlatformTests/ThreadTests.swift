import Foundation
import Platform
import XCTest

/// Locks, conditions and threads over pthreads.
final class ThreadTests: XCTestCase {
    func testRunGivesTheBodysResultOnAThreadWithTheStackAsked() {
        let (stack, caller) = NativeThread.run(stackSize: 64 << 20) { () -> (Int, Bool) in
            // glibc's pthread_getattr_np (a GNU extension the Glibc module does not declare).
            typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return (0, true) }
            var attributes = pthread_attr_t()
            _ = unsafeBitCast(symbol, to: GetAttributes.self)(pthread_self(), &attributes)
            defer { pthread_attr_destroy(&attributes) }
            var size = 0
            pthread_attr_getstacksize(&attributes, &size)
            return (size, Thread.isMainThread)
        }
        XCTAssertGreaterThanOrEqual(stack, 64 << 20)
        XCTAssertFalse(caller)
    }

    func testDetachedThreadsCountUnderALockAndSignalTheCondition() {
        let condition = Condition()
        let lock = Lock()
        nonisolated(unsafe) var total = 0, finished = 0
        for _ in 0..<8 {
            XCTAssertTrue(NativeThread.detach(stackSize: 256 << 10) {
                for _ in 0..<1000 { lock.withLock { total += 1 } }
                condition.withLock { finished += 1 }
                condition.signal()
            })
        }
        condition.lock()
        while finished < 8 { condition.wait() }
        condition.unlock()
        XCTAssertEqual(lock.withLock { total }, 8000)
    }

    func testWaitUntilADeadlineTimesOut() {
        let condition = Condition()
        let start = Date()
        condition.lock()
        XCTAssertFalse(condition.wait(until: start.addingTimeInterval(0.05)))
        condition.unlock()
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.04)
    }
}
