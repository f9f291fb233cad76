import XCTest
import AssessmentModel
@testable import AssessmentLint
import AssessmentSchemas

/// A linter given a cache compiles the format's schema once and finds exactly what one without it finds.
final class CompiledSchemaCacheTests: XCTestCase {
    func testLintsWithACacheFindWhatLintsWithoutOneFindAndCompileOnce() throws {
        let registry = BundledSchemas.registry()
        let cache = CompiledSchemaCache()
        let cached = Linter(registry: registry, schemaCache: cache)
        let plain = Linter(registry: registry)
        for name in ["examples/surveys/example-survey.json", "examples/bad/missing-target.json", "examples/bad/malformed-choice.json"] {
            let bytes = try Repository.bytes(name)
            for _ in 0..<2 {
                XCTAssertEqual(cached.lint(bytes: bytes, file: name).findings, plain.lint(bytes: bytes, file: name).findings, name)
            }
        }
        XCTAssertEqual(cache.count, 1, "one schema at one depth limit: compiled once for six lints")
    }
}
