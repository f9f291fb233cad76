import AssessmentModel
import CLITestSupport
import Foundation
import XCTest
@testable import SurveyFlow

/// The SVG graph of a survey renders with rsvg-convert at the size it declares.
final class SVGRenderingTests: XCTestCase {
    private func attributes(_ name: String, in svg: String) -> [String] {
        svg.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    func testTheSVGRendersWithRsvg() throws {
        guard let rsvg = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert"]
            .first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("rsvg-convert is not installed (apt-get install librsvg2-bin); the SVG was not rendered")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("surveyflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let survey = try SurveyDocument(bytes: Array(Data(contentsOf: Paths.repository.appendingPathComponent("examples/surveys/example-survey.json"))))
        let graph = FlowGraph(survey: survey.assessment, now: Date(timeIntervalSince1970: 1_767_323_045))
        let svg = GraphWriter(graph: graph).svg
        let input = folder.appendingPathComponent("graph.svg"), output = folder.appendingPathComponent("graph.png")
        try Data(svg.utf8).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: rsvg)
        process.arguments = [input.path, "-o", output.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, message)
        let png = try Data(contentsOf: output)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // The PNG has the SVG's size (IHDR width and height, big-endian).
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual(Double(width), Double(attributes("width", in: svg)[0]) ?? 0, accuracy: 1)
        XCTAssertEqual(Double(height), Double(attributes("height", in: svg)[0]) ?? 0, accuracy: 1)
    }
}
