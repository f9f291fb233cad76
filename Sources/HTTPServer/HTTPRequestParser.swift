/// How much a request may hold before it is refused.
public struct HTTPLimits: Sendable, Equatable {
    /// The most bytes of request line and header fields (with their line ends).
    public var maxHeaderBytes: Int
    /// The most header fields.
    public var maxHeaderCount: Int
    /// The most body bytes (`Content-Length`).
    public var maxBodyBytes: Int

    /// Limits; the defaults suit a local page and its JSON API.
    public init(maxHeaderBytes: Int = 16 * 1024, maxHeaderCount: Int = 64, maxBodyBytes: Int = 4 * 1024 * 1024) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
    }
}

/// Why request bytes are refused; each maps to the status code answered before closing.
public enum HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request line is not `METHOD SP /target SP HTTP/1.x`.
    case malformedRequestLine
    /// A version other than HTTP/1.0 or HTTP/1.1.
    case unsupportedVersion
    /// A header line that is not `name: value` (including obsolete line folding), by its index.
    case malformedHeader(Int)
    /// More header fields than the limit.
    case tooManyHeaders
    /// Request line and headers longer than the limit.
    case headersTooLarge
    /// A body longer than the limit.
    case bodyTooLarge
    /// A `Content-Length` that is not a number, or two that differ.
    case badContentLength
    /// `Transfer-Encoding` (chunked bodies are not accepted).
    case transferEncoding
    /// An HTTP/1.1 request without `Host`, or with several.
    case badHost

    /// The status code the server answers with.
    public var status: Int {
        switch self {
        case .malformedRequestLine, .malformedHeader, .badContentLength, .badHost: return 400
        case .unsupportedVersion: return 505
        case .tooManyHeaders, .headersTooLarge: return 431
        case .bodyTooLarge: return 413
        case .transferEncoding: return 501
        }
    }

    /// What is wrong, for the response body.
    public var description: String {
        switch self {
        case .malformedRequestLine: return "malformed request line"
        case .unsupportedVersion: return "only HTTP/1.0 and HTTP/1.1 are served"
        case .malformedHeader(let index): return "malformed header field \(index + 1)"
        case .tooManyHeaders: return "too many header fields"
        case .headersTooLarge: return "request header too large"
        case .bodyTooLarge: return "request body too large"
        case .badContentLength: return "invalid Content-Length"
        case .transferEncoding: return "Transfer-Encoding is not supported; send Content-Length"
        case .badHost: return "an HTTP/1.1 request needs exactly one Host header"
        }
    }
}

/// What the bytes received so far hold.
public enum HTTPParseOutcome: Sendable, Equatable {
    /// Not a whole request yet: read more.
    case incomplete
    /// A request, and how many bytes of the buffer it took (the rest belongs to the next request).
    case request(HTTPRequest, consumed: Int)
    /// Bytes that can never become a valid request.
    case failure(HTTPParseError)
}

/// Reads one HTTP/1.1 request from the start of a buffer: request line, header fields (CRLF line
/// ends), and a `Content-Length` body. Pure and bounded: it never looks past the limits.
public struct HTTPRequestParser: Sendable {
    /// The limits enforced.
    public let limits: HTTPLimits

    /// A parser with these limits.
    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    /// Parses the request at the start of `buffer`.
    public func parse(_ buffer: ArraySlice<UInt8>) -> HTTPParseOutcome {
        guard let headEnd = HTTPRequestParser.endOfHead(buffer, within: limits.maxHeaderBytes) else {
            return buffer.count > limits.maxHeaderBytes ? .failure(.headersTooLarge) : .incomplete
        }
        let lines = HTTPRequestParser.lines(buffer[buffer.startIndex..<headEnd])
        guard let requestLine = lines.first else { return .failure(.malformedRequestLine) }
        let fields = lines.dropFirst()
        guard fields.count <= limits.maxHeaderCount else { return .failure(.tooManyHeaders) }
        let method: String, target: String, minor: Int
        switch HTTPRequestParser.requestLine(requestLine) {
        case .success(let parts): (method, target, minor) = parts
        case .failure(let error): return .failure(error)
        }
        var headers: [(name: String, value: String)] = []
        for (index, line) in fields.enumerated() {
            guard let field = HTTPRequestParser.field(line) else { return .failure(.malformedHeader(index)) }
            headers.append(field)
        }
        let request = HTTPRequest(method: method, target: target, minorVersion: minor, headers: headers)
        if request.header("Transfer-Encoding") != nil { return .failure(.transferEncoding) }
        if minor == 1, headers.filter({ $0.name.lowercased() == "host" }).count != 1 { return .failure(.badHost) }
        let lengths = Set(headers.filter { $0.name.lowercased() == "content-length" }.map(\.value))
        guard lengths.count <= 1 else { return .failure(.badContentLength) }
        var length = 0
        if let text = lengths.first {
            guard !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let value = Int(text) else {
                return .failure(.badContentLength)
            }
            length = value
        }
        guard length <= limits.maxBodyBytes else { return .failure(.bodyTooLarge) }
        let bodyStart = headEnd + 4
        guard buffer.endIndex - bodyStart >= length else { return .incomplete }
        let full = HTTPRequest(method: method, target: target, minorVersion: minor, headers: headers,
                               body: Array(buffer[bodyStart..<bodyStart + length]))
        return .request(full, consumed: bodyStart + length - buffer.startIndex)
    }

    /// The index of the `\r\n\r\n` ending the head, looked for in the first `limit` bytes (plus its own four).
    static func endOfHead(_ buffer: ArraySlice<UInt8>, within limit: Int) -> Int? {
        let end = min(buffer.endIndex, buffer.startIndex + limit + 4)
        var index = buffer.startIndex
        while index + 3 < end {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    /// The head split at CRLF (a lone CR or LF stays inside its line, where it is refused).
    static func lines(_ head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex, index = head.startIndex
        while index < head.endIndex {
            if head[index] == 13, index + 1 < head.endIndex, head[index + 1] == 10 {
                lines.append(head[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(head[start..<head.endIndex])
        return lines
    }

    private static func requestLine(_ line: ArraySlice<UInt8>) -> Result<(String, String, Int), HTTPParseError> {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte),
              parts[1].first == UInt8(ascii: "/"), parts[1].allSatisfy({ $0 > 32 && $0 < 127 }) else { return .failure(.malformedRequestLine) }
        let version = Array(parts[2])
        guard version.count == 8, version.starts(with: Array("HTTP/".utf8)), version[6] == UInt8(ascii: ".") else { return .failure(.malformedRequestLine) }
        guard version[5] == UInt8(ascii: "1"), version[7] == UInt8(ascii: "0") || version[7] == UInt8(ascii: "1") else { return .failure(.unsupportedVersion) }
        return .success((String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self), Int(version[7] - UInt8(ascii: "0"))))
    }

    private static func field(_ line: ArraySlice<UInt8>) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return nil }
        let name = line[line.startIndex..<colon]
        guard name.allSatisfy(isTokenByte) else { return nil }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 32 || first == 9 { value = value.dropFirst() }
        while let last = value.last, last == 32 || last == 9 { value = value.dropLast() }
        // Field values: visible ASCII, spaces, tabs and bytes of UTF-8 text; no control bytes (CR, LF, NUL).
        guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }), let text = String(validating: value, as: UTF8.self) else { return nil }
        return (String(decoding: name, as: UTF8.self), text)
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
