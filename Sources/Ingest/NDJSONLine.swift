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
        var names: [[UInt8]] = []
        for (key, value) in fields {
            let name = JSONWriter.compact.bytes(.string(key))
            names.append(Array(name.dropFirst().dropLast()))
            insertion += [UInt8(ascii: ",")] + name + [UInt8(ascii: ":")] + JSONWriter.compact.bytes(value)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        // Open containers: the bracket, and whether it is an object that gets the fields.
        var stack: [(bracket: UInt8, target: Bool)] = []
        var inString = false, escaped = false
        var expectingName = false, key: [UInt8]?
        var last: UInt8 = 0
        for byte in bytes {
            if inString {
                output.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                    if key != nil { return nil }
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    // A member of a target object named like a field: it must be replaced, so use the tree.
                    if let name = key, names.contains(where: { $0.count == name.count && $0 == name }) { return nil }
                    key = nil
                } else {
                    key?.append(byte)
                }
                last = byte
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: "\""):
                inString = true
                if expectingName, stack.last?.target == true { key = [] }
                expectingName = false
            case UInt8(ascii: "{"):
                stack.append((byte, stack.isEmpty || (stack.count == 1 && stack[0].bracket == UInt8(ascii: "["))))
                expectingName = true
            case UInt8(ascii: "["):
                stack.append((byte, false))
            case UInt8(ascii: ","):
                expectingName = stack.last?.bracket == UInt8(ascii: "{")
            case UInt8(ascii: "}"):
                guard let top = stack.popLast() else { return nil }
                if top.target { output += last == UInt8(ascii: "{") ? Array(insertion.dropFirst()) : insertion }
            case UInt8(ascii: "]"):
                guard stack.popLast() != nil else { return nil }
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
}
