import Foundation
import XCTest
@testable import ZipArchive
import SeededRandom

/// Damaged and hostile archives must end in a `ZipError` or read correctly; a trap fails the whole run.
final class ZipHardeningTests: XCTestCase {
    private let date = Date(timeIntervalSince1970: 1_767_323_045)
    private let contents: [(String, [UInt8])] = [
        ("metadata.json", Array(#"{"files":[{"filename":"a.json"}]}"#.utf8)),
        ("a.json", Array(String(repeating: #"{"answer":42}"#, count: 20).utf8)),
    ]

    private func archive(forceZip64: Bool) throws -> [UInt8] {
        var writer = ZipWriter(forceZip64: forceZip64)
        for (name, bytes) in contents { try writer.add(name: name, bytes: bytes, modified: date) }
        return writer.finish()
    }

    /// Reads every entry, or returns the error.
    private func read(_ bytes: [UInt8]) -> Result<[(name: String, bytes: [UInt8])], ZipError> {
        Result { () throws(ZipError) in try ZipReader(bytes: bytes).extractAll() }
    }

    /// A ZIP64 locator pointing at `recordOffset` followed by an end record, after `padding` zero bytes.
    private func locatorAndEnd(padding: Int, recordOffset: UInt64) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: padding)
        bytes.appendLE(ZipSignature.zip64EndOfCentralDirectoryLocator.rawValue)
        bytes.appendLE(UInt32(0))
        bytes.appendLE(recordOffset)
        bytes.appendLE(UInt32(1))
        bytes.appendLE(ZipSignature.endOfCentralDirectory.rawValue)
        for _ in 0..<4 { bytes.appendLE(UInt16.max) }
        bytes.appendLE(UInt32.max)
        bytes.appendLE(UInt32.max)
        bytes.appendLE(UInt16(0))
        return bytes
    }

    func testTinyFilesEndingInAZip64LocatorAreRefused() {
        for length in 42...55 {
            for recordOffset: UInt64 in [0, 1, UInt64(length), 0xFFFF_FFFF, UInt64.max, UInt64.max - 55, UInt64(bitPattern: Int64(length - 56))] {
                let bytes = locatorAndEnd(padding: length - 42, recordOffset: recordOffset)
                XCTAssertEqual(bytes.count, length)
                guard case .failure(let error) = read(bytes) else {
                    XCTFail("\(length)-byte file with locator offset \(recordOffset) was accepted")
                    continue
                }
                switch error {
                case .truncated(let what, _), .corrupt(let what, _): XCTAssertEqual(what, "ZIP64 end of central directory record")
                default: XCTFail("unexpected error \(error) for \(length) bytes, offset \(recordOffset)")
                }
            }
        }
    }

    func testAZip64RecordThatPointsPastTheFileNamesWhereItIs() throws {
        let bytes = locatorAndEnd(padding: 60, recordOffset: 1_000)
        guard case .failure(let error) = read(bytes) else { return XCTFail("accepted") }
        XCTAssertEqual(error, .truncated("ZIP64 end of central directory record", at: 1_000))
        XCTAssertEqual(error.description,
                       "truncated archive: ZIP64 end of central directory record at byte 1000 runs past the end of its enclosing data")
    }

    func testAWrongZip64SignatureIsCorrupt() throws {
        var bytes = try archive(forceZip64: true)
        guard let record = bytes.indices.dropLast(4).last(where: { bytes.le32($0) == ZipSignature.zip64EndOfCentralDirectory.rawValue }) else { return XCTFail("no ZIP64 record") }
        bytes[record] = 0
        XCTAssertEqual(read(bytes).error, .corrupt("ZIP64 end of central directory record", at: UInt64(record)))
    }

    func testEveryTruncationIsAnError() throws {
        for zip64 in [false, true] {
            let bytes = try archive(forceZip64: zip64)
            XCTAssertEqual(try read(bytes).get().map(\.bytes), contents.map(\.1), "the untouched archive reads back")
            for length in 0..<bytes.count {
                XCTAssertNotNil(read(Array(bytes.prefix(length))).error, "prefix of \(length) bytes was accepted")
                _ = read(Array(bytes.suffix(length)))
            }
        }
    }

    func testSingleByteCorruptionsReadBackTheSameDataOrFail() throws {
        for zip64 in [false, true] {
            let original = try archive(forceZip64: zip64)
            var failures = 0
            for index in original.indices {
                for value: UInt8 in [0x00, 0xFF, original[index] ^ 0x80, original[index] &+ 1] where value != original[index] {
                    var bytes = original
                    bytes[index] = value
                    switch read(bytes) {
                    case .success(let entries):
                        XCTAssertEqual(entries.map(\.bytes), contents.map(\.1), "byte \(index) set to \(value) changed the data silently")
                    case .failure:
                        failures += 1
                    }
                }
            }
            XCTAssertGreaterThan(failures, original.count, "most corruptions of the structure are refused")
        }
    }

    func testRandomMutationsNeverTrap() throws {
        var random = SplitMix64(seed: 0x5EED)
        let seeds = [try archive(forceZip64: false), try archive(forceZip64: true)]
        let interesting: [UInt64] = [0, 1, 0x7F, 0xFFFF, 0xFFFF_FFFF, 0x7FFF_FFFF_FFFF_FFFF, UInt64.max, 22, 46, 56]
        var outcomes = (read: 0, refused: 0)
        for _ in 0..<3_000 {
            var bytes = seeds[Int(random.next() % 2)]
            for _ in 0...(random.next() % 4) where !bytes.isEmpty {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 5 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1:
                    // A plausible field value (length, offset, marker) written over 2, 4 or 8 bytes.
                    let value = interesting[Int(random.next() % UInt64(interesting.count))]
                    let width = [2, 4, 8][Int(random.next() % 3)]
                    for byte in 0..<width where at + byte < bytes.count { bytes[at + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(byte))) }
                case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int(random.next() % 8) + 1))
                case 3: bytes.insert(contentsOf: (0..<Int(random.next() % 8) + 1).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
                default: bytes.removeSubrange(at...)
                }
            }
            switch read(bytes) {
            case .success: outcomes.read += 1
            case .failure(let error): XCTAssertFalse(error.description.isEmpty); outcomes.refused += 1
            }
        }
        XCTAssertEqual(outcomes.read + outcomes.refused, 3_000)
        XCTAssertGreaterThan(outcomes.refused, 1_000)
    }
}

