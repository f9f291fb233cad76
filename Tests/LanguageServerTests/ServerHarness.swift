import JSONCore
import LanguageServer
import XCTest

/// Drives a `LanguageServer` in-process with JSON-RPC messages, as a client would.
struct ServerHarness {
    var server = LanguageServer()
    private var nextID = 1
    /// Every notification the server sent, in order.
    private(set) var notifications: [JSONValue] = []

    init(options: ServerOptions = ServerOptions(), capabilities: JSONValue = [:], initializationOptions: JSONValue = nil) {
        server = LanguageServer(options: options)
        _ = request("initialize", ["processId": nil, "rootUri": nil, "capabilities": capabilities, "initializationOptions": initializationOptions])
        _ = notify("initialized", [:])
    }

    /// Sends a request; returns the whole response (with `result` or `error`).
    @discardableResult
    mutating func response(_ method: String, _ params: JSONValue) -> JSONValue {
        let id = nextID
        nextID += 1
        var response: JSONValue = nil
        for message in server.handle(["jsonrpc": "2.0", "id": .number(JSONNumber(id)), "method": .string(method), "params": params]) {
            if message["id"] == .number(JSONNumber(id)) { response = message } else { notifications.append(message) }
        }
        return response
    }

    /// Sends a request; returns its result.
    @discardableResult
    mutating func request(_ method: String, _ params: JSONValue) -> JSONValue {
        response(method, params)["result"] ?? nil
    }

    /// Sends a notification; returns what the server sent back.
    @discardableResult
    mutating func notify(_ method: String, _ params: JSONValue) -> [JSONValue] {
        let sent = server.handle(["jsonrpc": "2.0", "method": .string(method), "params": params])
        notifications += sent
        return sent
    }

    /// Opens a document; returns its published diagnostics.
    @discardableResult
    mutating func open(_ uri: String, _ text: String, languageId: String = "json") -> [JSONValue] {
        let sent = notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": .string(languageId), "version": 1, "text": .string(text)]])
        return sent.first { $0["method"] == "textDocument/publishDiagnostics" }?[path: "params", "diagnostics"]?.arrayValue ?? []
    }

    /// A position request at `position`.
    mutating func at(_ method: String, _ uri: String, _ position: LSPPosition, extra: [String: JSONValue] = [:]) -> JSONValue {
        var params: JSONObject = JSONObject([
            .init(key: "textDocument", value: ["uri": .string(uri)]),
            .init(key: "position", value: ["line": .number(JSONNumber(position.line)), "character": .number(JSONNumber(position.character))]),
        ])
        for (key, value) in extra { params[key] = value }
        return request(method, .object(params))
    }
}

extension JSONValue {
    subscript(path keys: String...) -> JSONValue? {
        var current: JSONValue? = self
        for key in keys { current = current?[key] }
        return current
    }

    var int: Int? { numberValue?.intValue }
}

/// The LSP position of the `occurrence`-th `needle` in `text`, `offset` UTF-16 units into it.
func position(of needle: String, in text: String, occurrence: Int = 1, offset: Int = 0) -> LSPPosition {
    var searchFrom = text.startIndex
    var found = text.startIndex
    for _ in 0..<occurrence {
        guard let range = text.range(of: needle, range: searchFrom..<text.endIndex) else { return LSPPosition(line: -1, character: -1) }
        found = range.lowerBound
        searchFrom = range.upperBound
    }
    let before = text[..<found]
    let line = before.filter { $0 == "\n" }.count
    let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
    return LSPPosition(line: line, character: text[lineStart..<found].utf16.count + offset)
}

/// A small survey: a choice question branching by rule, an unreachable step after the end.
let sampleSurvey = """
{
  "type": "assessment",
  "identifier": "survey",
  "steps": [
    {"type": "choiceQuestion", "identifier": "mood", "title": "How are you?", "baseType": "integer",
     "choices": [{"value": 1, "text": "bad"}, {"value": 2, "text": "good"}],
     "surveyRules": [{"matchingAnswer": 1, "skipToIdentifier": "sad"}]},
    {"type": "instruction", "identifier": "happy", "title": "Great", "nextStepIdentifier": "done"},
    {"type": "instruction", "identifier": "sad", "title": "Sorry"},
    {"type": "completion", "identifier": "done", "nextStepIdentifier": "exit"},
    {"type": "instruction", "identifier": "orphan", "title": "Never"}
  ]
}
"""
