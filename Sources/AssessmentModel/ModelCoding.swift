import Foundation
import JSONCore

// Every part of the model is `Codable` through keyed containers, one set of coding keys per kind.
// Decoding is lenient, as the engines' loaders and lint need it: a member of the wrong JSON type
// is reported through `Decoder.report(_:)` (collected by `JSONValueDecoder`'s
// `decode(_:from:at:collecting:)`, dropped by other decoders) and kept in the part's `extra`, so
// the part still decodes and writes back every member it was given. Only a part that is not a JSON
// object throws. With `JSONValueDecoder`/`JSONValueEncoder` numbers keep their lexemes, members their
// order and every part its pointer in the document; with Foundation's coders pointers come from the
// coding path and unread members are kept in key order.

/// A part of a survey the model could not read as the format describes (wrong JSON type, etc.).
public struct ModelIssue: Sendable, Hashable {
    /// Where the value is.
    public let pointer: JSONPointer
    /// What is wrong with it.
    public let message: String

    /// The issue for a problem the model's decoding reported.
    init(_ problem: JSONDecodingError) {
        pointer = problem.pointer
        let key = problem.pointer.lastToken ?? ""
        switch problem.kind {
        case .typeMismatch(_, let found) where JSONPointer.arrayIndex(key) != nil:
            // Only arrays of parts report their elements (see `LenientMembers.parts`).
            message = "\"\(problem.pointer.parent?.lastToken ?? "")\" items must be objects, found \(found.withArticle)"
        case .typeMismatch(let expected, let found):
            message = "\"\(key)\" must be \(expected), found \(found.withArticle)"
        case .missingKey(let member):
            message = "the node has no \"\(member)\""
        default:
            message = problem.message
        }
    }
}

/// Any member name: the key for members a part does not type (`extra`, `actions`).
struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Reads one JSON object's members through `Key`, tolerating members of the wrong type: each is
/// reported at its pointer and remembered in ``rejected``, so ``extra(of:known:rejected:)`` keeps it.
struct LenientMembers<Key: CodingKey> {
    let keyed: KeyedDecodingContainer<Key>
    let decoder: any Decoder
    /// Typed members whose value had another JSON type.
    private(set) var rejected: [String] = []

    /// The members of the object `decoder` holds; when it holds no object, throws a type mismatch
    /// naming the `part` expected ("a node").
    init(_ decoder: any Decoder, _ keys: Key.Type, part: String) throws {
        do {
            keyed = try decoder.container(keyedBy: Key.self)
        } catch {
            let found = (decoder.jsonValue ?? (try? JSONValue(from: decoder)))?.primitiveType ?? .null
            throw JSONDecodingError(.typeMismatch(expected: "an object (\(part))", found: found), at: decoder.jsonPointer)
        }
        self.decoder = decoder
    }

    /// The members of the object of the same decoder as `other`, through other keys.
    init<Other>(_ keys: Key.Type, of other: LenientMembers<Other>) throws {
        keyed = try other.decoder.container(keyedBy: Key.self)
        decoder = other.decoder
    }

    /// Records `key` as rejected and reports it (naming the JSON type found).
    mutating func reject(_ key: Key, expected: String) {
        rejected.append(key.stringValue)
        guard decoder.collectsProblems else { return }
        let found = (try? keyed.decode(JSONValue.self, forKey: key))?.primitiveType ?? .null
        decoder.report(JSONDecodingError(.typeMismatch(expected: expected, found: found),
                                         at: decoder.jsonPointer.appending(key.stringValue)))
    }

    /// The member as `T`; `nil` when absent or of another type (then reported as not being `expected`).
    mutating func decode<T: Decodable>(_ type: T.Type, _ key: Key, expected: JSONPrimitiveType) -> T? {
        guard keyed.contains(key) else { return nil }
        do {
            return try keyed.decode(T.self, forKey: key)
        } catch {
            reject(key, expected: expected.withArticle)
            return nil
        }
    }

    /// Any value (`null` included), as written: one look-up with `JSONValueDecoder`, whose containers hand
    /// a `JSONValue` over as parsed; `contains` then `decode` with others (their `decodeIfPresent` reads `null` as absent).
    func value(_ key: Key) -> JSONValue? {
        if decoder.jsonValue != nil { return try? keyed.decodeIfPresent(JSONValue.self, forKey: key) }
        guard keyed.contains(key) else { return nil }
        return try? keyed.decode(JSONValue.self, forKey: key)
    }

    /// The member's payload of one JSON type; `nil` when absent or of another type (then reported).
    private mutating func payload<P>(_ key: Key, _ type: JSONPrimitiveType, _ extract: (JSONValue) -> P?) -> P? {
        guard let value = value(key) else { return nil }
        guard let payload = extract(value) else {
            reject(key, expected: type.withArticle)
            return nil
        }
        return payload
    }

