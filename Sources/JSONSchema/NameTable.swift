import FoundationEssentials
import Glibc

/// A name's length and up to sixteen of its UTF-8 bytes in two words, read with a few loads and no
/// loop. Two names of at most 16 bytes are equal exactly when their keys are (the loads cover every
/// byte); longer names with equal keys still need their bytes compared.
struct NameKey: Equatable {
    let count: Int
    let head: UInt64
    let tail: UInt64

    /// The longest names whose keys alone decide equality.
    static var exactLength: Int { 16 }

    @inline(__always)
    init(_ name: UnsafeBufferPointer<UInt8>) {
        count = name.count
        guard let base = name.baseAddress, count > 0 else {
            (head, tail) = (0, 0)
            return
        }
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            // 8 to 16 bytes: the first and the last eight, overlapping; longer: a prefix and a suffix.
            head = raw.loadUnaligned(as: UInt64.self)
            tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            head = UInt64(raw.loadUnaligned(as: UInt32.self)) | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
            tail = 0
        } else if count > 1 {
            head = UInt64(base[0]) | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1]) << 16
            tail = 0
        } else {
            // The same key as above, the one byte in all three places (`x`, `y`, `z`: one load).
            head = UInt64(base[0]) &* 0x01_0101
            tail = 0
        }
    }

    /// An empty slot's key: no name has a negative length.
    private init(emptySlot: Void) {
        (count, head, tail) = (-1, 0, 0)
    }

    static let empty = NameKey(emptySlot: ())

    /// The slot of this key in a table of `1 << (64 - shift)` slots hashed with `seed`.
    @inline(__always)
    func slot(seed: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: ((head &+ tail &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(bitPattern: Int64(count))) &* seed) &>> shift)
    }
}

/// Schema values looked up by an instance member's UTF-8 name, without building strings: an
/// open-addressing hash table of name keys (`NameKey`) holding the values in its slots. Building it
/// tries a few hash seeds and keeps the one that displaces names least, so most tables find or miss a
/// name with one comparison; the slots live in memory the table owns, and lookups go through `probe`,
/// a few plain words a hot loop keeps in registers (no bounds check, no reference counting).
struct NameTable<Value: Sendable>: Sendable {
    private let names: [[UInt8]]
    private let values: [Value]
    private let storage: SlotStorage<Value>
    /// What lookups read; valid while the table lives.
    let probe: NameProbe<Value>

    /// The seeds tried, in order (odd, with well-spread bits).
    private static var seeds: [UInt64] {
        [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0xD6E8_FEB8_6659_FD93,
         0xFF51_AFD7_ED55_8CCD, 0xC4CE_B9FE_1A85_EC53, 0x8538_ECB5_BD45_6EA3, 0x2545_F491_4F6C_DD1D]
    }

    /// A table of `entries`; for a repeated name the last value wins.
    init(_ entries: [(name: String, value: Value)]) {
        var names: [[UInt8]] = []
        var values: [Value] = []
        for entry in entries {
            let bytes = Array(entry.name.utf8)
            if let existing = names.firstIndex(of: bytes) {
                values[existing] = entry.value
            } else {
                names.append(bytes)
                values.append(entry.value)
            }
        }
        self.names = names
        self.values = values
        let keys = names.map { name in name.withUnsafeBufferPointer { NameKey($0) } }
        // At least four slots per name: most seeds then place every name in a slot of its own.
        var bits = 2
        while 1 << bits < keys.count * 4 { bits += 1 }
        let shift = UInt64(64 - bits)
        var chosen = (seed: Self.seeds[0], placed: [Int](), limit: Int.max)
        for seed in Self.seeds where chosen.limit > 0 {
            let (placed, limit) = Self.place(keys, seed: seed, shift: shift, slots: 1 << bits)
            if limit < chosen.limit { chosen = (seed, placed, limit) }
        }
        storage = SlotStorage(count: 1 << bits, names: names)
        for (entry, slot) in chosen.placed.enumerated() {
            storage.slots[slot] = NameSlot(key: keys[entry], long: storage.longName(entry), value: values[entry])
        }
        probe = NameProbe(slots: storage.slots, mask: (1 << bits) - 1, seed: chosen.seed, shift: shift, limit: chosen.limit)
    }

