import Glibc

extension String {
    /// This string with each Unicode scalar that is a key of `replacements` replaced by its value, the others
    /// kept (scalar by scalar, so a `\n` inside a `\r\n` pair is found as a literal search finds it).
    public func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
        guard unicodeScalars.contains(where: { replacements[$0] != nil }) else { return self }
        var result = ""
        result.unicodeScalars.reserveCapacity(unicodeScalars.count)
        for scalar in unicodeScalars {
            if let text = replacements[scalar] { result += text } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// This string cut or padded with spaces to `length` characters.
    public func padded(toLength length: Int) -> String {
        count >= length ? String(prefix(length)) : self + String(repeating: " ", count: length - count)
    }

    /// `format` with its conversions (`%d`, `%.1f`, `%g` …) filled from `arguments` as C's `printf` does.
    public init(printf format: String, _ arguments: any CVarArg...) {
        self = Self.formatted(format, arguments)
    }

    private static func formatted(_ format: String, _ arguments: [any CVarArg]) -> String {
        let length = Int(Swift.max(0, withVaList(arguments) { vsnprintf(nil, 0, format, $0) }))
        var buffer = [CChar](repeating: 0, count: length + 1)
        _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension StringProtocol {
    /// This text without leading and trailing spaces and tabs (Unicode space separators and U+0009).
    public func trimmingWhitespace() -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        guard let first = unicodeScalars.firstIndex(where: { !isSpace($0) }), let last = unicodeScalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: unicodeScalars[first...last])
        return String(kept)
    }
}
