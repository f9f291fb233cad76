import CLITestSupport
import Foundation
import XCTest
import ZipArchive

/// The archive `assess run --archive` writes verifies and opens with unzip and Python's zipfile.
final class RunArchiveInteropTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }
    private let now = ["--now", "2026-01-02T03:04:05.000+00:00", "--seed", "42"]

    func testArchiveFromARun() throws {
        let folder = try Paths.scratch(self)
        let archive = folder.appendingPathComponent("run.zip").path
        let run = CapturedRun(["run", path("examples/surveys/mood-loop.json"), "--answers", path("examples/scripts/mood-loop/low-then-fine.json"), "--archive", archive] + now)
        XCTAssertEqual(run.status, .ok, run.stderr)
        let reader = try ZipReader(bytes: Array(Data(contentsOf: URL(fileURLWithPath: archive))))
        XCTAssertEqual(reader.entries.map(\.name), ["assessmentResult.json", "metadata.json"])
        XCTAssertEqual(CapturedRun(["verify", "--survey", path("examples/surveys/mood-loop.json"), archive]).status, .ok)
        for (tool, arguments) in [("/usr/bin/unzip", ["-t", archive]),
                                  ("/usr/bin/python3", ["-c", "import sys, zipfile; assert zipfile.ZipFile(sys.argv[1]).testzip() is None", archive])]
        where FileManager.default.isExecutableFile(atPath: tool) {
            let check = try ProcessRun(URL(fileURLWithPath: tool), arguments)
            XCTAssertEqual(check.status, 0, "\(tool): \(check.stdout)\(check.stderr)")
        }
    }
}
