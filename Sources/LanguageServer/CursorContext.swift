/// Where the cursor stands in JSON text that may be half typed: read by one forward scan of the
/// bytes before it, so it works on text that does not parse.
struct CursorContext: Sendable {
    /// An enclosing object or array.
    struct Frame: Sendable {
        let isObject: Bool
        /// Offset of its `{` or `[`.
        let start: Int
        /// The member name whose value is being written (objects).
        var key: String?
        /// Whether the next string is a member name (objects).
        var expectingKey: Bool
    }

    /// Enclosing containers, outermost first.
    let frames: [Frame]
    /// The offset of the opening quote when the cursor is inside a string.
    let stringStart: Int?
    /// What is typed of that string so far.
    let partial: String

    /// The innermost container.
    var innermost: Frame? { frames.last }
    /// True when the cursor stands where a member name goes.
    var atKey: Bool { innermost.map { $0.isObject && $0.expectingKey } ?? false }

    /// The member name of the value at the cursor: in an object, its key; in an array, the array's key.
    var valueKey: String? {
        guard let frame = innermost else { return nil }
        if frame.isObject { return frame.expectingKey ? nil : frame.key }
        return frames.dropLast().last?.key
    }

    /// The key under which the object at `depth` (an index into `frames`) sits: its own key, or its array's.
    func keyHolding(frameAt index: Int) -> String? {
        guard index > 0 else { return nil }
        let parent = frames[index - 1]
        if parent.isObject { return parent.key }
        return index > 1 ? frames[index - 2].key : nil
    }

    /// Scans `bytes` up to `offset`.
    init(bytes: [UInt8], offset: Int) {
        var frames: [Frame] = []
        var index = 0
        let end = min(max(offset, 0), bytes.count)
        var stringStart: Int?
        var partial: [UInt8] = []
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"): frames.append(Frame(isObject: true, start: index, key: nil, expectingKey: true))
            case UInt8(ascii: "["): frames.append(Frame(isObject: false, start: index, key: nil, expectingKey: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !frames.isEmpty { frames.removeLast() }
            case UInt8(ascii: ":"): if let last = frames.indices.last, frames[last].isObject { frames[last].expectingKey = false }
            case UInt8(ascii: ","):
                if let last = frames.indices.last, frames[last].isObject {
                    frames[last].expectingKey = true
                    frames[last].key = nil
                }
            case UInt8(ascii: "\""):
                let (text, close) = Self.string(bytes, from: index + 1, end: end)
                guard let close else {
                    stringStart = index
                    partial = text
                    index = end
                    continue
                }
                if let last = frames.indices.last, frames[last].isObject, frames[last].expectingKey {
                    frames[last].key = String(decoding: text, as: UTF8.self)
                }
                index = close
            default: break
            }
            index += 1
        }
        self.frames = frames
        self.stringStart = stringStart
        self.partial = String(decoding: partial, as: UTF8.self)
    }

    /// A string's raw bytes from `start` up to its closing quote (its offset), or to `end` when unclosed.
    static func string(_ bytes: [UInt8], from start: Int, end: Int) -> ([UInt8], Int?) {
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == UInt8(ascii: "\"") { return (Array(bytes[start..<index]), index) }
            if bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") { return (Array(bytes[start..<index]), nil) }
            index += 1
        }
        return (Array(bytes[start..<min(end, bytes.count)]), nil)
    }

    /// The string value of member `key` written directly in the object starting at `start` (before or after the cursor).
    static func member(_ key: String, ofObjectAt start: Int, in bytes: [UInt8]) -> String? {
        var depth = 0
        var index = start
        var lastKey: String?
        var expectingKey = true
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return nil }
            case UInt8(ascii: ":") where depth == 1: expectingKey = false
            case UInt8(ascii: ",") where depth == 1:
                expectingKey = true
                lastKey = nil
            case UInt8(ascii: "\""):
                let (text, close) = string(bytes, from: index + 1, end: bytes.count)
                guard let close else { return nil }
                let value = String(decoding: text, as: UTF8.self)
                if depth == 1 {
                    if expectingKey { lastKey = value } else if lastKey == key { return value }
                }
                index = close
            default: break
            }
            index += 1
        }
        return nil
    }
}
