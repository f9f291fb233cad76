/// The member names of one array element, as the element loop of `elementsAreValid` remembers them: the key of
/// the name at each place, the slot it found (`nil`: not a property), and the kinds of value its verdict accepts
/// outright without a call (`fastKinds`).
private struct ShapeEntry {
    var key: NameKey
    var slot: UnsafeMutablePointer<NameSlot<PropertyVerdict>>?
    var fast: UInt8
}

extension PropertiesKeyword {
    /// How many member places of an element `elementsAreValid` remembers.
    private static var shapeLength: Int { 16 }

    /// `node.isValid(element, properties: self, context)` for every element of `array` (`node` is the elements'
    /// schema, its `onlyProperties` this keyword), in one loop: an array of samples, whose elements mostly have the
    /// same member names in the same order. A member's name is first compared with the name at the same place of
    /// the elements before (a key of at most 16 bytes decides it), and looked up in the table only when it differs.
    func elementsAreValid(_ array: Instance, node: SchemaNode, _ context: EvaluationContext) -> Bool {
        guard let probe = verdictProbe else {
            for element in array.elements where !node.isValid(element, properties: self, context) { return false }
            return true
        }
        let kinds = node.verdictKinds
        // Inside the element's node: where every inline verdict fits in the depth left, none needs its own check.
        let inline = context.remainingDepth - 1 >= verdictDepth
        return withUnsafeTemporaryAllocation(of: ShapeEntry.self, capacity: Self.shapeLength) { shape in
            guard let memory = shape.baseAddress else { return false }
            memory.initialize(repeating: ShapeEntry(key: .empty, slot: nil, fast: 0), count: Self.shapeLength)
            defer { memory.deinitialize(count: Self.shapeLength) }
            for element in array.elements {
                guard let inner = context.entering(node, element) else { return false }
                guard kinds.accepts(element) else { return false }
                guard element.kind == .object else { continue }
                var place = 0
                for (name, value) in element.members {
                    let bytes = name.bytes
                    let key = NameKey(bytes)
                    let kind: UInt8 = 1 << value.kind.rawValue
                    let slot: UnsafeMutablePointer<NameSlot<PropertyVerdict>>?
                    if place < Self.shapeLength, key.count <= NameKey.exactLength {
                        let entry = memory + place
                        place += 1
                        if entry.pointee.key != key {
                            let found = probe.slot(for: bytes, key: key)
                            entry.pointee = ShapeEntry(key: key, slot: found, fast: found.map { Self.fastKinds($0.pointee.value, inline: inline) } ?? 0xFF)
                        }
                        if entry.pointee.fast & kind != 0 { continue }
                        slot = entry.pointee.slot
                    } else {
                        place += 1
                        slot = probe.slot(for: bytes, key: key)
                    }
                    guard let verdict = slot?.pointee.value else { continue }
                    if verdict.depth > 0, inline {
                        if !verdict.accepts(value) { return false }
                    } else if !verdict.node.isValid(value, inner) {
                        return false
                    }
                }
            }
            return true
        }
    }

    /// The kinds of value (bit `kind.rawValue`) a property's verdict accepts outright without a call: those of an
    /// inline verdict that tests kinds alone, where the depth left allows inline verdicts; none otherwise.
    private static func fastKinds(_ verdict: PropertyVerdict?, inline: Bool) -> UInt8 {
        guard let verdict, inline, verdict.depth > 0, verdict.strings == nil else { return 0 }
        return verdict.kinds.accepted
    }
}
