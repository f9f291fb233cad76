import JSONCore

/// `ValueLocator` (`text NUL pointers`, one JSON Pointer a line): on a text that parses, the position of
/// every value of the text, of a token past each, and of the pointers given, is what the text's source map
/// says; on any other text, each position is within the text.
enum LocatorTarget {
    /// Tokens added past each value: names that are there under another spelling or not at all, indices.
    private static let extraTokens = ["0", "1", "x", "é", "e\u{301}", "\u{212A}", "K", "~", "/"]
    /// The most pointers of the text's values checked.
    private static let valueLimit = 4_000

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let (text, list) = FuzzInput.split(bytes)
        var pointers = String(decoding: list, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .compactMap { try? JSONPointer(parsing: String($0)) }
        guard let document = try? JSONDocument(bytes: text, options: .init(recordPositions: true)), let sourceMap = document.sourceMap else {
            pointers.append(.root)
            for position in ValueLocator.positions(of: pointers, in: text) {
                try FuzzFailure.check(position.offset >= 0 && position.offset <= text.count, "a position outside the text: \(position.offset)")
            }
            return
        }
        var pending: [(JSONPointer, JSONValue)] = [(.root, document.value)]
        var values: [JSONPointer] = []
        while let (pointer, value) = pending.popLast(), values.count < valueLimit {
            values.append(pointer)
            switch value {
            case .object(let object): pending += object.members.map { (pointer.appending($0.key), $0.value) }
            case .array(let elements): pending += elements.indices.map { (pointer.appending(index: $0), elements[$0]) }
            default: break
            }
        }
        pointers += values + values.indices.map { values[$0].appending(extraTokens[$0 % extraTokens.count]) }
        let found = ValueLocator.positions(of: pointers, in: text)
        for (pointer, position) in zip(pointers, found) {
            let expected = sourceMap.position(of: pointer)
            try FuzzFailure.check(position == expected, "\(pointer): the locator says \(position) (offset \(position.offset)), the source map \(expected) (offset \(expected.offset))")
        }
    }
}
