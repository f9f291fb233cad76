import Foundation
import HTTPServer
import XCTest

/// The server on loopback, spoken to over real sockets.
final class HTTPServerTests: XCTestCase {
    private func connect(_ port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else { throw NSError(domain: "connect", code: Int(errno)) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    private func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until `count` responses have arrived whole (by Content-Length), or the peer closes.
    private func read(_ fd: Int32, responses count: Int) -> [String] {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var responses: [String] = []
        while responses.count < count {
            if let end = HTTPTestSupport.endOfResponse(buffer) {
                responses.append(String(decoding: buffer[..<end], as: UTF8.self))
                buffer.removeFirst(end)
                continue
            }
            let got = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard got > 0 else { break }
            buffer += chunk[0..<got]
        }
        return responses
    }

    private func serve() throws -> HTTPServer {
        let server = try HTTPServer(port: 0, limits: HTTPLimits(maxHeaderBytes: 1024, maxHeaderCount: 8, maxBodyBytes: 64)) { request in
            HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("\(request.method) \(request.target) \(request.body.count)".utf8))
        }
        server.start()
        return server
    }

    func testKeepAliveAnswersSeveralRequestsOnOneConnection() throws {
        let server = try serve()
        defer { server.stop() }
        let fd = try connect(server.port)
        defer { close(fd) }
        write(fd, "GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
        let responses = read(fd, responses: 2)
        XCTAssertEqual(responses.count, 2)
        XCTAssertTrue(responses[0].hasSuffix("GET /a 0"), responses[0])
        XCTAssertTrue(responses[0].contains("Connection: keep-alive"))
        XCTAssertTrue(responses[1].hasSuffix("POST /b 3"), responses.last ?? "")
        write(fd, "GET /c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let last = read(fd, responses: 2)
        XCTAssertEqual(last.count, 1, "the server closes after Connection: close")
        XCTAssertTrue(last[0].contains("Connection: close"))
    }

    func testOversizedAndMalformedRequestsGetAnErrorAndTheConnectionCloses() throws {
        let server = try serve()
        defer { server.stop() }
        for (request, status) in [("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 65\r\n\r\n", "413"),
                                  ("GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "y", count: 2000) + "\r\n\r\n", "431"),
                                  ("BAD\r\n\r\n", "400")] {
            let fd = try connect(server.port)
            write(fd, request)
            let responses = read(fd, responses: 2)
            close(fd)
            XCTAssertEqual(responses.count, 1)
            XCTAssertTrue(responses.first?.hasPrefix("HTTP/1.1 \(status) ") == true, responses.first ?? "")
        }
    }

    func testTheServerListensOnLoopbackOnlyAndStopsCleanly() throws {
        let server = try serve()
        let port = server.port
        XCTAssertNotEqual(port, 0)
        let fd = try connect(port)
        server.stop()
        // The open connection is closed by stop(), and nothing accepts any more.
        var byte: UInt8 = 0
        XCTAssertLessThanOrEqual(recv(fd, &byte, 1, 0), 0)
        close(fd)
        XCTAssertThrowsError(try connect(port))
        // The port can be bound again at once.
        let again = try HTTPServer(port: port) { _ in .text(200, "") }
        again.stop()
    }
}

enum HTTPTestSupport {
    /// The end of the first whole response in `buffer` (head plus Content-Length body).
    static func endOfResponse(_ buffer: [UInt8]) -> Int? {
        let text = String(decoding: buffer, as: UTF8.self)
        guard let head = text.range(of: "\r\n\r\n") else { return nil }
        let headText = text[..<head.lowerBound]
        let length = headText.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        let end = text.utf8.distance(from: text.startIndex, to: head.upperBound) + length
        return buffer.count >= end ? end : nil
    }
}
