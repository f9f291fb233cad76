import Foundation
import XCTest
import SeededTesting
@testable import Ingest

/// A partition's date by arithmetic (the fast path) against Foundation's Gregorian calendar (its slow
/// twin): equal wherever the fast path answers, and the fast path answering for every modern upload.
final class PartitionDateTests: XCTestCase {
    private func check(_ date: Date, file: StaticString = #filePath, line: UInt = #line) {
        let slow = Partition.calendarDate(date)
        guard let fast = Partition.civilDate(date) else { return }
        XCTAssertTrue(fast == slow, "\(date.timeIntervalSince1970): \(fast) against the calendar's \(slow)", file: file, line: line)
    }

    func testTheArithmeticDateIsTheCalendarsAtEveryBoundary() {
        // Days either side of the range, of leap days, of centuries and of the epoch, to the second and the millisecond.
        let days: [Double] = [-141_350, -141_349, -141_348, -1, 0, 1, 59, 60, 11_016, 11_017, 10_956, 10_957, 2_932_895, 2_932_896, 2_932_897, 20_499, 20_500]
        for day in days {
            for second in [0, 0.001, 43_200, 86_399, 86_399.999] { check(Date(timeIntervalSince1970: day * 86_400 + second)) }
        }
        XCTAssertNil(Partition.civilDate(Date(timeIntervalSince1970: -141_350 * 86_400)), "before 1583: the calendar's (Julian) answer")
        XCTAssertNil(Partition.civilDate(Date(timeIntervalSince1970: .nan)))
        XCTAssertNotNil(Partition.civilDate(Date(timeIntervalSince1970: 1_771_000_000)))
    }

    func testTheArithmeticDateIsTheCalendarsOnRandomInstants() {
        var generator = seededGenerator(0x5EED_DA7E)
        for _ in 0..<20_000 {
            check(Date(timeIntervalSince1970: Double.random(in: -141_400 * 86_400 ... 2_933_000 * 86_400, using: &generator)))
        }
    }
}
