import JSONFormats
import XCTest

final class StringFormatTests: XCTestCase {
    func testRawValuesAreTheDraft7FormatNames() {
        XCTAssertEqual(StringFormat.allCases.map(\.rawValue), [
            "date-time", "date", "time", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6", "uri",
            "uri-reference", "iri", "iri-reference", "uri-template", "json-pointer", "relative-json-pointer",
        ])
    }

    func testFormatsOwnedElsewhereAreUnknownHere() {
        XCTAssertNil(StringFormat(rawValue: "regex"))
        XCTAssertNil(StringFormat(rawValue: "color"))
        XCTAssertNil(StringFormat(rawValue: "DATE-TIME"))
    }

    func testEveryFormatRejectsAStrayNewline() {
        let samples: [StringFormat: String] = [
            .dateTime: "1985-04-12T23:20:50Z", .date: "1985-04-12", .time: "23:20:50Z", .email: "a@example.com",
            .idnEmail: "a@example.com", .hostname: "example.com", .idnHostname: "example.com", .ipv4: "1.2.3.4",
            .ipv6: "::1", .uri: "http://example.com", .uriReference: "/a", .iri: "http://example.com",
            .iriReference: "/a", .uriTemplate: "/a", .jsonPointer: "/a", .relativeJSONPointer: "0",
        ]
        XCTAssertEqual(samples.count, StringFormat.allCases.count)
        for (format, sample) in samples {
            XCTAssertTrue(format.accepts(sample), "\(format.rawValue) should accept \(sample)")
            // A JSON Pointer token may hold any character, a newline included.
            XCTAssertEqual(format.accepts(sample + "\n"), format == .jsonPointer, "\(format.rawValue) with a newline")
        }
    }
}
