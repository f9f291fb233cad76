import CJSONScan

/// Parses texts one after another onto tapes, writing each over the memory of the one before once
/// nothing holds that tape any more (drop each tape before parsing the next): a loop over many
/// documents then allocates, and faults in, no fresh tape memory per document. Same rules, errors
/// and tapes as ``JSONTape/init(bytes:maxDepth:)``. The parser keeps the last tape's memory while
/// it lives, and a tape written over larger memory holds all of it until dropped.
public struct JSONTapeParser: Sendable {
    let parser: JSONParser
    var scratch = ParseScratch()

    /// A parser refusing nesting deeper than `maxDepth`.
    public init(maxDepth: Int = JSONParser.Options().maxDepth) {
        parser = JSONParser(options: .init(maxDepth: maxDepth))
    }

    /// The tape of one JSON text (for a repeated key: the last value at the first key's place).
    public mutating func tape(_ bytes: [UInt8]) throws(JSONParseError) -> JSONTape {
        let parsed = try parser.parseTape(bytes, scratch: &scratch)
        // A repeated key is rare (and a lint finding); the tree applies "last value, first place".
        return parsed.hasDuplicateKeys ? JSONTape(parsed.tape.value) : parsed.tape
    }
}

/// The memory a parse leaves for the next one: its tape's entries and unescaped text, and stage 2's workspace.
struct ParseScratch: Sendable {
    private var entries: GrowableStorage<JSONTape.Entry>?
    private var text: [UInt8] = []
    private var workspace: TapeWorkspace?

    /// A builder over `source`, writing over the kept entries when no tape holds them and they are
    /// at least half the size `source` is expected to need.
    mutating func builder(source: UnsafeBufferPointer<UInt8>) -> TapeBuilder {
        let storage = entryStorage(forSourceCount: source.count)
        text.removeAll(keepingCapacity: true)
        let builder = TapeBuilder(reusing: storage, text: text, source: source)
        text = []  // the builder's copy is now the only one, so it appends in place
        return builder
    }

    /// Entries for the tape of a text of `count` bytes: the kept ones when no tape holds them and they are at
    /// least half the size such a text is expected to need, else new ones.
    mutating func entryStorage(forSourceCount count: Int) -> GrowableStorage<JSONTape.Entry> {
        // About one value per 8 bytes of typical JSON.
        let estimate = count / 8 + 4
        if isKnownUniquelyReferenced(&entries), let spare = entries, spare.capacity >= estimate / 2 {
            return spare
        }
        return GrowableStorage(capacity: max(estimate, 4))
    }

    /// Stage 2's workspace (`cjson_tape_compact`), the kept one when no other scratch shares it.
    mutating func tapeWorkspace() -> TapeWorkspace {
        if isKnownUniquelyReferenced(&workspace), let workspace { return workspace }
        let fresh = TapeWorkspace()
        workspace = fresh
        return fresh
    }

    /// Keeps what `builder` wrote to, for the next parse.
    mutating func keep(_ builder: TapeBuilder) {
        entries = builder.entries.storage
        text = builder.text
    }

    /// Keeps `storage`, the entries of the last tape, for the next parse.
    mutating func keep(_ storage: GrowableStorage<JSONTape.Entry>) {
        entries = storage
    }
}

/// The memory `cjson_tape_compact` keeps from one text to the next (unescaped strings, object ends, its stack),
/// freed with the last scratch that holds it. Used by one parse at a time (a scratch shares it with no other).
final class TapeWorkspace: @unchecked Sendable {
    /// The C state.
    var state = cjson_tape_workspace()

    deinit { cjson_tape_workspace_free(&state) }
}