    /// A string member.
    mutating func string(_ key: Key) -> String? { payload(key, .string, \.stringValue) }
    /// A boolean member.
    mutating func bool(_ key: Key) -> Bool? { payload(key, .boolean, \.boolValue) }
    /// A number member, exact.
    mutating func number(_ key: Key) -> JSONNumber? { payload(key, .number, \.numberValue) }
    /// An object member, as written.
    mutating func object(_ key: Key) -> JSONObject? { payload(key, .object, \.objectValue) }

    /// An array of parts: elements that are not objects are reported and skipped.
    mutating func parts<T: Decodable>(_ type: T.Type, _ key: Key) -> [T]? {
        guard keyed.contains(key) else { return nil }
        guard var elements = try? keyed.nestedUnkeyedContainer(forKey: key) else {
            reject(key, expected: JSONPrimitiveType.array.withArticle)
            return nil
        }
        var parts: [T] = []
        parts.reserveCapacity(elements.count ?? 0)
        while !elements.isAtEnd {
            let index = elements.currentIndex
            do {
                parts.append(try elements.decode(T.self))
            } catch {
                // A failed read does not advance: read the element as a value to report it and move on.
                guard let skipped = try? elements.decode(JSONValue.self) else { break }
                decoder.report(JSONDecodingError(.typeMismatch(expected: "an object", found: skipped.primitiveType),
                                                 at: decoder.jsonPointer.appending(key.stringValue).appending(index: index)))
            }
        }
        return parts
    }

    /// The object's members that are not `known` typed ones, or were ``rejected``: in document order with
    /// `JSONValueDecoder`, by name with other decoders (whose key order is unspecified).
    func extra(known: Set<String>) -> JSONObject {
        LenientMembers.extra(of: decoder, known: known, rejected: rejected)
    }

    /// See ``extra(known:)``.
    static func extra(of decoder: any Decoder, known: Set<String>, rejected: [String]) -> JSONObject {
        if let object = decoder.jsonValue?.objectValue {
            var members = object.members
            members.removeAll { known.contains($0.key) && !rejected.contains($0.key) }
            return members.count == object.count ? object : JSONObject(members)
        }
        guard let all = try? decoder.container(keyedBy: MemberKey.self) else { return JSONObject() }
        let keys = all.allKeys.filter { !known.contains($0.stringValue) || rejected.contains($0.stringValue) }
        return JSONObject(keys.sorted { $0.stringValue < $1.stringValue }.compactMap { key in
            (try? all.decode(JSONValue.self, forKey: key)).map { JSONObject.Member(key: key.stringValue, value: $0) }
        })
    }
}

extension Encoder {
    /// Writes a part's unread members after its typed ones.
    func encode(extra: JSONObject) throws {
        guard !extra.isEmpty else { return }
        var container = container(keyedBy: MemberKey.self)
        for member in extra { try container.encode(member.value, forKey: MemberKey(member.key)) }
    }
}

/// Runs decoding that recurses with a survey's nesting on a thread with room for it: sections nest
/// as deep as the file does (``SurveyDocument/maxDepth``), and an ordinary thread's 8 MB stack does not
/// hold 10,000 levels of `init(from:)`.
enum DeepDecoding {
    /// The pointer length at which decoding moves to a large stack (once: every deeper level stays there).
    static let hopDepth = 128

    /// `body`'s result, computed on a large-stack thread when `pointer` is `hopDepth` tokens deep (or one
    /// more), else here.
    static func run<Value>(at pointer: JSONPointer, _ body: () -> Value) -> Value {
        guard (hopDepth...hopDepth + 1).contains(pointer.tokenCount) else { return body() }
        return LargeStackThread.run(body)
    }
}

/// A thread with a 512 MB stack (the `assess` binary's own) for work that recurses with a document's
/// nesting, so a library caller on an ordinary 8 MB thread does not overflow.
package enum LargeStackThread {
    /// `body`'s result, computed on a new large-stack thread while the caller waits.
    package static func run<Value>(_ body: () -> Value) -> Value {
        withoutActuallyEscaping(body) { body in
            let box = Box(body)
            let done = DispatchSemaphore(value: 0)
            let worker = Thread {
                box.result = box.body?()
                box.body = nil  // the work must not outlive the call (the thread may still hold the box)
                done.signal()
            }
            worker.stackSize = 1 << 29
            worker.start()
            done.wait()
            // The worker always stores a result before signalling.
            return box.result ?? body()
        }
    }

    /// The work and its result, handed to the worker while the caller waits (never used by both at once).
    private final class Box<Value>: @unchecked Sendable {
        var body: (() -> Value)?
        var result: Value?
        init(_ body: @escaping () -> Value) { self.body = body }
    }
}
