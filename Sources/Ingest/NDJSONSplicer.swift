import FoundationEssentials
import JSONCore

/// Copies a JSON document's bytes without the whitespace outside strings, inserting the fields before
/// the closing brace of each object that gets them: the document when it is an object, else each object
/// of a top-level array.
///
/// It follows JSON's grammar at those two levels, so each step knows what comes next (a member name, a
/// colon, a value, a comma or the end): the branches follow the document's regular shape instead of
/// guessing at every byte. Member names of the objects that get the fields are checked against the
/// fields' names; values below those levels are copied by counting brackets. Strings and scalars are
/// copied eight bytes at a time.
///
/// Room: the output holds the input's bytes plus one insertion per closing brace of the input (the
/// caller counts them), and dropping whitespace only shrinks it. So while eight input bytes remain,
/// eight bytes can be stored at the output's end (`written + 8 <= written + (count - index)`, within
/// the room): a word is stored whole, and the output advances over the bytes that belong to it.
struct Splicer {
    private let source: UnsafePointer<UInt8>
    private let count: Int
    private let target: UnsafeMutablePointer<UInt8>
    private let insertion: UnsafeBufferPointer<UInt8>
    private let names: CompactJSON.ReservedNames
    private let classes = Splicer.classes
    private var index = 0
    private var written = 0

    /// A splicer from the `count` bytes at `source` into `target` (room for the line as above);
    /// `insertion` is the fields' bytes, each with its leading comma.
    init(source: UnsafePointer<UInt8>, count: Int, target: UnsafeMutablePointer<UInt8>, insertion: UnsafeBufferPointer<UInt8>,
         names: CompactJSON.ReservedNames) {
        self.source = source
        self.count = count
        self.target = target
        self.insertion = insertion
        self.names = names
    }

    /// The number of bytes written, or `nil` when the fast path does not apply: a member name of an
    /// object that gets the fields is one of their names or has an escape, or the bytes are not JSON in
    /// a way the splicer notices (below the levels that get fields it only counts brackets: ingest
    /// splices files its parser has accepted).
    func run() -> Int? {
        // A copy of its own: the whole pass inlined over locals, which stay in registers.
        var splicer = self
        return splicer.document()
    }

    @inline(__always)
    private mutating func document() -> Int? {
        skipWhitespace()
        guard index < count else { return nil }
        switch source[index] {
        case UInt8(ascii: "{"):
            guard object() else { return nil }
        case UInt8(ascii: "["):
            guard array() else { return nil }
        default:
            guard value() else { return nil }
        }
        skipWhitespace()
        return index == count ? written : nil
    }

    /// A top-level array from its `[`: each object of it gets the fields.
    @inline(__always)
    private mutating func array() -> Bool {
        copyByte()
        skipWhitespace()
        if index < count, source[index] == UInt8(ascii: "]") {
            copyByte()
            return true
        }
        while index < count {
            guard source[index] == UInt8(ascii: "{") ? object() : value() else { return false }
            skipWhitespace()
            guard index < count else { return false }
            let byte = source[index]
            copyByte()
            if byte == UInt8(ascii: "]") { return true }
            guard byte == UInt8(ascii: ",") else { return false }
            skipWhitespace()
        }
        return false
    }

    /// An object that gets the fields, from its `{`: its members copied, their names checked, the
    /// fields inserted before its `}`.
    @inline(__always)
    private mutating func object() -> Bool {
        copyByte()
        skipWhitespace()
        if index < count, source[index] == UInt8(ascii: "}") {
            insert(afterMembers: false)
            copyByte()
            return true
        }
        while index < count, source[index] == UInt8(ascii: "\"") {
            copyByte()
            let start = index
            guard string(refusingEscapes: true),
                  !names.contains(UnsafeBufferPointer(start: source + start, count: index &- 1 &- start)) else { return false }
            skipWhitespace()
            guard index < count, source[index] == UInt8(ascii: ":") else { return false }
            copyByte()
            skipWhitespace()
            guard value() else { return false }
            skipWhitespace()
            guard index < count else { return false }
            if source[index] == UInt8(ascii: "}") {
                insert(afterMembers: true)
                copyByte()
                return true
            }
            guard source[index] == UInt8(ascii: ",") else { return false }
            copyByte()
            skipWhitespace()
        }
        return false
    }

    /// Any value that gets no fields itself, from its first byte.
    @inline(__always)
    private mutating func value() -> Bool {
        guard index < count else { return false }
        switch source[index] {
        case UInt8(ascii: "\""):
            copyByte()
            return string(refusingEscapes: false)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return nested()
        default:
            return scalar()
        }
    }

