import FoundationEssentials
import Glibc

/// Heap memory for plain `Element`s that a ``GrowableBuffer`` fills; freed when the last owner
/// goes, so a parse that throws half-way loses nothing.
@usableFromInline
final class GrowableStorage<Element: BitwiseCopyable>: @unchecked Sendable {
    /// The elements (never changed once the storage is shared, which is what makes it `Sendable`).
    @usableFromInline let base: UnsafeMutablePointer<Element>
    /// How many elements fit.
    let capacity: Int

    /// Whether `base` came from `posix_memalign` (and goes back with `free`).
    let isHugePageAligned: Bool
    /// Whether `base` came from C's allocator (`cjson_tape_compact`'s entries; goes back with `free`).
    private let isFromC: Bool

    init(capacity: Int) {
        self.capacity = capacity
        isFromC = false
        #if os(Linux)
        // A large tape is written once, front to back, right after it is allocated: on 2 MiB pages
        // (where the kernel gives them on request) that is a few hundred times fewer page faults.
        let size = capacity * MemoryLayout<Element>.stride
        var raw: UnsafeMutableRawPointer?
        if size >= Self.hugePageThreshold, posix_memalign(&raw, Self.hugePageSize, size) == 0, let raw {
            _ = madvise(raw, size, MADV_HUGEPAGE)
            base = raw.bindMemory(to: Element.self, capacity: capacity)
            isHugePageAligned = true
            return
        }
        #endif
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        isHugePageAligned = false
    }

    /// Storage taking over `capacity` elements at `base`, memory from `malloc` or `posix_memalign` (freed with `free`).
    init(adoptingAllocated base: UnsafeMutableRawPointer, capacity: Int) {
        self.base = base.bindMemory(to: Element.self, capacity: capacity)
        self.capacity = capacity
        isHugePageAligned = false
        isFromC = true
    }

    deinit {
        if isFromC { return free(base) }
        #if os(Linux)
        if isHugePageAligned { return free(base) }
        #endif
        base.deallocate()
    }

    /// The alignment of large storage: one huge page of x86_64 and arm64 Linux.
    static var hugePageSize: Int { 1 << 21 }
    /// The size from which storage is aligned for huge pages (smaller tapes would gain little).
    static var hugePageThreshold: Int { 1 << 22 }
}

/// An append-only array of plain values written through a pointer: no uniqueness check or
/// bounds check per append (the hot loops of the parser append once per value).
struct GrowableBuffer<Element: BitwiseCopyable> {
    private(set) var storage: GrowableStorage<Element>
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.init(reusing: GrowableStorage(capacity: max(capacity, 4)))
    }

    /// An empty buffer writing over `storage` (which nothing else may read from now on).
    init(reusing storage: GrowableStorage<Element>) {
        self.storage = storage
        base = storage.base
        capacity = storage.capacity
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        // A new value rather than a mutating call: a buffer in a local variable stays in registers.
        if count == capacity { self = grown() }
        base[count] = element
        count &+= 1
    }

    @inline(__always)
    mutating func removeLast() -> Element {
        count -= 1
        return base[count]
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    var isEmpty: Bool { count == 0 }

    /// The buffer with its elements in storage twice as large.
    @inline(never)
    private func grown() -> Self {
        let larger = GrowableStorage<Element>(capacity: capacity * 2)
        larger.base.update(from: base, count: count)
        var buffer = Self(reusing: larger)
        buffer.count = count
        return buffer
    }
}

/// Appends values to a tape under construction. Strings and decimals parsed from bytes stay in
/// those bytes (`source`); only what has no verbatim copy there (escaped strings, values of a
/// tree) is written to `text`, and its entry is flagged `inText`.
struct TapeBuilder {
    var entries: GrowableBuffer<JSONTape.Entry>
    var text: [UInt8] = []
    let source: UnsafeBufferPointer<UInt8>

