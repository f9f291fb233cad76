/// Splits the byte stream of a language client into JSON-RPC message bodies (`Content-Length` framing),
/// whatever arrives: partial reads, several messages at once, junk, headers without a length.
public struct MessageFramer: Sendable {
    /// What the stream held next.
    public enum Frame: Sendable, Equatable {
        /// A complete message body.
        case message([UInt8])
        /// A header block without a usable `Content-Length` (it was skipped).
        case malformedHeader(String)
    }

    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the end of the current header resumes: bytes before it were searched already,
    /// so a header arriving in many small reads is scanned once, not once per read.
    private var searchFrom = 0
    /// The largest body accepted; a longer announced length is skipped as malformed.
    public static let maxBodyLength = 256 << 20
    /// The longest header block kept while waiting for its end; past it the bytes are skipped as malformed
    /// (real headers are a line or two), so junk without a blank line cannot grow the buffer without bound.
    public static let maxHeaderLength = 65_536

    /// A framer with nothing read yet.
    public init() {}

    /// Adds bytes read from the client.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 65_536, start * 2 > buffer.count {
            buffer.removeSubrange(0..<start)
            searchFrom -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or `nil` when more bytes are needed.
    public mutating func next() -> Frame? {
        guard let headerEnd = find([13, 10, 13, 10], from: max(start, searchFrom)) else {
            // The end may straddle this read and the next: resume three bytes back.
            searchFrom = max(start, buffer.count - 3)
            guard buffer.count - start > Self.maxHeaderLength else { return nil }
            let header = String(decoding: buffer[start..<start + 64], as: UTF8.self)
            start = searchFrom
            return .malformedHeader(header + "…")
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingSpaces.lowercased() == "content-length" else { continue }
            length = Int(parts[1].trimmingSpaces)
        }
        let bodyStart = headerEnd + 4
        searchFrom = headerEnd  // found again at once while the body is still arriving
        guard let length, length >= 0, length <= Self.maxBodyLength else {
            start = bodyStart
            return .malformedHeader(header)
        }
        guard buffer.count - bodyStart >= length else { return nil }
        start = bodyStart + length
        return .message(Array(buffer[bodyStart..<start]))
    }

    /// A body with its header, ready to write.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    private func find(_ needle: [UInt8], from: Int) -> Int? {
        guard buffer.count - from >= needle.count else { return nil }
        var index = from
        while index + needle.count <= buffer.count {
            if buffer[index] == needle[0], buffer[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
