import HTTPServer
import SurveyPreview

/// The preview server's request parser on any bytes a client may send: requests are read within
/// the limits, a request written again parses back to itself, every strict prefix of a request is
/// incomplete (so a slow client is never answered early), and a resource path never names a file
/// outside the resource folder.
enum HTTPTarget {
    static let limits = HTTPLimits(maxHeaderBytes: 4096, maxHeaderCount: 16, maxBodyBytes: 8192)

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let parser = HTTPRequestParser(limits: limits)
        var rest = bytes[...]
        // Pipelined requests, one after the other, as a keep-alive connection reads them.
        for _ in 0..<32 {
            guard case .request(let request, let consumed) = parser.parse(rest) else { return }
            try FuzzFailure.check(consumed > 0 && consumed <= rest.count, "consumed \(consumed) of \(rest.count) bytes")
            try FuzzFailure.check(request.headers.count <= limits.maxHeaderCount, "\(request.headers.count) header fields passed the limit")
            try FuzzFailure.check(request.body.count <= limits.maxBodyBytes, "a body of \(request.body.count) bytes passed the limit")
            let whole = rest.prefix(consumed)
            for cut in [0, consumed / 2, consumed - 1, Int(whole.first ?? 0) % consumed] {
                try FuzzFailure.check(parser.parse(whole.prefix(cut)) == .incomplete, "a prefix of \(cut) bytes of a request is not incomplete")
            }
            let written = serialize(request)
            try FuzzFailure.check(parser.parse(written[...]) == .request(request, consumed: written.count), "a request written again parses differently")
            if request.path.hasPrefix("/resources/"), let name = PreviewSecurity.resourceName(String(request.path.dropFirst("/resources/".count))) {
                try FuzzFailure.check(!name.contains("/") && !name.contains("\\") && !name.hasPrefix(".") && !name.contains("\0"),
                                      "resource name \(name) leaves the folder")
            }
            rest = rest.dropFirst(consumed)
        }
    }

    /// A request as a client would send it.
    static func serialize(_ request: HTTPRequest) -> [UInt8] {
        var head = "\(request.method) \(request.target) HTTP/1.\(request.minorVersion)\r\n"
        for (name, value) in request.headers { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + request.body
    }
}