    /// Each key's slot under linear probing with `seed`, and the longest displacement.
    private static func place(_ keys: [NameKey], seed: UInt64, shift: UInt64, slots: Int) -> (slots: [Int], limit: Int) {
        var taken = [Bool](repeating: false, count: slots)
        var placed: [Int] = []
        var limit = 0
        for key in keys {
            var slot = key.slot(seed: seed, shift: shift)
            var distance = 0
            while taken[slot] {
                slot = (slot + 1) & (slots - 1)
                distance += 1
            }
            taken[slot] = true
            placed.append(slot)
            limit = max(limit, distance)
        }
        return (placed, limit)
    }

    /// How many slots past its own a name may sit (0: every name is in its own slot).
    var probeLimit: Int { probe.limit }

    /// The value for `name`, or `nil`.
    @inline(__always)
    func value(for name: UnsafeBufferPointer<UInt8>) -> Value? {
        probe.value(for: name)
    }

    /// True when `name` is in the table.
    @inline(__always)
    func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool { probe.value(for: name) != nil }

    /// The entry of `name` (in the order first given), or `nil`.
    func index(for name: [UInt8]) -> Int? { names.firstIndex(of: name) }

    /// The names and values, in the order first given.
    var entries: [(name: [UInt8], value: Value)] { Array(zip(names, values)) }

    /// The one name and its value, when the table holds exactly one.
    var onlyEntry: (name: [UInt8], value: Value)? { names.count == 1 ? (names[0], values[0]) : nil }
}

/// The words a `NameTable` lookup reads, copied out of the table so a loop can keep them in registers.
/// Valid while its table lives.
struct NameProbe<Value>: @unchecked Sendable {
    let slots: UnsafeMutablePointer<NameSlot<Value>>
    let mask: Int
    let seed: UInt64
    let shift: UInt64
    /// How many slots past its own a name may sit (0: every name is in its own slot).
    let limit: Int

    /// The value for `name`, or `nil`.
    @inline(__always)
    func value(for name: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let slot = slot(for: name, key: NameKey(name)) else { return nil }
        return slot.pointee.value
    }

    /// The slot of `name`, whose key is `key`, or `nil` when the table does not hold it.
    @inline(__always)
    func slot(for name: UnsafeBufferPointer<UInt8>, key: NameKey) -> UnsafeMutablePointer<NameSlot<Value>>? {
        var slot = key.slot(seed: seed, shift: shift)
        var remaining = limit
        while true {
            let candidate = slots + slot
            if candidate.pointee.key == key, key.count <= NameKey.exactLength || candidate.pointee.holds(name) {
                return candidate
            }
            guard remaining > 0 else { return nil }
            remaining -= 1
            slot = (slot + 1) & mask
        }
    }
}

/// One slot of a `NameTable`: a name's key and value, or `NameKey.empty` and `nil`.
struct NameSlot<Value> {
    let key: NameKey
    /// The bytes of a name longer than `NameKey.exactLength` (its key alone does not decide).
    let long: UnsafePointer<UInt8>?
    let value: Value?

    /// True when the long name here is `name` (whose key equals this slot's).
    func holds(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let long, let bytes = name.baseAddress else { return false }
        return memcmp(long, bytes, name.count) == 0
    }
}

/// The slots of one `NameTable` and the bytes of its long names, allocated once and freed with the table.
final class SlotStorage<Value>: @unchecked Sendable {
    let slots: UnsafeMutablePointer<NameSlot<Value>>
    private let count: Int
    private let longNames: [UnsafeMutablePointer<UInt8>?]

    init(count: Int, names: [[UInt8]]) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: NameSlot(key: .empty, long: nil, value: nil), count: count)
        longNames = names.map { name in
            guard name.count > NameKey.exactLength else { return nil }
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: name.count)
            bytes.initialize(from: name, count: name.count)
            return bytes
        }
    }

    /// The stored bytes of entry `entry`'s name when it is long, else `nil`.
    func longName(_ entry: Int) -> UnsafePointer<UInt8>? { longNames[entry].map { UnsafePointer($0) } }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
        for bytes in longNames { bytes?.deallocate() }
    }
}
