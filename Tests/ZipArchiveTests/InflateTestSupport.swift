import SeededRandom
import XCTest
@testable import ZipArchive

/// Bits written least significant first, as DEFLATE packs them; Huffman codes are written first bit first.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 0

    /// Appends the low `count` bits of `value`, lowest first (header fields, extra bits).
    mutating func bits(_ value: Int, _ count: Int) {
        for bit in 0..<count { append((value >> bit) & 1) }
    }

    /// Appends a Huffman code of `length` bits, its most significant bit first.
    mutating func code(_ value: Int, _ length: Int) {
        for bit in stride(from: length - 1, through: 0, by: -1) { append((value >> bit) & 1) }
    }

    private mutating func append(_ bit: Int) {
        if used % 8 == 0 { bytes.append(0) }
        bytes[bytes.count - 1] |= UInt8(bit) << (used % 8)
        used += 1
    }
}

/// The canonical Huffman codes of RFC 1951 3.2.2 for `lengths` (symbol → code length; 0: no code).
func canonicalCodes(_ lengths: [Int]) -> [Int] {
    var counts = [Int](repeating: 0, count: 16)
    for length in lengths where length > 0 { counts[length] += 1 }  // counts[0] stays 0
    var next = [Int](repeating: 0, count: 16)
    var code = 0
    for length in 1..<16 {
        code = (code + counts[length - 1]) << 1
        next[length] = code
    }
    return lengths.map { length in
        guard length > 0 else { return 0 }
        defer { next[length] += 1 }
        return next[length]
    }
}

/// One item of a dynamic header's code lengths: a length, or repeat code 16, 17 or 18 with its extra bits' value.
enum CodeLengthItem {
    case length(Int)
    case repeatPrevious(extra: Int)
    case zeros(extra: Int)
    case manyZeros(extra: Int)
}

/// A dynamic block header (RFC 1951 3.2.7): the counts, the code-length code and the items, through `writer`.
/// The code-length code gives every symbol 0-18 a code of `codeLengthCodeLengths[symbol]` bits.
func writeDynamicHeader(_ writer: inout BitWriter, final: Bool, literals: Int, distances: Int,
                        codeLengthCodeLengths: [Int], items: [CodeLengthItem]) {
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    let codes = canonicalCodes(codeLengthCodeLengths)
    writer.bits(final ? 1 : 0, 1)
    writer.bits(2, 2)
    writer.bits(literals - 257, 5)
    writer.bits(distances - 1, 5)
    writer.bits(19 - 4, 4)
    for symbol in order { writer.bits(codeLengthCodeLengths[symbol], 3) }
    for item in items {
        switch item {
        case .length(let length): writer.code(codes[length], codeLengthCodeLengths[length])
        case .repeatPrevious(let extra): writer.code(codes[16], codeLengthCodeLengths[16]); writer.bits(extra, 2)
        case .zeros(let extra): writer.code(codes[17], codeLengthCodeLengths[17]); writer.bits(extra, 3)
        case .manyZeros(let extra): writer.code(codes[18], codeLengthCodeLengths[18]); writer.bits(extra, 7)
        }
    }
}

/// A fixed-code block (RFC 1951 3.2.6) with `body` written into it after its 3 header bits.
func fixedBlock(final: Bool = true, _ body: (inout BitWriter) -> Void) -> [UInt8] {
    var writer = BitWriter()
    writer.bits(final ? 1 : 0, 1)
    writer.bits(1, 2)
    body(&writer)
    return writer.bytes
}

/// The fixed code of a literal/length symbol.
func fixedSymbol(_ writer: inout BitWriter, _ symbol: Int) {
    switch symbol {
    case 0..<144: writer.code(0x30 + symbol, 8)
    case 144..<256: writer.code(0x190 + symbol - 144, 9)
    case 256..<280: writer.code(symbol - 256, 7)
    default: writer.code(0xC0 + symbol - 280, 8)
    }
}

