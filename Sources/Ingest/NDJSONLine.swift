import JSONCore

/// One JSON document as one NDJSON line with fields inserted, straight from its bytes: whitespace outside
/// strings dropped, the fields spliced in before the closing brace of the document (an object) or of
/// each object of it (an array), as Sage's job sets them. Much cheaper than parse, insert and write for
/// motion files of tens of thousands of samples; the result is the same JSON.
enum NDJSONLine {
    /// The line (with its newline), or `nil` when the fast path does not apply (a field's name already
    /// occurs in the bytes, so it would have to replace a member; the caller then goes through the tree).
    static func splicing(_ fields: [(String, JSONValue)], into bytes: [UInt8]) -> [UInt8]? {
        var insertion: [UInt8] = []
        for (key, value) in fields {
            let name = JSONWriter.compact.bytes(.string(key))
            if contains(bytes, name) { return nil }
            insertion += [UInt8(ascii: ",")] + name + [UInt8(ascii: ":")] + JSONWriter.compact.bytes(value)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        var stack: [UInt8] = []
        var inString = false, escaped = false
        var last: UInt8 = 0
        for byte in bytes {
            if inString {
                output.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                last = byte
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(byte)
            case UInt8(ascii: "}"):
                let target = stack.count == 1 || (stack.count == 2 && stack[0] == UInt8(ascii: "["))
                if target { output += last == UInt8(ascii: "{") ? Array(insertion.dropFirst()) : insertion }
                stack.removeLast()
            case UInt8(ascii: "]"):
                stack.removeLast()
            default:
                break
            }
            output.append(byte)
            last = byte
        }
        guard stack.isEmpty, !inString else { return nil }
        output.append(0x0A)
        return output
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= bytes.count else { return false }
        var index = 0
        let end = bytes.count - needle.count
        while index <= end {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
