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
        let lengths = Set(names.map(\.count))
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 4)
        let finished: Bool = bytes.withUnsafeBufferPointer { input in
            // Open containers: the bracket, and whether it is an object that gets the fields.
            var stack: [(bracket: UInt8, target: Bool)] = []
            var inString = false, escaped = false, expectingName = false
            var keyStart: Int?
            var last: UInt8 = 0
            // Bytes are copied in runs: from `copied` up to the next byte dropped or insertion made.
            var copied = 0
            var index = 0
            while index < input.count {
                let byte = input[index]
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                        // An escaped name might spell a field's: the tree decides.
                        if keyStart != nil { return false }
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if let start = keyStart {
                            let length = index - start
                            // A member of a target object named like a field must be replaced: the tree does that.
                            if lengths.contains(length), names.contains(where: { $0.elementsEqual(UnsafeBufferPointer(rebasing: input[start..<index])) }) {
                                return false
                            }
                            keyStart = nil
                        }
                    }
                    last = byte
                    index += 1
                    continue
                }
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D:
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<index]))
                    copied = index + 1
                    index += 1
                    continue
                case UInt8(ascii: "\""):
                    inString = true
                    if expectingName, stack.last?.target == true { keyStart = index + 1 }
                    expectingName = false
                case UInt8(ascii: "{"):
                    stack.append((byte, stack.isEmpty || (stack.count == 1 && stack[0].bracket == UInt8(ascii: "["))))
                    expectingName = true
                case UInt8(ascii: "["):
                    stack.append((byte, false))
                case UInt8(ascii: ","):
                    expectingName = stack.last?.bracket == UInt8(ascii: "{")
                case UInt8(ascii: "}"):
                    guard let top = stack.popLast() else { return false }
                    if top.target {
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<index]))
                        output += last == UInt8(ascii: "{") ? insertion.dropFirst() : insertion[...]
                        copied = index
                    }
                case UInt8(ascii: "]"):
                    guard stack.popLast() != nil else { return false }
                default:
                    break
                }
                last = byte
                index += 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<input.count]))
            return stack.isEmpty && !inString
        }
        guard finished else { return nil }
        output.append(0x0A)
        return output
    }
}
