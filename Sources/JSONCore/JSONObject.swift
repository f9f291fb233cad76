/// A JSON object that keeps its members in document order.
///
/// When a document repeats a key, the parser keeps the last value at the first key's place and
/// reports the repetition separately (see ``DuplicateKey``).
public struct JSONObject: Sendable {
    /// One `"key": value` pair.
    public struct Member: Sendable, Hashable {
        /// The member name.
        public var key: String
        /// The member value.
        public var value: JSONValue

        /// A member from its parts.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Objects larger than this get a hash index for key look-ups.
    package static let indexThreshold = 24

    /// The members in document order, without repeated keys.
    public private(set) var members: [Member]
    private var index: [String: Int]?

    /// An object from members; a repeated key keeps its first place and its last value.
    public init(_ members: [Member] = []) {
        self.members = []
        self.members.reserveCapacity(members.count)
        for member in members { self[member.key] = member.value }
    }

    /// An object from members known to have distinct keys (the parser's fast path).
    init(uniqueMembers: [Member]) {
        members = uniqueMembers
        if uniqueMembers.count > Self.indexThreshold { index = Self.buildIndex(uniqueMembers) }
    }

    private static func buildIndex(_ members: [Member]) -> [String: Int] {
        var index = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() { index[member.key] = position }
        return index
    }

    /// The number of members.
    public var count: Int { members.count }

    /// True when the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The member names in document order.
    public var keys: [String] { members.map(\.key) }

    /// The position of `key` among the members.
    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    /// The value of `key`; setting a new key appends it, setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return members[position].value
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    index = members.count > Self.indexThreshold ? Self.buildIndex(members) : nil
                }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
                if index != nil {
                    index?[key] = members.count - 1
                } else if members.count > Self.indexThreshold {
                    index = Self.buildIndex(members)
                }
            }
        }
    }
}

extension JSONObject: Sequence {
    /// Iterates the members in document order.
    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }
}

extension JSONObject: Equatable {
    /// Objects are equal when they have the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        JSONValue.object(lhs) == JSONValue.object(rhs)
    }
}

extension JSONObject: Hashable {
    /// Hashes the members regardless of their order, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hash(into: &hasher, levelsLeft: JSONValue.hashedDepth)
    }

    /// Order-independent: member hashes combine commutatively; values `levelsLeft` deep count by
    /// kind and size only (see `JSONValue.hashedDepth`).
    func hash(into hasher: inout Hasher, levelsLeft: Int) {
        hasher.combine(count)
        guard levelsLeft > 0 else { return }
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            member.value.hash(into: &memberHasher, levelsLeft: levelsLeft - 1)
            combined ^= memberHasher.finalize()
        }
        hasher.combine(combined)
    }
}
