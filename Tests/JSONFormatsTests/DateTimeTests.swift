import JSONFormats
import XCTest

final class DateTimeTests: XCTestCase {
    func testDateTime() {
        assertFormat(.dateTime, accepts: [
            "1963-06-19T08:30:06.283185Z", "1963-06-19t08:30:06z", "1937-01-01T12:00:27.87+00:20",
            "1998-12-31T23:59:60Z", "1998-12-31T15:59:60.123-08:00", "2020-02-29T00:00:00Z",
            "0000-01-01T00:00:00-23:59",
        ], rejects: [
            "", "1963-06-19", "1963-06-19T08:30:06", "1963-06-19 08:30:06Z", "1963-06-19T08:30:06.Z",
            "1998-12-31T23:59:61Z", "1998-12-31T23:58:60Z", "2021-02-29T00:00:00Z", "1990-12-31T24:00:00Z",
            "1990-12-31T15:59:59-24:00", "1985-04-12T23:20:50+0100", "1963-06-19T08:30:06Zz",
        ])
    }

    func testDateChecksDaysPerMonthAndLeapYears() {
        assertFormat(.date, accepts: [
            "2020-02-29", "2000-02-29", "0400-02-29", "2021-01-31", "2021-04-30", "2021-12-31", "0001-01-01",
        ], rejects: [
            "2021-02-29", "1900-02-29", "2100-02-29", "2021-04-31", "2021-06-31", "2021-01-32", "2021-13-01",
            "2021-00-10", "2021-01-00", "2021-1-01", "12021-01-01", "2021-01-01T", "2021/01/01",
        ])
    }

    func testTimeLeapSecondMustBeTwentyThreeFiftyNineUTC() {
        assertFormat(.time, accepts: [
            "23:59:60Z", "23:59:60+00:00", "23:59:60-00:00", "01:29:60+01:30", "00:29:60-23:30",
            "15:59:60.5-08:00", "08:30:06.283185Z", "12:34:56-00:00",
        ], rejects: [
            "23:59:60+01:00", "22:59:60Z", "23:58:60Z", "00:00:61Z", "24:00:00Z", "00:60:00Z", "12:00:00",
            "12:00:00.52", "01:02:03+24:00", "01:02:03+00:60", "01:02:03Z+00:30", "08:30:06 PST", "8:30:06Z",
            "08:30:06+08", "08:30:06.+08:00",
        ])
    }

    /// The fixed-width parts are read without a bounds check per byte once the length allows them: every proper
    /// prefix of a valid value (read from a buffer of exactly its length) is refused, and so is every value with one
    /// byte changed into a byte of another class (a digit into punctuation or a letter, a separator into a digit).
    func testTruncatedAndAlteredValuesAreRefused() {
        for (format, value) in [(StringFormat.dateTime, "1998-12-31T15:59:60.123-08:00"), (.dateTime, "2020-02-29t00:00:00z"),
                                (.date, "2020-02-29"), (.time, "23:59:60.5+00:00"), (.time, "12:34:56Z")] {
            let bytes = Array(value.utf8)
            let prefixes = (0..<bytes.count).map { String(decoding: bytes[..<$0], as: UTF8.self) }
            assertFormat(format, accepts: [value], rejects: prefixes)
            let altered = bytes.indices.flatMap { index in
                ASCIIClass.others(than: bytes[index]).map { byte in
                    var copy = bytes
                    copy[index] = byte
                    return String(decoding: copy, as: UTF8.self)
                }
            }
            assertFormat(format, accepts: [], rejects: altered)
        }
    }
}

/// Bytes of another class than a date's byte: for a digit, bytes just outside the digits and a letter; for anything
/// else, digits and neighbouring punctuation.
private enum ASCIIClass {
    static func others(than byte: UInt8) -> [UInt8] {
        let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        return (isDigit ? Array("/:;x ".utf8) : Array("09/; ".utf8)).filter { $0 != byte }
    }
}
