import JSONFormats
import XCTest

/// Punycode is internal, so its RFC 3492 behaviour is observed through A-labels in `hostname`.
final class PunycodeTests: XCTestCase {
    func testRFC3492SampleStringsDecode() {
        assertFormat(.hostname, accepts: [
            "xn--ihqwcrb4cv8a8dqg056pqjye", // Chinese (simplified)
            "xn--b1abfaaepdrnnbgefbadotcwatmq2g4l", // Russian
            "xn--n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa", // Japanese
        ], rejects: [
            "xn--ihqwcrb4cv8a8dqg056pqjy", // truncated: the last delta never terminates
            "xn--ihqwcrb4cv8a8dqg056pqjye-", // a trailing delimiter is not canonical
            "xn--zzzzzzzzzzzzzzzzzzzzzzzzzzz", // overflows past U+10FFFF
            "xn--a", // decodes to U+0080, a control character
            "xn--egbpdaj6bu4bxfgehfvwxn", // RFC 3492 Arabic sample: ends in U+061F, punctuation IDNA disallows
        ])
    }
}
