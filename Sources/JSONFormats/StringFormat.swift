/// A draft-07 string format that can be asserted.
///
/// `regex` is not here: the validator checks it with its own ECMA-262 engine. A name that is not a
/// case (`StringFormat(rawValue:)` is `nil`) is an unknown format, which passes.
public enum StringFormat: String, Sendable, CaseIterable {
    case dateTime = "date-time", date, time, email, idnEmail = "idn-email", hostname, idnHostname = "idn-hostname",
         ipv4, ipv6, uri, uriReference = "uri-reference", iri, iriReference = "iri-reference",
         uriTemplate = "uri-template", jsonPointer = "json-pointer", relativeJSONPointer = "relative-json-pointer"

    /// Whether `string` is a valid instance of this format.
    public func accepts(_ string: String) -> Bool {
        switch self {
        case .email: return EmailFormat.isEmail(string, international: false)
        case .idnEmail: return EmailFormat.isEmail(string, international: true)
        case .hostname: return HostnameFormat.isHostname(string[...])
        case .idnHostname: return HostnameFormat.isIDNHostname(string[...], requiresNFC: true)
        case .dateTime, .date, .time, .ipv4, .ipv6, .uri, .uriReference, .iri, .iriReference, .uriTemplate, .jsonPointer,
             .relativeJSONPointer:
            return string.withUTF8Bytes { accepts(utf8: $0) }
        }
    }

    /// Whether the UTF-8 bytes of a string (valid UTF-8) are a valid instance of this format, read in
    /// place: only the email and hostname formats, which work on Unicode text, make a `String`.
    public func accepts(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .dateTime: return DateTimeFormat.isDateTime(bytes)
        case .date: return DateTimeFormat.isDate(bytes)
        case .time: return DateTimeFormat.isTime(bytes)
        case .ipv4: return IPAddressFormat.isIPv4(bytes[...])
        case .ipv6: return IPAddressFormat.isIPv6(bytes[...])
        case .uri: return URIFormat.isValid(bytes, requiresScheme: true, international: false)
        case .uriReference: return URIFormat.isValid(bytes, requiresScheme: false, international: false)
        case .iri: return URIFormat.isValid(bytes, requiresScheme: true, international: true)
        case .iriReference: return URIFormat.isValid(bytes, requiresScheme: false, international: true)
        case .uriTemplate: return URITemplateFormat.isURITemplate(bytes)
        case .jsonPointer: return JSONPointerFormat.isJSONPointer(bytes)
        case .relativeJSONPointer: return JSONPointerFormat.isRelativeJSONPointer(bytes)
        case .email, .idnEmail, .hostname, .idnHostname: return accepts(String(decoding: bytes, as: UTF8.self))
        }
    }
}

/// The UTF-8 code units of a string, borrowed without copying.
typealias Bytes = UnsafeBufferPointer<UInt8>

/// A window onto `Bytes` that keeps the indices of the whole buffer.
typealias ByteSlice = Slice<Bytes>

extension String {
    /// Runs `body` over the UTF-8 bytes, copying only when the storage is not contiguous.
    func withUTF8Bytes<Result>(_ body: (Bytes) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return ContiguousArray(utf8).withUnsafeBufferPointer(body)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The byte at `index`, or 0 past either end, so lookahead needs no separate bounds check.
    @inline(__always)
    func byte(at index: Int) -> UInt8 {
        index >= 0 && index < count ? self[index] : 0
    }

    /// Decodes the scalar whose UTF-8 sequence starts at `index`, with its length in bytes.
    ///
    /// Swift strings are always valid UTF-8, so the lead byte alone tells the length.
    func scalar(at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(byte(at: index))
        func continuation(_ offset: Int) -> UInt32 { UInt32(byte(at: index + offset) & 0x3F) }
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | continuation(1), 2) }
        if lead < 0xF0 { return ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3) }
        return ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
    }
}

/// Character classes over ASCII bytes shared by the format parsers.
enum ASCII {
    /// The value of a decimal digit byte, or nil.
    @inline(__always)
    static func digit(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte &- 0x30) : nil
    }

    /// Whether `byte` is `0`–`9`.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Whether `byte` is an ASCII letter.
    @inline(__always)
    static func isAlpha(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= 0x61 && lower <= 0x7A
    }

    /// Whether `byte` is a hexadecimal digit.
    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return isDigit(byte) || (lower >= 0x61 && lower <= 0x66)
    }
}
