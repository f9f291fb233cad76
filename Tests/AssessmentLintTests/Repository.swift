import Foundation

/// Paths into the repository for tests.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func file(_ path: String) -> URL { root.appendingPathComponent(path) }

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: file(path))) }

    static func exampleSurveys() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: file("examples/surveys"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }
}
