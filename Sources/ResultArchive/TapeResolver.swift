import JSONCore

/// Finds the values of JSON Pointers on a tape as `JSONPointer.resolve(in:)` finds them in the tree the
/// tape's document parses to, for many pointers into one document (a validation's errors): each array's
/// elements are indexed the first time a pointer goes through it.
struct TapeResolver {
    let view: JSONTapeView
    /// The tape index of each element of the arrays indexed so far, by the array's tape index.
    private var elements: [Int: [Int]] = [:]

    init(view: JSONTapeView) {
        self.view = view
    }

    /// The tape index of the value `pointer` designates, or `nil` when the document has none.
    mutating func index(of pointer: JSONPointer) -> Int? {
        var current = 0
        for token in pointer.tokens {
            switch view.kind(current) {
            case .object:
                guard let value = member(token, of: current) else { return nil }
                current = value
            case .array:
                guard let index = JSONPointer.arrayIndex(token), index < view.count(current) else { return nil }
                current = element(index, of: current)
            default:
                return nil
            }
        }
        return current
    }

    /// The value of member `name` of the object at `object`, matched as `JSONObject` matches names (Swift
    /// string equality, under which canonically equivalent names are equal): the first match, or the last
    /// one in an object large enough to have a hash index.
    private func member(_ name: String, of object: Int) -> Int? {
        var name = name
        let isASCII = name.utf8.allSatisfy { $0 < 0x80 }
        let firstMatchWins = view.count(object) <= JSONObject.indexThreshold
        var found: Int?
        for key in view.keys(of: object) {
            // Two ASCII strings are equal exactly when their bytes are.
            let matches = isASCII && view.isASCII(key) ? name.withUTF8 { view.bytesEqual(key, $0) } : view.string(key) == name
            guard matches else { continue }
            found = key + 1
            if firstMatchWins { break }
        }
        return found
    }

    /// The tape index of element `index` (in range) of the array at `array`.
    private mutating func element(_ index: Int, of array: Int) -> Int {
        if let indexed = elements[array] { return indexed[index] }
        let indexed = Array(view.elements(of: array))
        elements[array] = indexed
        return indexed[index]
    }
}
