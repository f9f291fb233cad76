import FoundationEssentials
import JSONCore

/// Known schema errors to ignore (as Sage's `remove_expected_validation_errors` does for some app
/// versions): a JSON file `{"tolerated": [RULE, …]}` where each rule has `file` (the file name, after
/// aliases) and optionally `message` (the error's exact message in Python `jsonschema`'s words, the
/// text Sage's job compares, e.g. `None is not of type 'integer'`), `keyword` (the failing keyword,
/// e.g. `required`), `pointer` (the error's JSON Pointer; `*` matches any one token; for `required` it
/// names the missing member, for `additionalProperties` the extra one), `clientInfo` (text the record's
/// client info must contain), `appId` and `comment`. An ignored error is still counted in the report.
public struct ToleratedErrors: Sendable, Equatable {
    /// One rule.
    public struct Rule: Sendable, Equatable {
        /// The file name the rule applies to.
        public let file: String
        /// The error's exact message in Python `jsonschema`'s words, if given.
        public let message: String?
        /// The keyword that must have failed, if given.
        public let keyword: String?
        /// The error pointer's tokens, `*` for any token, if given.
        public let pointer: [String]?
        /// Text the record's client info must contain, if given.
        public let clientInfo: String?
        /// The app the record must come from, if given.
        public let appId: String?

        /// A rule from its parts.
        public init(file: String, message: String? = nil, keyword: String? = nil, pointer: [String]? = nil,
                    clientInfo: String? = nil, appId: String? = nil) {
            self.file = file
            self.message = message
            self.keyword = keyword
            self.pointer = pointer
            self.clientInfo = clientInfo
            self.appId = appId
        }

        /// Whether the rule ignores `error` of `file` in a record with this metadata.
        public func matches(_ error: FileError, file: String, record: RecordMetadata?) -> Bool {
            guard file == self.file else { return false }
            if let message, message != error.pythonMessage { return false }
            if let keyword, keyword != error.keyword { return false }
            if let pointer {
                let tokens = error.pointer.tokens
                guard tokens.count == pointer.count, zip(pointer, tokens).allSatisfy({ $0 == "*" || $0 == $1 }) else { return false }
            }
            if let clientInfo, !(record?.clientInfo?.contains(clientInfo) ?? false) { return false }
            if let appId, record?.appId != appId { return false }
            return true
        }
    }

    /// The rules, in file order.
    public let rules: [Rule]

    /// A set of rules.
    public init(rules: [Rule] = []) {
        self.rules = rules
    }

    /// Decodes a config file; mistakes are positioned issues.
    public init(bytes: [UInt8], name: String) throws(InputIssue) {
        let document = try InputIssue.parse(bytes, file: name)
        guard let list = document.value["tolerated"]?.arrayValue, document.value.objectValue != nil else {
            throw .at(.root, in: document, file: name, "a tolerated-errors file must be an object with a \"tolerated\" array of rules")
        }
        let known: Set<String> = ["file", "message", "keyword", "pointer", "clientInfo", "appId", "comment"]
        var rules: [Rule] = []
        for (index, item) in list.enumerated() {
            let here = JSONPointer(tokens: ["tolerated"]).appending(index: index)
            guard let object = item.objectValue else { throw .at(here, in: document, file: name, "a rule must be an object") }
            for key in object.keys where !known.contains(key) {
                throw .at(here.appending(key), in: document, file: name, "unknown rule key \"\(key)\" (known: file, message, keyword, pointer, clientInfo, appId, comment)")
            }
            var texts: [String: String] = [:]
            for key in known {
                guard let value = object[key] else { continue }
                guard let text = value.stringValue else {
                    throw .at(here.appending(key), in: document, file: name, "\"\(key)\" must be a string, found \(value.primitiveType.withArticle)")
                }
                texts[key] = text
            }
            guard let file = texts["file"] else { throw .at(here, in: document, file: name, "the rule has no \"file\"") }
            var pointer: [String]?
            if let text = texts["pointer"] {
                do {
                    pointer = try JSONPointer(parsing: text).tokens
                } catch {
                    throw .at(here.appending("pointer"), in: document, file: name, "\"pointer\" is not a JSON Pointer: \(error)")
                }
            }
            rules.append(Rule(file: file, message: texts["message"], keyword: texts["keyword"], pointer: pointer, clientInfo: texts["clientInfo"], appId: texts["appId"]))
        }
        self.rules = rules
    }

    /// Reads the config at `path`.
    public init(contentsOf path: String) throws(InputIssue) {
        try self.init(bytes: InputIssue.read(path, what: "the tolerated-errors file"), name: path)
    }

    /// Whether some rule names an error by its message (only then are Python's messages rendered).
    public var comparesMessages: Bool { rules.contains { $0.message != nil } }

    /// Whether some rule ignores `error`.
    public func tolerates(_ error: FileError, file: String, record: RecordMetadata?) -> Bool {
        rules.contains { $0.matches(error, file: file, record: record) }
    }
}