    /// A container below the levels that get fields, from its opening bracket to the matching closing
    /// one, by counting brackets outside strings; strings and the runs between punctuation are copied
    /// as `string` and `scalar` copy them.
    private mutating func nested() -> Bool {
        var depth = 0
        while index < count {
            switch classes[Int(source[index])] {
            case Splicer.whitespace:
                index &+= 1
            case Splicer.quote:
                copyByte()
                guard string(refusingEscapes: false) else { return false }
            case Splicer.opening:
                copyByte()
                depth &+= 1
            case Splicer.closing:
                copyByte()
                depth &-= 1
                if depth == 0 { return true }
            default:
                // A comma, or a run up to the next punctuation (a byte that stops a scalar at once is copied alone).
                if !scalar() { copyByte() }
            }
        }
        return false
    }

    /// A number, `true`, `false` or `null`: the bytes up to whitespace or punctuation (at least one).
    @inline(__always)
    private mutating func scalar() -> Bool {
        let start = index
        while count &- index >= 8 {
            let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(target + written).storeBytes(of: word, as: UInt64.self)
            let flags = SWAR.endsScalar(word)
            if flags != 0 {
                let skip = flags.trailingZeroBitCount &>> 3
                index &+= skip
                written &+= skip
                return index > start
            }
            index &+= 8
            written &+= 8
        }
        // The last few bytes, by the same test on one byte at a time.
        while index < count, SWAR.endsScalar(UInt64(source[index])) & 0x80 == 0 { copyByte() }
        return index > start
    }

    /// A string's bytes after its opening quote, up to and with its closing quote; `false` when it does
    /// not end, or has an escape and `refusingEscapes` (an escaped member name might spell a field's
    /// name: the tree decides).
    @inline(__always)
    private mutating func string(refusingEscapes: Bool) -> Bool {
        while true {
            if count &- index >= 8 {
                let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(target + written).storeBytes(of: word, as: UInt64.self)
                let flags = SWAR.quoteOrBackslash(word)
                if flags == 0 {
                    index &+= 8
                    written &+= 8
                    continue
                }
                let skip = flags.trailingZeroBitCount &>> 3
                index &+= skip
                written &+= skip
            } else {
                guard index < count else { return false }
                let byte = source[index]
                if byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                    copyByte()
                    continue
                }
            }
            let byte = source[index]
            copyByte()
            if byte == UInt8(ascii: "\"") { return true }
            // A backslash: it and the byte it escapes are copied as they are.
            guard !refusingEscapes, index < count else { return false }
            copyByte()
        }
    }

    /// Skips the whitespace at `index`, with a local cursor: `index` lives in memory that the copy's
    /// stores might alias, so stepping it would load and store it at every byte.
    @inline(__always)
    private mutating func skipWhitespace() {
        var cursor = index
        while cursor < count, Splicer.isWhitespace(source[cursor]) { cursor &+= 1 }
        index = cursor
    }

    /// Whether `byte` is JSON whitespace (space, tab, line feed, carriage return).
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte <= 0x20 && (UInt64(1) << byte) & (1 << 0x20 | 1 << 0x09 | 1 << 0x0A | 1 << 0x0D) != 0
    }

    @inline(__always)
    private mutating func copyByte() {
        target[written] = source[index]
        written &+= 1
        index &+= 1
    }

    /// The fields, before a closing brace (with their leading comma after members).
    @inline(__always)
    private mutating func insert(afterMembers: Bool) {
        let fields = afterMembers ? insertion : UnsafeBufferPointer(rebasing: insertion.dropFirst())
        guard let bytes = fields.baseAddress else { return }
        (target + written).update(from: bytes, count: fields.count)
        written &+= fields.count
    }

    private static let whitespace: UInt8 = 1, quote: UInt8 = 2, opening: UInt8 = 3, closing: UInt8 = 4

    /// What a byte outside strings means to `nested()` (most bytes: nothing);
    /// made once, kept for the process.
    nonisolated(unsafe) private static let classes: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        for byte in [0x20, 0x09, 0x0A, 0x0D] as [UInt8] { table[Int(byte)] = whitespace }
        table[Int(UInt8(ascii: "\""))] = quote
        for byte in ["{", "["] as [Unicode.Scalar] { table[Int(UInt8(ascii: byte))] = opening }
        for byte in ["}", "]"] as [Unicode.Scalar] { table[Int(UInt8(ascii: byte))] = closing }
        return UnsafePointer(table)
    }()
}
