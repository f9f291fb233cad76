import JSONCore

/// The member names of one array element, as the element loop of `elementsAreValid` remembers them: the key of
/// the name at each place, the slot it found (`nil`: not a property), the kinds of value its verdict accepts
/// outright without a call (`fast`), and when the verdict is an inline `enum` of strings the loop tests itself, its
/// strings.
private struct ShapeEntry {
    var key: NameKey
    var slot: UnsafeMutablePointer<NameSlot<PropertyVerdict>>?
    var fast: UInt8
    var strings: NameProbe<Bool>?
}

extension PropertiesKeyword {
    /// How many member places of an element `elementsAreValid` remembers.
    private static var shapeLength: Int { 16 }

    /// `node.isValid(element, properties: self, context)` for every element of `array` (`node` is the elements'
    /// schema, its `onlyProperties` this keyword), in one loop: an array of samples, whose elements mostly have the
    /// same member names in the same order.
    ///
    /// Elements with the member names of the element before, each member's verdict decided in the loop (a test of
    /// kinds, or an `enum` of strings), are accepted by `run` without looking their names up: a name is compared
    /// with the name at its place by its key (at most 16 bytes), and its value tested against what the place
    /// accepts. Any other element, or one those tests do not accept, takes `membersAreValid`, which decides its
    /// verdict and remembers its names.
    func elementsAreValid(_ array: Instance, node: SchemaNode, _ context: EvaluationContext) -> Bool {
        guard let probe = verdictProbe else {
            for element in array.elements where !node.isValid(element, properties: self, context) { return false }
            return true
        }
        let kinds = node.verdictKinds
        // Inside the element's node: where every inline verdict fits in the depth left, none needs its own check.
        let inline = context.remainingDepth - 1 >= verdictDepth
        // A run of elements of one shape enters the element's node each time: it may when the first may (a run calls
        // nothing that could record an overflow), and its elements are objects, which the node's kinds must accept.
        let runs = kinds.accepted & 1 << JSONTape.Kind.object.rawValue != 0
        let tape = array.tape
        return withUnsafeTemporaryAllocation(of: ShapeEntry.self, capacity: Self.shapeLength) { shape in
            guard let memory = shape.baseAddress else { return false }
            memory.initialize(repeating: ShapeEntry(key: .empty, slot: nil, fast: 0, strings: nil), count: Self.shapeLength)
            defer { memory.deinitialize(count: Self.shapeLength) }
            // How many members the remembered shape has, or -1 when `run` cannot accept any element.
            var known = -1
            var index = array.index + 1
            let end = tape.end(array.index)
            while index < end {
                if known >= 0, runs, context.remainingDepth > 0, context.state.pointee.overflow == nil {
                    index = Self.run(tape, from: index, to: end, memory, count: known)
                    guard index < end else { break }
                }
                let element = array.at(index)
                index = tape.end(index)
                guard let inner = context.entering(node, element) else { return false }
                guard kinds.accepts(element) else { return false }
                guard element.kind == .object else { continue }
                guard let members = membersAreValid(element, memory, probe, inline: inline, inner) else { return false }
                known = members
            }
            return true
        }
    }

    /// Where the run of elements from `start` (before `end`) that match `shape` ends: the index of the first element
    /// that is not an object of `count` members with the names remembered in `shape`, in that order, each value
    /// passing its place's test; `end` when there is none. An element it stops at may still be valid.
    @inline(never)
    private static func run(_ tape: JSONTapeView, from start: Int, to end: Int, _ shape: UnsafeMutablePointer<ShapeEntry>, count: Int) -> Int {
        var element = start
        let last = shape + count
        elements: while element < end {
            let object = tape.entry(element)
            guard object.kind == .object, Int(object.count) == count else { break }
            var key = element &+ 1
            var place = shape
            while place < last {
                let name = tape.entry(key)
                let length = Int(name.count)
                guard length == place.pointee.key.count,
                      NameKey(UnsafeBufferPointer(start: tape.bytesStart(name), count: length)) == place.pointee.key
                else { break elements }
                let value = tape.entry(key &+ 1)
                if place.pointee.fast & (1 &<< value.kind.rawValue) == 0 {
                    guard value.kind == .string, let strings = place.pointee.strings,
                          strings.value(for: UnsafeBufferPointer(start: tape.bytesStart(value), count: Int(value.count))) != nil
                    else { break elements }
                }
                key = value.kind.rawValue >= JSONTape.Kind.array.rawValue ? Int(truncatingIfNeeded: value.payload) : key &+ 2
                place += 1
            }
            guard key == Int(truncatingIfNeeded: object.payload) else { break }
            element = key
        }
        return element
    }

    /// The verdict of the object `element` against the properties, each member's name compared with the name at
    /// the same place of the element before (`shape`) and looked up only when it differs: `nil` when invalid,
    /// else how many members `run` may compare with the names now in `shape` (-1: none).
    @inline(never)
    private func membersAreValid(
        _ element: Instance, _ shape: UnsafeMutablePointer<ShapeEntry>, _ probe: NameProbe<PropertyVerdict>, inline: Bool,
        _ inner: EvaluationContext
    ) -> Int? {
        var place = 0
        var decided = true
        for (name, value) in element.members {
            let bytes = name.bytes
            let key = NameKey(bytes)
            let kind: UInt8 = 1 << value.kind.rawValue
            let slot: UnsafeMutablePointer<NameSlot<PropertyVerdict>>?
            if place < Self.shapeLength, key.count <= NameKey.exactLength {
                let entry = shape + place
                place += 1
                if entry.pointee.key != key {
                    let found = probe.slot(for: bytes, key: key)
                    let verdict = found?.pointee.value
                    entry.pointee = ShapeEntry(key: key, slot: found, fast: found == nil ? 0xFF : Self.fastKinds(verdict, inline: inline),
                                               strings: Self.testedStrings(verdict, inline: inline))
                }
                decided = decided && (entry.pointee.fast != 0 || entry.pointee.strings != nil)
                if entry.pointee.fast & kind != 0 { continue }
                slot = entry.pointee.slot
            } else {
                place += 1
                decided = false
                slot = probe.slot(for: bytes, key: key)
            }
            guard let verdict = slot?.pointee.value else { continue }
            if verdict.depth > 0, inline {
                if !verdict.accepts(value) { return nil }
            } else if !verdict.node.isValid(value, inner) {
                return nil
            }
        }
        return decided ? place : -1
    }

    /// The kinds of value (bit `kind.rawValue`) a property's verdict accepts outright without a call: those of an
    /// inline verdict that tests kinds alone, where the depth left allows inline verdicts; none otherwise.
    private static func fastKinds(_ verdict: PropertyVerdict?, inline: Bool) -> UInt8 {
        guard let verdict, inline, verdict.depth > 0, verdict.strings == nil else { return 0 }
        return verdict.kinds.accepted
    }

    /// The strings of a property's verdict that is an inline `enum` of strings whose kinds take strings, where the
    /// depth left allows inline verdicts (a string value passes when the `enum` holds it); `nil` otherwise.
    private static func testedStrings(_ verdict: PropertyVerdict?, inline: Bool) -> NameProbe<Bool>? {
        guard let verdict, inline, verdict.depth > 0, verdict.kinds.accepted & 1 << JSONTape.Kind.string.rawValue != 0 else { return nil }
        return verdict.strings
    }
}
