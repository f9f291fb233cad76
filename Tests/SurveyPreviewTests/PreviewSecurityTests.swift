import AssessmentModel
import Foundation
import HTTPServer
import JSONCore
import XCTest
@testable import SurveyPreview

/// What a local server must refuse: other sites' pages reaching it (DNS rebinding, cross-origin
/// writes), paths outside its own files, and survey text taken as markup.
final class PreviewSecurityTests: XCTestCase {
    private func app(_ path: String = PreviewTest.example("food-choices.json")) -> PreviewApp {
        PreviewApp(settings: PreviewTest.settings(path), port: PreviewTest.port)
    }

    func testAWrongHostIsRefusedOnEveryPath() {
        let app = app()
        for host in ["evil.example", "evil.example:8765", "127.0.0.1.evil.example:8765", "localhost:8766", "127.0.0.2:8765", "[::1]:8765", ""] {
            for target in ["/", "/api/state", "/preview.js", "/survey.json"] {
                XCTAssertEqual(app.handle(PreviewTest.get(target, host: host)).status, 403, "\(host) \(target)")
            }
        }
        XCTAssertEqual(app.handle(HTTPRequest(method: "GET", target: "/api/state", minorVersion: 0, headers: [])).status, 403, "no Host at all")
        for host in ["127.0.0.1:8765", "localhost:8765", "LOCALHOST:8765", "127.0.0.1", "localhost"] {
            XCTAssertEqual(app.handle(PreviewTest.get("/api/state", host: host)).status, 200, host)
        }
    }

    func testCrossOriginWritesAreRefused() throws {
        let app = app()
        let body: JSONValue = ["button": "cancel"]
        XCTAssertEqual(app.handle(PreviewTest.post("/api/action", body, origin: "http://evil.example")).status, 403)
        XCTAssertEqual(app.handle(PreviewTest.post("/api/action", body, origin: "http://127.0.0.1:9999")).status, 403)
        XCTAssertEqual(app.handle(PreviewTest.post("/api/action", body, origin: "null")).status, 403)
        XCTAssertEqual(app.handle(PreviewTest.post("/api/action", body, type: "text/plain")).status, 415, "a form post from elsewhere needs no preflight")
        XCTAssertEqual(app.handle(PreviewTest.post("/api/action", body, type: "application/x-www-form-urlencoded")).status, 415)
        var crossSite = PreviewTest.post("/api/restart", [:])
        crossSite = HTTPRequest(method: "POST", target: "/api/restart", headers: crossSite.headers + [("Sec-Fetch-Site", "cross-site")])
        XCTAssertEqual(app.handle(crossSite).status, 403)
        XCTAssertEqual(try PreviewTest.json(app.handle(PreviewTest.get("/api/state")))["status"], "inProgress", "nothing refused was performed")
        XCTAssertEqual(app.handle(PreviewTest.post("/api/action", body)).status, 200)
        XCTAssertEqual(try PreviewTest.json(app.handle(PreviewTest.get("/api/state")))["status"], "cancelled")
        XCTAssertEqual(app.handle(HTTPRequest(method: "GET", target: "/api/action", headers: [("Host", "localhost")])).status, 405, "writes only by POST")
        XCTAssertEqual(app.handle(HTTPRequest(method: "PUT", target: "/api/state", headers: [("Host", "localhost")])).status, 405)
    }

    func testOnlyThePagesAssetsTheAPIAndPlainResourceFilesAreServed() throws {
        let folder = try PreviewTest.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let survey = folder.appendingPathComponent("survey.json")
        try FileManager.default.copyItem(atPath: PreviewTest.example("food-choices.json"), toPath: survey.path)
        try Data("secret".utf8).write(to: folder.appendingPathComponent(".hidden.json"))
        try Data("secret".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub.json"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: folder.appendingPathComponent("picture.png"))
        let app = app(survey.path)
        for target in ["/resources/../survey.json", "/resources/..%2Fsurvey.json", "/resources/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/../etc/passwd",
                       "/resources/", "/resources/.hidden.json", "/resources/notes.txt", "/resources/sub.json", "/resources/%2Fetc%2Fpasswd.json",
                       "/resources/a%00.json", "/api/", "/api/../survey.json", "/preview.js/../api", "/index.html/", "/etc/passwd", "/resources"] {
            let response = app.handle(PreviewTest.get(target))
            XCTAssertEqual(response.status, 404, target)
            XCTAssertFalse(String(decoding: response.body, as: UTF8.self).contains("secret"), target)
        }
        XCTAssertEqual(app.handle(PreviewTest.get("/resources/picture.png")).status, 200)
        XCTAssertEqual(app.handle(PreviewTest.get("/survey.json")).body, Array(try Data(contentsOf: survey)))
    }

    func testEveryResponseCarriesTheLockdownHeaders() {
        let app = app()
        for request in [PreviewTest.get("/"), PreviewTest.get("/api/state"), PreviewTest.get("/nope"), PreviewTest.get("/", host: "evil.example")] {
            let response = app.handle(request)
            XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff")
            XCTAssertEqual(response.header("X-Frame-Options"), "DENY")
            XCTAssertTrue(response.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
        }
    }

    func testMarkupInSurveyTextStaysTextInTheAPIAndThePageNeverParsesIt() throws {
        let folder = try PreviewTest.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = #"<img src=x onerror="alert(1)"><script>alert(2)</script>"#
        let survey: JSONValue = ["type": "assessment", "identifier": "hostile", "title": .string(hostile), "steps": [
            ["type": "instruction", "identifier": "a", "title": .string(hostile), "detail": .string(String(repeating: "<b>", count: 20_000))],
            ["type": "choiceQuestion", "identifier": "q", "title": .string(hostile), "baseType": "string",
             "choices": [["value": .string(hostile), "text": .string(hostile)]]],
        ]]
        let path = folder.appendingPathComponent("hostile.json").path
        try JSONWriter.pretty.string(survey).write(toFile: path, atomically: true, encoding: .utf8)
        let state = try PreviewTest.json(app(path).handle(PreviewTest.get("/api/state")))
        XCTAssertEqual(state["step"]?["title"]?.stringValue, hostile)
        XCTAssertEqual(state["title"]?.stringValue, hostile)
        // The page writes survey text only with textContent and setAttribute: no HTML parsing sink at all.
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function", "srcdoc"] {
            XCTAssertFalse(PageScript.text.contains(sink), sink)
        }
    }

    func testResourceNamesAreSingleVisibleFilesWithAnImageOrJSONExtension() {
        XCTAssertEqual(PreviewSecurity.resourceName("logo.png"), "logo.png")
        XCTAssertEqual(PreviewSecurity.resourceName("my%20logo.svg"), "my logo.svg")
        for name in ["..", "../a.png", "a/b.png", "a%2Fb.png", "a%5Cb.png", ".env.json", "a.txt", "", "%zz.png", "a%00.png"] {
            XCTAssertNil(PreviewSecurity.resourceName(name), name)
        }
    }
}
