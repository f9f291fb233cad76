import AssessVersion
import FoundationEssentials
import JSONCore
import JSONSchema

/// Answers Bowtie's line-delimited JSON protocol ("ihop" version 1) with our draft-07 validator.
struct BowtieHarness {
    static let draft7 = "http://json-schema.org/draft-07/schema#"

    /// What to do after a request.
    enum Reply {
        case respond(JSONValue)
        case stop
    }

    /// The reply to one request line.
    func handle(_ line: String) -> Reply {
        let request: JSONValue
        do {
            request = try JSONDocument(text: line).value
        } catch {
            return .respond(errored(seq: nil, message: "request is not JSON: \(error)"))
        }
        switch request["cmd"]?.stringValue {
        case "start":
            return .respond(start())
        case "dialect":
            return .respond(["ok": .bool(request["dialect"]?.stringValue == Self.draft7)])
        case "run":
            return .respond(run(request))
        case "stop":
            return .stop
        default:
            return .respond(errored(seq: request["seq"], message: "unknown command \(request["cmd"].map { "\($0)" } ?? "(none)")"))
        }
    }

    private func start() -> JSONValue {
        let os = ProcessInfo.processInfo.operatingSystemVersion
        return [
            "version": 1,
            "implementation": [
                "language": "swift",
                "name": "assess",
                "version": .string(AssessVersion.current),
                "dialects": [.string(Self.draft7)],
                "homepage": "https://example.invalid/assess",
                "issues": "https://example.invalid/assess/issues",
                "source": "https://example.invalid/assess",
                "os": "Linux",
                "os_version": .string("\(os.majorVersion).\(os.minorVersion)"),
                "language_version": "6",
            ],
        ]
    }

    private func run(_ request: JSONValue) -> JSONValue {
        let seq = request["seq"] ?? .null
        guard let testCase = request["case"], let schema = testCase["schema"], let tests = testCase["tests"]?.arrayValue else {
            return errored(seq: seq, message: "run request lacks case.schema or case.tests")
        }
        var registry = SchemaRegistry()
        for member in testCase["registry"]?.objectValue ?? JSONObject() {
            registry.register(member.value, uri: member.key)
        }
        let validator: Validator
        do {
            validator = try Validator(schema: schema, registry: registry)
        } catch {
            return errored(seq: seq, message: "could not compile schema: \(error)")
        }
        let results = tests.map { test -> JSONValue in
            ["valid": .bool(validator.isValid(test["instance"] ?? .null))]
        }
        return ["seq": seq, "results": .array(results)]
    }

    private func errored(seq: JSONValue?, message: String) -> JSONValue {
        ["seq": seq ?? .null, "errored": true, "context": ["message": .string(message)]]
    }
}
