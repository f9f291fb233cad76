import Foundation
import XCTest

/// Every public declaration of the library targets carries a doc comment (the rule is in
/// docs/architecture.md, "Doc comments on the public API"). Reads the files under `Sources/`; links no module.
final class PublicDocCommentTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testEveryPublicDeclarationOfTheLibraryTargetsHasADocComment() throws {
        let checked = try Self.scan.get()
        XCTAssertGreaterThan(checked.map(\.filesRead).reduce(0, +), 50,
                             "the library targets' sources were not found under \(Self.packageRoot.path)")
        let undocumented = checked.flatMap(\.undocumented)
        XCTAssert(undocumented.isEmpty, """
            \(undocumented.count) public declarations without a doc comment (/// or /** */) directly above them:
            \(undocumented.map(\.description).joined(separator: "\n"))
            """)
    }

    func testThePackageManifestIsReadForEveryLibraryTarget() throws {
        let names = try Self.libraryTargets().map(\.name)
        for expected in ["JSONCore", "JSONSchema", "LanguageServer", "SeededRandom", "AssessVersion"] {
            XCTAssert(names.contains(expected), "\(expected) not among the targets read from Package.swift: \(names)")
        }
        XCTAssertFalse(names.contains("assess"), "an executable target was read as a library: \(names)")
        XCTAssertFalse(names.contains("SourceConventionsTests"), "a test target was read as a library: \(names)")
    }

    /// What one library target holds: how many Swift files, and which of their declarations lack a comment.
    private struct ModuleScan: Sendable {
        var target: PackageManifest.Target
        var filesRead: Int
        var undocumented: [UndocumentedDeclaration]
    }

    /// Every library target, read once for all the tests.
    private static let scan: Result<[ModuleScan], ScanError> = Result { () throws(ScanError) -> [ModuleScan] in
        do {
            return try libraryTargets().map { target in
                let files = try swiftFiles(of: target)
                return ModuleScan(target: target, filesRead: files.count, undocumented: try files.flatMap(undocumented(in:)))
            }
        } catch {
            throw ScanError(description: "\(error)")
        }
    }

    /// A file or the manifest could not be read.
    private struct ScanError: Error, CustomStringConvertible {
        var description: String
    }

    private static func libraryTargets() throws -> [PackageManifest.Target] {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        return PackageManifest.libraryTargets(in: manifest)
    }

    private static func swiftFiles(of target: PackageManifest.Target) throws -> [URL] {
        let directory = packageRoot.appendingPathComponent(target.path)
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    private static func undocumented(in file: URL) throws -> [UndocumentedDeclaration] {
        let relative = String(file.standardizedFileURL.path.dropFirst(packageRoot.standardizedFileURL.path.count + 1))
        return PublicDeclarationScanner.undocumented(in: try String(contentsOf: file, encoding: .utf8), file: relative)
    }
}
