import FoundationEssentials
import Glibc
import JSONCore

/// One JSON document as one NDJSON line with fields inserted, straight from its bytes: whitespace outside
/// strings dropped, the fields spliced in before the closing brace of the document (an object) or of
/// each object of it (an array), as Sage's job sets them. Much cheaper than parse, insert and write for
/// motion files of tens of thousands of samples; the result is the same JSON.
public enum NDJSONLine {
    /// The line of a JSON document with `fields` inserted: spliced into its bytes when it can be,
    /// else parsed, inserted and written; `nil` when the bytes are not JSON.
    public static func line(_ fields: [(String, JSONValue)], into bytes: [UInt8]) -> [UInt8]? {
        splicing(fields, into: bytes) ?? treeLine(fields, into: bytes)
    }

    /// The line made through the tree: parse, insert, write.
    public static func treeLine(_ fields: [(String, JSONValue)], into bytes: [UInt8]) -> [UInt8]? {
        (try? JSONDocument(bytes: bytes)).map { JSONWriter.compact.bytes($0.value.inserting(fields)) + [0x0A] }
    }

    /// The line (with its newline), or `nil` when the fast path does not apply: a field's name already
    /// occurs in an object that gets the fields (it would have to replace a member), or a name there is
    /// escaped (it might spell one), or the bytes are not JSON as far as the splicer sees (it follows the
    /// grammar where objects get the fields and counts brackets below), or they start with a byte order mark
    /// (which the line drops). The caller then goes through the tree.
    public static func splicing(_ fields: [(String, JSONValue)], into bytes: [UInt8]) -> [UInt8]? {
        guard !bytes.isEmpty, !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return nil }
        let (written, names) = members(fields)
        let insertion = fields.isEmpty ? [] : [UInt8(ascii: ",")] + written
        // At most one insertion per closing brace: the exact room the line can need.
        let braces = bytes.withUnsafeBytes { input in
            var count = 0
            guard var next = input.baseAddress else { return 0 }
            let end = next + input.count
            while let found = memchr(next, Int32(UInt8(ascii: "}")), end - next) {
                count += 1
                next = UnsafeRawPointer(found) + 1
            }
            return count
        }
        var spliced = true
        let line = [UInt8](unsafeUninitializedCapacity: bytes.count + insertion.count * braces + 1) { output, count in
            bytes.withUnsafeBufferPointer { input in
                insertion.withUnsafeBufferPointer { insertion in
                    if let source = input.baseAddress, let target = output.baseAddress,
                       let written = Splicer(source: source, count: input.count, target: target, insertion: insertion, names: names).run() {
                        output[written] = 0x0A
                        count = written + 1
                    } else {
                        spliced = false
                        count = 0
                    }
                }
            }
        }
        return spliced ? line : nil
    }

    /// The line of a document from the compact form its parse wrote (the same bytes `splicing` gives
    /// when that parse reserved every name of `fields`).
    public static func line(_ fields: [(String, JSONValue)], from compact: CompactJSON) -> [UInt8] {
        compact.inserting(members(fields).bytes, terminator: 0x0A)
    }

    /// The fields as members without braces (`"recordid":"r1","year":2026`) and their names.
    static func members(_ fields: [(String, JSONValue)]) -> (bytes: [UInt8], names: CompactJSON.ReservedNames) {
        var members = JSONBytes(capacity: 256)
        members.beginObject()
        var names = CompactJSON.ReservedNames()
        for (key, value) in fields {
            // A name that needs an escape is never spelled by a member name without one (and those with one
            // are refused): its bytes as they are never match.
            names.add(key)
            members.key(escaping: key)
            members.value(value)
        }
        members.endObject()
        let written = members.bytes
        return (Array(written[1..<(written.count - 1)]), names)
    }
}
