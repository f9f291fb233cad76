import Foundation

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
        } else {
            head = UInt64(base[0]) | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1]) << 16
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
        Int(truncatingIfNeeded: ((head &+ tail &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(bitPattern: Int64(count))) &* seed) >> shift)
    }
}

/// Schema values looked up by an instance member's UTF-8 name, without building strings: an
/// open-addressing hash table of name keys (`NameKey`). Building it tries a few hash seeds and keeps
/// the one that displaces names least, so most tables find or miss a name with one comparison; the
/// slots live in memory the table owns, read with no bounds check or reference counting.
struct NameTable<Value: Sendable>: Sendable {
    private let names: [[UInt8]]
    private let values: [Value]
    private let slots: SlotStorage
    private let seed: UInt64
    private let shift: UInt64
    /// How many slots past its own a name may sit (0: every name is in its own slot).
    let probeLimit: Int

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
        var bits: UInt64 = 2
        while 1 << bits < keys.count * 4 { bits += 1 }
        var chosen = (seed: Self.seeds[0], placed: [Int](), probeLimit: Int.max)
        for seed in Self.seeds where chosen.probeLimit > 0 {
            let (placed, probeLimit) = Self.place(keys, seed: seed, shift: 64 - bits)
            if probeLimit < chosen.probeLimit { chosen = (seed, placed, probeLimit) }
        }
        seed = chosen.seed
        shift = 64 - bits
        probeLimit = chosen.probeLimit
        slots = SlotStorage(count: 1 << bits)
        for (entry, slot) in chosen.placed.enumerated() { slots.base[slot] = Slot(key: keys[entry], entry: entry) }
    }

    /// Each key's slot under linear probing with `seed`, and the longest displacement.
    private static func place(_ keys: [NameKey], seed: UInt64, shift: UInt64) -> (slots: [Int], probeLimit: Int) {
        let mask = (1 << (64 - Int(shift))) - 1
        var taken = [Bool](repeating: false, count: mask + 1)
        var placed: [Int] = []
        var probeLimit = 0
        for key in keys {
            var slot = key.slot(seed: seed, shift: shift)
            var distance = 0
            while taken[slot] {
                slot = (slot + 1) & mask
                distance += 1
            }
            taken[slot] = true
            placed.append(slot)
            probeLimit = max(probeLimit, distance)
        }
        return (placed, probeLimit)
    }

    /// The value for `name`, or `nil`.
    @inline(__always)
    func value(for name: UnsafeBufferPointer<UInt8>) -> Value? {
        index(for: name).map { values[$0] }
    }

    /// The value of entry `index` (`0..<count`).
    subscript(index: Int) -> Value { values[index] }

    /// The entry of `name`, or `nil`.
    @inline(__always)
    func index(for name: UnsafeBufferPointer<UInt8>) -> Int? {
        index(for: NameKey(name), name)
    }

    /// The entry of `name`, whose key is `key`, or `nil`.
    @inline(__always)
    func index(for key: NameKey, _ name: UnsafeBufferPointer<UInt8>) -> Int? {
        let base = slots.base
        let mask = slots.mask
        var slot = key.slot(seed: seed, shift: shift)
        var remaining = probeLimit
        while true {
            let candidate = base[slot]
            if candidate.key == key, key.count <= NameKey.exactLength || Self.equalBytes(names[candidate.entry], name) {
                return candidate.entry
            }
            guard remaining > 0 else { return nil }
            remaining -= 1
            slot = (slot + 1) & mask
        }
    }

    /// The one name and its value, when the table holds exactly one.
    var onlyEntry: (name: [UInt8], value: Value)? { names.count == 1 ? (names[0], values[0]) : nil }

    /// True when `name` is in the table.
    @inline(__always)
    func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool { index(for: name) != nil }

    private static func equalBytes(_ stored: [UInt8], _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        stored.withUnsafeBufferPointer { stored in
            guard stored.count == name.count, let left = stored.baseAddress, let right = name.baseAddress else { return stored.count == name.count }
            return memcmp(left, right, name.count) == 0
        }
    }
}

/// One slot of a `NameTable`: a name's key and its entry, or `NameKey.empty`.
struct Slot {
    let key: NameKey
    let entry: Int
}

/// The slots of one `NameTable`, allocated once and freed with the table.
final class SlotStorage: @unchecked Sendable {
    let base: UnsafeMutablePointer<Slot>
    let mask: Int

    init(count: Int) {
        base = .allocate(capacity: count)
        base.initialize(repeating: Slot(key: .empty, entry: -1), count: count)
        mask = count - 1
    }

    deinit {
        base.deallocate()
    }
}
