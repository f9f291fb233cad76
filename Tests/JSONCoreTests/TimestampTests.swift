import Foundation
import XCTest
import JSONCore

final class TimestampTests: XCTestCase {
    func testFormatsUTCWithMilliseconds() {
        XCTAssertEqual(Timestamp.string(Date(timeIntervalSince1970: 1_767_323_045.678)), "2026-01-02T03:04:05.678+00:00")
        XCTAssertEqual(Timestamp.string(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00.000+00:00")
        XCTAssertEqual(Timestamp.string(Date(timeIntervalSince1970: 951_782_400)), "2000-02-29T00:00:00.000+00:00")
        XCTAssertEqual(Timestamp.string(Date(timeIntervalSince1970: -1)), "1969-12-31T23:59:59.000+00:00")
    }

    func testParsesOffsetsAndFractions() {
        XCTAssertEqual(Timestamp.date("2026-01-02T03:04:05.000+00:00")?.timeIntervalSince1970, 1_767_323_045)
        XCTAssertEqual(Timestamp.date("2026-01-02T04:04:05+01:00")?.timeIntervalSince1970, 1_767_323_045)
        XCTAssertEqual(Timestamp.date("2026-01-02T03:04:05Z")?.timeIntervalSince1970, 1_767_323_045)
        XCTAssertEqual(Timestamp.date("2026-01-02T03:04:05.5Z")?.timeIntervalSince1970, 1_767_323_045.5)
        for bad in ["2026-01-02", "2026-13-02T03:04:05Z", "2026-01-02T03:04:05", "2026-01-02T03:04:05+0100", "yesterday"] {
            XCTAssertNil(Timestamp.date(bad), bad)
        }
    }

    func testRoundTripsAgreeWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for seconds in stride(from: -2_000_000_000, to: 4_000_000_000, by: 123_456_789) {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            XCTAssertEqual(Timestamp.date(Timestamp.string(date)), date)
            XCTAssertEqual(formatter.date(from: Timestamp.string(date)), date)
        }
    }
}