/// A match of `length` (3-258) bytes from `distance` (1-32,768) back in fixed codes: the length's symbol and
/// extra bits, the distance's 5-bit code and extra bits (RFC 1951 3.2.5).
func fixedMatch(_ writer: inout BitWriter, length: Int, distance: Int) {
    let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    let distanceBases = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                         4097, 6145, 8193, 12289, 16385, 24577]
    let lengthCode = lengthBases.lastIndex { $0 <= length } ?? 0
    fixedSymbol(&writer, 257 + lengthCode)
    writer.bits(length - lengthBases[lengthCode], lengthExtra[lengthCode])
    let distanceCode = distanceBases.lastIndex { $0 <= distance } ?? 0
    writer.code(distanceCode, 5)
    writer.bits(distance - distanceBases[distanceCode], max(0, distanceCode / 2 - 1))
}

/// Every symbol of the code-length alphabet with a code: 0-12 of 4 bits, 13-18 of 5 (a complete code).
let everyCodeLength = (0..<19).map { $0 < 13 ? 4 : 5 }

/// The code-length items that give the symbols `lengths` (0: no code): runs of zeros as repeat codes 18 (11-138)
/// and 17 (3-10), every other length as itself.
func codeLengthItems(_ lengths: [Int]) -> [CodeLengthItem] {
    var items: [CodeLengthItem] = [], index = 0
    while index < lengths.count {
        var zeros = 0
        while index + zeros < lengths.count, lengths[index + zeros] == 0, zeros < 138 { zeros += 1 }
        if zeros >= 11 {
            items.append(.manyZeros(extra: zeros - 11))
        } else if zeros >= 3 {
            items.append(.zeros(extra: zeros - 3))
        } else {
            zeros = 1
            items.append(.length(lengths[index]))
        }
        index += zeros
    }
    return items
}

/// A final dynamic block: its header with every code-length symbol coded, then `body`, then 16 zero bits.
func dynamicBlock(literals: Int = 257, distances: Int = 1, _ items: [CodeLengthItem],
                  body: (inout BitWriter) -> Void = { _ in }) -> [UInt8] {
    var writer = BitWriter()
    writeDynamicHeader(&writer, final: true, literals: literals, distances: distances,
                       codeLengthCodeLengths: everyCodeLength, items: items)
    body(&writer)
    writer.bits(0, 16)
    return writer.bytes
}

extension XCTestCase {
    /// Our inflate (both decoders) and zlib's agree on `compressed` read as `declared` bytes: the same bytes, or
    /// the same size error, or both a corrupt stream. Returns our result.
    @discardableResult
    func assertInflatesAsZlib(_ compressed: [UInt8], declared: Int, _ context: @autoclosure () -> String = "",
                              file: StaticString = #filePath, line: UInt = #line) -> Result<[UInt8], ZipError> {
        let ours = Result(catching: { () throws(ZipError) -> [UInt8] in try Deflate.decompress(compressed[...], expectedSize: declared, name: "e") })
        let portable = Result(catching: { () throws(ZipError) -> [UInt8] in
            try Deflate.decompress(compressed[...], expectedSize: declared, name: "e", portable: true)
        })
        XCTAssert(ours == portable, "the portable decoder differs: \(portable) \(context())", file: file, line: line)
        let zlib = Result(catching: { () throws(ZipError) -> [UInt8] in
            try Deflate.decompressWithZlib(compressed[...], expectedSize: declared, name: "e")
        })
        switch (ours, zlib) {
        case (.success(let a), .success(let b)):
            XCTAssert(a == b, "different bytes \(context())", file: file, line: line)
        case (.failure(.corruptData), .failure(.corruptData)):
            break
        case (.failure(let a), .failure(let b)):
            XCTAssertEqual(a, b, context(), file: file, line: line)
        default:
            XCTFail("ours \(ours), zlib \(zlib) \(context())", file: file, line: line)
        }
        return ours
    }
}
