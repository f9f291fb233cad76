import HTTPServer
import XCTest

final class HTTPRequestParserTests: XCTestCase {
    private let parser = HTTPRequestParser(limits: HTTPLimits(maxHeaderBytes: 256, maxHeaderCount: 4, maxBodyBytes: 16))

    private func parse(_ text: String) -> HTTPParseOutcome { parser.parse(Array(text.utf8)[...]) }

    func testAGetRequestWithHeadersAndAQuery() throws {
        let text = "GET /api/graph.svg?r=2&s=a%2Fb HTTP/1.1\r\nHost: 127.0.0.1:8\r\nX-A:  v  \r\n\r\nNEXT"
        guard case .request(let request, let consumed) = parse(text) else {
            return XCTFail("not parsed")
        }
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/api/graph.svg")
        XCTAssertEqual(request.query, ["r": "2", "s": "a/b"])
        XCTAssertEqual(request.header("x-a"), "v")
        XCTAssertEqual(request.header("HOST"), "127.0.0.1:8")
        XCTAssertTrue(request.keepAlive)
        XCTAssertEqual(consumed, text.utf8.count - 4, "the bytes after the head are the next request's")
    }

    func testABodyIsReadByContentLengthAndTheRestIsLeft() {
        let text = "POST /api/action HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhelloGET"
        guard case .request(let request, let consumed) = parse(text) else { return XCTFail("not parsed") }
        XCTAssertEqual(request.body, Array("hello".utf8))
        XCTAssertEqual(consumed, text.utf8.count - 3)
        XCTAssertEqual(parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhel"), .incomplete)
    }

    func testPartialHeadsAreIncomplete() {
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nHost: h\r\n"), .incomplete)
        XCTAssertEqual(parse(""), .incomplete)
    }

    func testLimitsAreEnforced() {
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "a", count: 300)), .failure(.headersTooLarge))
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nHost: h\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n"), .failure(.tooManyHeaders))
        XCTAssertEqual(parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 17\r\n\r\n"), .failure(.bodyTooLarge))
        XCTAssertEqual(parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999\r\n\r\n"), .failure(.badContentLength))
    }

    func testMalformedRequestsAreRefused() {
        XCTAssertEqual(parse("GET  / HTTP/1.1\r\nHost: h\r\n\r\n"), .failure(.malformedRequestLine))
        XCTAssertEqual(parse("GET http://evil/ HTTP/1.1\r\nHost: h\r\n\r\n"), .failure(.malformedRequestLine))
        XCTAssertEqual(parse("GET / HTTP/2.0\r\nHost: h\r\n\r\n"), .failure(.unsupportedVersion))
        XCTAssertEqual(parse("GET / HTTP/1.1\r\n\r\n"), .failure(.badHost))
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"), .failure(.badHost))
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n"), .failure(.malformedHeader(1)))
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nHost: h\r\nBad Name: x\r\n\r\n"), .failure(.malformedHeader(1)))
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nHost: h\nX: y\r\n\r\n"), .failure(.malformedHeader(0)))
        XCTAssertEqual(parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"), .failure(.badContentLength))
        XCTAssertEqual(parse("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"), .failure(.transferEncoding))
    }

    func testHTTP10KeepsAliveOnlyWhenAsked() {
        guard case .request(let plain, _) = parse("GET / HTTP/1.0\r\n\r\n"),
              case .request(let asked, _) = parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"),
              case .request(let closing, _) = parse("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n") else { return XCTFail("not parsed") }
        XCTAssertFalse(plain.keepAlive)
        XCTAssertTrue(asked.keepAlive)
        XCTAssertFalse(closing.keepAlive)
    }

    func testPercentDecoding() {
        XCTAssertEqual(HTTPRequest.percentDecoded("a%20b%2e%2E"), "a b..")
        XCTAssertNil(HTTPRequest.percentDecoded("%zz"))
        XCTAssertNil(HTTPRequest.percentDecoded("%ff"))
        XCTAssertNil(HTTPRequest.percentDecoded("%4"))
    }
}
