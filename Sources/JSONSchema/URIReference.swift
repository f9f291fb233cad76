/// A URI reference split into its RFC 3986 components, with reference resolution.
///
/// Only what `$id` and `$ref` need: parsing, resolving against a base (RFC 3986 §5.2) and
/// dropping or reading the fragment. Components are kept as written (no normalisation beyond
/// dot-segment removal), so equal identifiers compare equal as strings.
public struct URIReference: Sendable, Hashable, CustomStringConvertible {
    /// The scheme without its `:` (`https`); `nil` for a relative reference.
    public var scheme: String?
    /// What follows `//` up to the next `/` (`example.com:8080`); `nil` without `//`.
    public var authority: String?
    /// The path as written, possibly empty.
    public var path: String
    /// What follows `?`, without it; `nil` when there is no `?`.
    public var query: String?
    /// What follows `#`, without it; `nil` when there is no `#` (an empty fragment is `""`).
    public var fragment: String?

    /// Splits `text` into components; any string is a (possibly odd) URI reference. An ASCII text (every
    /// identifier in practice) is split on its bytes; any other by its characters (`splitByCharacters`).
    public init(_ text: String) {
        var copy = text
        if let split = copy.withUTF8({ URIReference.splitASCII($0) }) {
            self = split
        } else {
            self = URIReference.splitByCharacters(text)
        }
    }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The components of an ASCII text, found on its bytes (an ASCII text's bytes are its characters,
    /// `\r\n` aside, which is no delimiter); `nil` for a text with any other byte.
    static func splitASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> URIReference? {
        var end = bytes.count
        var hash: Int?, question: Int?, colon: Int?
        for index in 0..<end {
            let byte = bytes[index]
            if byte >= 0x80 { return nil }
            if byte == UInt8(ascii: "#"), hash == nil { hash = index }
        }
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        var fragment: String?, query: String?, scheme: String?, authority: String?
        if let hash {
            fragment = text(hash + 1..<end)
            end = hash
        }
        for index in 0..<end where bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: ":") {
            if bytes[index] == UInt8(ascii: "?") {
                question = index
                break
            }
            if colon == nil { colon = index }
        }
        if let question {
            query = text(question + 1..<end)
            end = question
        }
        var start = 0
        if let colon, colon < end, isScheme(UnsafeBufferPointer(rebasing: bytes[0..<colon])) {
            scheme = text(0..<colon)
            start = colon + 1
        }
        if end - start >= 2, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") {
            var slash = start + 2
            while slash < end, bytes[slash] != UInt8(ascii: "/") { slash += 1 }
            authority = text(start + 2..<slash)
            start = slash
        }
        return URIReference(scheme: scheme, authority: authority, path: text(start..<end), query: query, fragment: fragment)
    }

    /// Whether ASCII bytes are a scheme: a letter, then letters, digits, `+`, `-` and `.`.
    private static func isScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "+")
            || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// The components of any text, found by its characters: the definition the ASCII split agrees with.
    static func splitByCharacters(_ text: String) -> URIReference {
        var rest = Substring(text)
        var fragment: String?, query: String?, scheme: String?, authority: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), URIReference.isScheme(rest[..<colon]) {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[afterSlashes..<end])
            rest = rest[end...]
        }
        return URIReference(scheme: scheme, authority: authority, path: String(rest), query: query, fragment: fragment)
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// True when the reference has a scheme (an absolute URI, possibly with a fragment).
    public var isAbsolute: Bool { scheme != nil }

    /// The reference without its fragment.
    public var withoutFragment: URIReference {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// Resolves `reference` against `self` as base (RFC 3986 §5.2.2).
    public func resolving(_ reference: URIReference) -> URIReference {
        var target = reference
        if reference.scheme != nil {
            target.path = URIReference.removeDotSegments(reference.path)
            return target
        }
        target.scheme = scheme
        if reference.authority != nil {
            target.path = URIReference.removeDotSegments(reference.path)
            return target
        }
        target.authority = authority
        if reference.path.isEmpty {
            target.path = path
            target.query = reference.query ?? query
        } else if reference.path.hasPrefix("/") {
            target.path = URIReference.removeDotSegments(reference.path)
        } else {
            target.path = URIReference.removeDotSegments(merge(reference.path))
        }
        return target
    }

    /// Resolves reference text against `self`.
    public func resolving(_ text: String) -> URIReference {
        resolving(URIReference(text))
    }

    private func merge(_ relativePath: String) -> String {
        if authority != nil, path.isEmpty { return "/" + relativePath }
        guard let slash = path.lastIndex(of: "/") else { return relativePath }
        return String(path[...slash]) + relativePath
    }

    static func removeDotSegments(_ path: String) -> String {
        // No segment of `.` or `..` bytes between `/` bytes, no dot segment: the loop below would give the path back.
        // (A `.` or `..` segment of characters is one of bytes too, and any other path takes the loop.)
        guard hasDotSegment(path.utf8) else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (position, segment) in segments.enumerated() {
            let isLast = position == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        var result = output.joined(separator: "/")
        if path.hasPrefix("/"), !result.hasPrefix("/") { result = "/" + result }
        return result
    }

    /// Whether some `/`-separated run of the bytes is `.` or `..`.
    private static func hasDotSegment(_ bytes: String.UTF8View) -> Bool {
        var dots = 0  // the dots of the segment so far; -1 once it has another byte
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                if dots == 1 || dots == 2 { return true }
                dots = 0
            } else if byte == UInt8(ascii: "."), dots >= 0 {
                dots += 1
            } else {
                dots = -1
            }
        }
        return dots == 1 || dots == 2
    }

    /// The reference as text.
    public var description: String {
        var text = ""
        if let scheme { text += scheme + ":" }
        if let authority { text += "//" + authority }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }

    /// Decodes `%XX` escapes (as in JSON-Pointer fragments); `nil` when an escape is malformed.
    static func percentDecoded(_ text: String) -> String? {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2,
                  let high = hexValue(utf8[utf8.startIndex]),
                  let low = hexValue(utf8[utf8.startIndex + 1]) else { return nil }
            bytes.append(high << 4 | low)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