    init(capacity: Int, source: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)) {
        entries = GrowableBuffer(capacity: capacity)
        self.source = source
    }

    /// A builder writing over `entries` and after `text` (left over from an earlier tape nothing holds any more; `text` emptied).
    init(reusing entries: GrowableStorage<JSONTape.Entry>, text: [UInt8], source: UnsafeBufferPointer<UInt8>) {
        self.entries = GrowableBuffer(reusing: entries)
        self.text = text
        self.source = source
    }

    @inline(__always)
    mutating func append(_ entry: JSONTape.Entry) { entries.append(entry) }

    /// Appends a string entry for `count` bytes of the source at `offset`, already checked to be
    /// UTF-8 and at most `JSONTape.maxStringBytes` long (so the count fits its 32 bits).
    @inline(__always)
    mutating func appendSourceString(offset: Int, count: Int, isASCII: Bool) {
        entries.append(JSONTape.Entry(kind: .string, flags: isASCII ? 0 : JSONTape.Entry.nonASCII,
                                      count: UInt32(truncatingIfNeeded: count), payload: Int64(offset)))
    }

    /// Appends a string entry for the bytes appended to `text` since `start`.
    mutating func appendStringEntry(from start: Int, isASCII: Bool) {
        let flags = JSONTape.Entry.inText | (isASCII ? 0 : JSONTape.Entry.nonASCII)
        entries.append(JSONTape.Entry(kind: .string, flags: flags, count: UInt32(text.count - start), payload: Int64(start)))
    }

    /// Calls `body` with the bytes of the string (or decimal) entry at `index`.
    func withBytes<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let entry = entries[index]
        if entry.flags & JSONTape.Entry.inText == 0 {
            return body(UnsafeBufferPointer(rebasing: source[Int(entry.payload)..<(Int(entry.payload) + Int(entry.count))]))
        }
        return text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(entry.payload)..<(Int(entry.payload) + Int(entry.count))])) }
    }

    /// The string (or key) entry at `index`.
    func string(at index: Int) -> String {
        withBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// True when the string entries at `first` and `second` have the same bytes.
    @inline(__always)
    func keysEqual(_ first: Int, _ second: Int) -> Bool {
        let (a, b) = (entries[first], entries[second])
        guard a.count == b.count else { return false }
        if a.count == 0 { return true }
        if (a.flags | b.flags) & JSONTape.Entry.inText == 0, let base = source.baseAddress {
            return memcmp(base + Int(a.payload), base + Int(b.payload), Int(a.count)) == 0
        }
        return withBytes(at: first) { left in withBytes(at: second) { right in left.elementsEqual(right) } }
    }

    /// The index just past the (closed) value at `index`.
    @inline(__always)
    func end(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.kind.rawValue >= JSONTape.Kind.array.rawValue ? Int(entry.payload) : index + 1
    }

    /// Appends a number from the source bytes at `offset`, already checked to be JSON number syntax.
    @inline(__always)
    mutating func appendSourceNumber(offset: Int, count: Int) {
        let lexeme = UnsafeBufferPointer(rebasing: source[offset..<(offset + count)])
        if let integer = JSONNumber.plainInt64(lexeme) {
            entries.append(JSONTape.Entry(kind: .integer, payload: integer))
        } else {
            appendSourceDecimal(offset: offset, count: count, isIntegral: ExactDecimal.lexemeIsIntegral(lexeme))
        }
    }

    /// Appends a decimal entry for `count` bytes of the source at `offset`, a number lexeme that
    /// `JSONNumber.plainInt64` does not read (a fraction, an exponent or too many digits).
    @inline(__always)
    mutating func appendSourceDecimal(offset: Int, count: Int, isIntegral: Bool) {
        entries.append(JSONTape.Entry(kind: .decimal, flags: isIntegral ? JSONTape.Entry.integral : 0,
                                      count: UInt32(count), payload: Int64(offset)))
    }

    /// Appends a number lexeme (JSON number syntax) to `text`.
    mutating func appendNumber(_ lexeme: UnsafeBufferPointer<UInt8>) {
        if let integer = JSONNumber.plainInt64(lexeme) {
            entries.append(JSONTape.Entry(kind: .integer, payload: integer))
        } else {
            let flags = JSONTape.Entry.inText | (ExactDecimal.lexemeIsIntegral(lexeme) ? JSONTape.Entry.integral : 0)
            entries.append(JSONTape.Entry(kind: .decimal, flags: flags, count: UInt32(lexeme.count), payload: Int64(text.count)))
            text.append(contentsOf: lexeme)
        }
    }

    /// Starts a container; returns its entry index, for `close`.
    @inline(__always)
    mutating func open(_ kind: JSONTape.Kind) -> Int {
        entries.append(JSONTape.Entry(kind: kind))
        return entries.count &- 1
    }

    /// Finishes the container opened at `index` with `count` elements or members.
    @inline(__always)
    func close(_ index: Int, count: Int, hasDuplicateKeys: Bool = false) {
        entries[index].count = UInt32(count)
        entries[index].payload = Int64(entries.count)
        if hasDuplicateKeys { entries[index].flags = JSONTape.Entry.hasDuplicateKeys }
    }

    /// What is left to append of a tree: a value, or the end of a container already opened.
    private enum PendingAppend {
        case value(JSONValue)
        case close(index: Int, count: Int)
    }

    /// Appends a whole tree, with an explicit stack rather than recursion (trees built in memory
    /// are as deep as their builder made them).
    mutating func append(_ value: JSONValue) {
        var work: [PendingAppend] = [.value(value)]
        while let next = work.popLast() {
            switch next {
            case .close(let index, let count):
                close(index, count: count)
            case .value(.array(let elements)):
                work.append(.close(index: open(.array), count: elements.count))
                work.append(contentsOf: elements.reversed().lazy.map(PendingAppend.value))
            case .value(.object(let object)):
                work.append(.close(index: open(.object), count: object.count))
                for member in object.members.reversed() {
                    work.append(.value(member.value))
                    work.append(.value(.string(member.key)))
                }
            case .value(.null):
                append(JSONTape.Entry(kind: .null))
            case .value(.bool(let flag)):
                append(JSONTape.Entry(kind: flag ? .true : .false))
            case .value(.number(let number)):
                if case .integer(let integer) = number.storage {
                    append(JSONTape.Entry(kind: .integer, payload: integer))
                } else {
                    var lexeme = number.lexeme
                    lexeme.withUTF8 { appendNumber($0) }
                }
            case .value(.string(let string)):
                let start = text.count
                text.append(contentsOf: string.utf8)
                appendStringEntry(from: start, isASCII: string.utf8.allSatisfy { $0 < 0x80 })
            }
        }
    }

    /// The tape: its entries, the `source` array the parser read (kept, not copied) and `text`.
    func finish(source: [UInt8] = []) -> JSONTape {
        JSONTape(entries: entries.storage, source: source, text: text)
    }
}