extension Result {
    /// The failure, if any.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// The byte-by-byte check of printable ASCII names gives what the check on characters gives.
final class UnsafeNameTests: XCTestCase {
    func testEveryShortNameOfTheTrickyCharactersGetsTheSameReason() {
        let pieces = ["a", "/", "\\", ":", ".", "..", "b.json", " ", "~"]
        var names = [""] + pieces
        for first in pieces { for second in pieces { names.append(first + second) } }
        for first in pieces { for second in pieces { for third in pieces { names.append(first + second + third) } } }
        names += ["x/../y", "x/..", "../x", "x/.../y", "C:/x", "a/b:c", "dir/./f", "x\\y/../z", "/..", "\\..\\x"]
        for name in names {
            XCTAssertEqual(ZipReader.unsafeReason(name), ZipReader.unsafeReason(characters: name), name.debugDescription)
        }
        // Others go by characters: a combining mark makes "/" and ":" part of another character.
        XCTAssertEqual(ZipReader.unsafeReason("a\u{0}b"), "NUL in name")
        XCTAssertEqual(ZipReader.unsafeReason("é/../x"), "'..' path component")
        XCTAssertEqual(ZipReader.unsafeReason("/\u{301}x"), ZipReader.unsafeReason(characters: "/\u{301}x"))
    }
}
