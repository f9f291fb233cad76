import AssessmentModel
import AssessmentRunner
import Foundation
import HTTPServer
import JSONCore
@testable import SurveyPreview

/// Requests to a ``PreviewApp`` as the page sends them, and surveys written to a scratch folder.
enum PreviewTest {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let port: UInt16 = 8765
    static let now = Date(timeIntervalSince1970: 1_767_323_045)

    static func example(_ name: String) -> String { repository.appendingPathComponent("examples/surveys/\(name)").path }

    static func settings(_ path: String, platform: EnginePlatform? = nil) -> PreviewSettings {
        PreviewSettings(path: path, platform: platform, environment: {
            var environment = RunEnvironment.fixed(at: now, seed: 1)
            environment.platform = platform
            return environment
        })
    }

    static func get(_ target: String, host: String = "127.0.0.1:\(port)", headers: [(String, String)] = []) -> HTTPRequest {
        HTTPRequest(method: "GET", target: target, headers: [("Host", host)] + headers)
    }

    static func post(_ target: String, _ body: JSONValue, origin: String? = "http://127.0.0.1:\(port)", type: String = "application/json",
                     host: String = "127.0.0.1:\(port)") -> HTTPRequest {
        var headers = [("Host", host), ("Content-Type", type)]
        if let origin { headers.append(("Origin", origin)) }
        return HTTPRequest(method: "POST", target: target, headers: headers, body: JSONWriter.compact.bytes(body))
    }

    static func json(_ response: HTTPResponse) throws -> JSONValue {
        try JSONDocument(bytes: response.body).value
    }

    /// A folder of its own under the temporary folder.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The form the page sends to give `answer` to the question of `step` (a state's step view):
    /// the choices whose value is the answer (or in it), otherwise the answer's text in each field.
    static func form(for answer: JSONValue, step: JSONValue) -> JSONValue {
        let question = step["question"] ?? .null
        if let choices = question["choices"]?.arrayValue {
            let wanted = answer.arrayValue ?? [answer]
            var picked: [JSONValue] = [], other: String?
            for value in wanted {
                if let choice = choices.first(where: { (try? JSONDocument(text: $0["value"]?.stringValue ?? "").value) == value }) {
                    picked.append(choice["index"] ?? .null)
                } else {
                    other = text(value)
                }
            }
            return ["choices": .array(picked), "other": other.map(JSONValue.string) ?? .null]
        }
        let inputs = question["inputs"]?.arrayValue ?? []
        var fields = JSONObject()
        for input in inputs {
            let key = input["key"]?.stringValue ?? "answer"
            let value = inputs.count == 1 && answer.objectValue == nil ? answer : (answer[key] ?? .null)
            fields[key] = .string(text(value) ?? "")
        }
        return ["fields": .object(fields)]
    }

    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        default: return JSONWriter.compact.string(value)
        }
    }
}
