import Foundation
import XCTest

/// The sources import FoundationEssentials, never Foundation: the `assess` executable links the Swift runtime
/// and FoundationEssentials statically, and one `import Foundation` would bring Foundation, CoreFoundation and
/// ICU back into it (twice the relocations the loader applies at every start).
final class FoundationImportTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let heavyModules: Set<String> = ["Foundation", "CoreFoundation", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"]

    func testNoSourceImportsFoundation() throws {
        let sources = Self.packageRoot.appendingPathComponent("Sources")
        var offending: [String] = []
        for subpath in try FileManager.default.subpathsOfDirectory(atPath: sources.path).sorted() where subpath.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(subpath), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                if words.count >= 2, words[0] == "import", Self.heavyModules.contains(String(words[1])) {
                    offending.append("Sources/\(subpath):\(number + 1): \(line)")
                }
            }
        }
        XCTAssertEqual(offending, [], "import FoundationEssentials (and Glibc, Dispatch, Platform) instead")
    }
}
