import CLITestSupport
import Foundation
import XCTest

/// The pages themselves: their examples write only into `$tmp` and can run again, and their links name files.
final class DocumentationPagesTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }

    func testReadmeExamplesWriteOnlyIntoTmpAndCanRunAgain() throws {
        for page in try DocumentationPages.all() {
            try checkExamplesWriteOnlyIntoTmp(page: page)
        }
    }

    /// Every relative link of the README and of `docs/` names a file of the repository.
    func testDocumentationLinksResolve() throws {
        let pages = try DocumentationPages.all()
        XCTAssertTrue(pages.contains("docs/navigation.md"), "the pages the code cites are there")
        for page in pages {
            let text = try String(contentsOfFile: path(page), encoding: .utf8)
            let folder = (page as NSString).deletingLastPathComponent
            for target in DocumentationPages.relativeLinks(in: text) {
                let file = String(target.prefix { $0 != "#" })
                guard !file.isEmpty else { continue }
                let resolved = folder.isEmpty ? file : folder + "/" + file
                XCTAssertTrue(FileManager.default.fileExists(atPath: path(resolved)), "\(page): link to \(target) names no file")
            }
        }
    }


    private func checkExamplesWriteOnlyIntoTmp(page: String) throws {
        let text = try String(contentsOfFile: path(page), encoding: .utf8)
        for command in DocumentationExample.all(in: text).map(\.command) where command.contains("assess ") {
            let words = command.split(separator: " ").map(String.init)
            for (index, word) in words.enumerated() where ["-o", "--output", "--result", "--archive", "--record", "--write-scripts"].contains(word) {
                guard index + 1 < words.count, !["text", "basic", "json"].contains(words[index + 1]) else { continue }
                XCTAssertTrue(words[index + 1].hasPrefix("$tmp"), "\(page): \(command): writes \(words[index + 1]) outside $tmp")
                // ingest's output is a dataset folder it re-runs over idempotently; every other output is replaced only with --force.
                XCTAssertTrue(words.contains("--force") || words.contains("ingest"), "\(command): a second run needs --force")
            }
        }
    }
}

/// The user documentation: the README and the pages of `docs/`.
enum DocumentationPages {
    /// Paths relative to the repository's root, the README first.
    static func all() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Paths.repository.appendingPathComponent("docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The targets of `[text](target)` links that are not URLs.
    static func relativeLinks(in text: String) -> [String] {
        var links: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let target = String(rest[..<close])
            if !target.contains("://"), !target.hasPrefix("mailto:"), !target.contains(" ") { links.append(target) }
            rest = rest[close...]
        }
        return links
    }
}
