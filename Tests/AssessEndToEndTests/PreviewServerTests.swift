import CLITestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JSONCore
import XCTest

/// The built `assess preview` serves the page and its API until Ctrl-C.
final class PreviewServerTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }


    func testTheBinaryServesThePageAndTheAPIAndStopsOnCtrlC() throws {
        let process = try LiveProcess(["preview", path("examples/surveys/food-choices.json"), "--port", "0"])
        XCTAssertTrue(process.waitForError(containing: "Ctrl-C to stop"), process.stderr)
        let address = try XCTUnwrap(process.stdout.split(separator: "\n").first.map(String.init))
        XCTAssertTrue(address.hasPrefix("http://127.0.0.1:"), address)
        let page = try String(contentsOf: XCTUnwrap(URL(string: address)), encoding: .utf8)
        XCTAssertTrue(page.contains("<script src=\"/preview.js\" defer></script>"))
        let state = try JSONDocument(bytes: Array(Data(contentsOf: XCTUnwrap(URL(string: address + "api/state"))))).value
        XCTAssertEqual(state["step"]?["identifier"], "meals")
        process.interrupt()
        XCTAssertEqual(try process.finish(), 130)
        XCTAssertThrowsError(try Data(contentsOf: XCTUnwrap(URL(string: address + "api/state"))), "the server is gone")
    }
}
