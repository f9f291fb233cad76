import AssessmentModel
import AssessmentLint
import AssessmentSchemas
import FoundationEssentials
import JSONCore
import JSONSchema
import SurveyFlow

/// The `assess` language server's state and message handling, independent of any transport: each
/// message in, the messages to send out. Diagnostics of changed documents wait for `flushDiagnostics`
/// (the transport calls it once typing pauses); opened and saved documents are diagnosed at once.
public struct LanguageServer: Sendable {
    /// An open document: its text and, once asked for, its analysis.
    struct OpenDocument: Sendable {
        var version: Int?
        var bytes: [UInt8]
        /// The client's language id (`json`, `jsonc`).
        var languageId: String?
        var analysis: DocumentAnalysis?
        /// The flow graph of `analysis`, once a hover asked for it.
        var graph: FlowGraph?
        /// The last analysis whose survey parsed: steps to complete while the text is half typed.
        var lastParsed: DocumentAnalysis?
    }

    /// The options in effect: the command line's with the client's settings on top.
    public private(set) var options: ServerOptions
    /// The command line's options.
    private let baseOptions: ServerOptions
    private let registry: SchemaRegistry
    /// The schemas of `registry` compiled by earlier lints.
    private let schemaCache = CompiledSchemaCache()
    /// Whether the client takes an `InsertReplaceEdit` in a completion item.
    private var insertReplace = false
    private var documents: [String: OpenDocument] = [:]
    /// Documents changed since their diagnostics were last sent.
    public private(set) var pendingDiagnostics: Set<String> = []
    private var initialized = false
    /// Whether `shutdown` was received (then `exit` ends with status 0).
    public private(set) var shutdownRequested = false
    /// Set by `exit`: the process's exit status.
    public private(set) var exitStatus: Int32?

    /// A server with these options, resolving `$schema`s in `registry`.
    public init(options: ServerOptions = ServerOptions(), registry: SchemaRegistry = BundledSchemas.registry()) {
        self.options = options
        self.baseOptions = options
        self.registry = registry
    }

    /// Handles one message body; returns the messages to send (a response, diagnostics, log messages).
    public mutating func handle(_ body: [UInt8]) -> [JSONValue] {
        guard let message = try? JSONDocument(bytes: body).value else {
            return [JSONRPC.response(id: nil, error: .init(.parseError, "the message is not JSON"))]
        }
        return handle(message)
    }

    /// Handles one parsed message, or a JSON-RPC batch (an array of them: their responses come back as one
    /// array, after the notifications they caused).
    public mutating func handle(_ message: JSONValue) -> [JSONValue] {
        if case .array(let batch) = message {
            guard !batch.isEmpty else { return [JSONRPC.response(id: nil, error: .init(.invalidRequest, "an empty batch"))] }
            var sent: [JSONValue] = []
            var responses: [JSONValue] = []
            for element in batch {
                // A batch holds messages, not batches.
                let answers = element.arrayValue == nil ? handle(element) : [JSONRPC.response(id: nil, error: .init(.invalidRequest, "a batch inside a batch"))]
                for answer in answers {
                    if answer["method"] == nil { responses.append(answer) } else { sent.append(answer) }
                }
            }
            return sent + (responses.isEmpty ? [] : [.array(responses)])
        }
        guard message.objectValue != nil else {
            return [JSONRPC.response(id: nil, error: .init(.invalidRequest, "a message must be a JSON object"))]
        }
        let id = message["id"]
        guard let method = message["method"]?.stringValue else {
            // A response to a request we never make, or junk: answer junk that has an id.
            return id.map { [JSONRPC.response(id: $0, error: .init(.invalidRequest, "a request needs a \"method\""))] } ?? []
        }
        let params = message["params"]
        guard let id else {
            // After `shutdown` only `exit` counts.
            return shutdownRequested && method != "exit" ? [] : notify(method, params)
        }
        guard initialized || method == "initialize" else {
            return [JSONRPC.response(id: id, error: .init(.serverNotInitialized, "initialize first"))]
        }
        guard !shutdownRequested else {
            return [JSONRPC.response(id: id, error: .init(.invalidRequest, "the server is shutting down: only exit is accepted"))]
        }
        do {
            let result = try request(method, params)
            return [JSONRPC.response(id: id, result: result)]
        } catch {
            return [JSONRPC.response(id: id, error: error)]
        }
    }

    /// The diagnostics of every document changed since they were last sent.
    public mutating func flushDiagnostics() -> [JSONValue] {
        let uris = pendingDiagnostics.sorted()
        pendingDiagnostics = []
        return uris.compactMap { publish($0) }
    }

    private mutating func request(_ method: String, _ params: JSONValue?) throws(JSONRPC.Failure) -> JSONValue {
        switch method {
        case "initialize":
            options = baseOptions.applying(params?["initializationOptions"])
            insertReplace = params?[path: "capabilities", "textDocument", "completion", "completionItem", "insertReplaceSupport"]?.boolValue ?? false
            initialized = true
            return Capabilities.initializeResult(version: options.serverVersion)
        case "shutdown":
            shutdownRequested = true
            return nil
        case "textDocument/definition":
            guard let (analysis, offset, uri) = try located(params) else { return nil }
            return Navigation.definition(analysis, offset, uri: uri)
        case "textDocument/references":
            guard let (analysis, offset, uri) = try located(params) else { return [] }
            let declaration = params?[path: "context", "includeDeclaration"]?.boolValue ?? true
            return Navigation.references(analysis, offset, uri: uri, includeDeclaration: declaration)
        case "textDocument/prepareRename":
            guard let (analysis, offset, _) = try located(params) else { return nil }
            return Navigation.prepareRename(analysis, offset)
        case "textDocument/rename":
            guard let name = params?["newName"]?.stringValue else { throw .init(.invalidParams, "rename needs \"newName\"") }
            guard let (analysis, offset, uri) = try located(params) else { throw .init(.requestFailed, "the document cannot be read") }
            return try Navigation.rename(analysis, offset, uri: uri, to: name)
        case "textDocument/completion":
            guard let (analysis, offset, uri) = try located(params) else { return nil }
            return Completion.items(analysis, offset, structure: documents[uri]?.lastParsed ?? analysis, insertReplace: insertReplace)
        case "textDocument/hover":
            guard let (analysis, offset, uri) = try located(params) else { return nil }
            let graph = graph(of: uri, analysis)
            return Hover.hover(analysis, offset, graph: graph)
        case "textDocument/codeAction":
            guard let uri = params?[path: "textDocument", "uri"]?.stringValue, let analysis = analysis(of: uri) else { return [] }
            return CodeActions.actions(analysis, uri: uri, range: params?["range"], context: params?["context"], docs: options.ruleDocsURL)
        case "textDocument/documentSymbol":
            guard let uri = params?[path: "textDocument", "uri"]?.stringValue, let analysis = analysis(of: uri) else { return [] }
            return Symbols.outline(analysis)
        default:
            throw .init(.methodNotFound, "\(method) is not supported")
        }
    }

    private mutating func notify(_ method: String, _ params: JSONValue?) -> [JSONValue] {
        let uri = params?[path: "textDocument", "uri"]?.stringValue
        let version = params?[path: "textDocument", "version"]?.numberValue?.intValue
        switch method {
        case "exit":
            exitStatus = shutdownRequested ? 0 : 1
            return []
        case "textDocument/didOpen":
            guard let uri, let text = params?[path: "textDocument", "text"]?.stringValue else { return [] }
            documents[uri] = OpenDocument(version: version, bytes: Array(text.utf8), languageId: params?[path: "textDocument", "languageId"]?.stringValue)
            pendingDiagnostics.remove(uri)
            return [publish(uri)].compactMap { $0 } + configMessages(uri)
        case "textDocument/didChange":
            // A change to a document never opened has no text to apply to: ignored.
            guard let uri, let open = documents[uri], let changes = params?["contentChanges"]?.arrayValue else { return [] }
            var bytes = open.bytes
            for change in changes {
                guard let text = change["text"]?.stringValue else { continue }
                if let range = change["range"], let start = LSPPosition(range["start"]), let end = LSPPosition(range["end"]) {
                    let lines = TextLines(bytes)
                    let from = lines.offset(of: start), to = max(from, lines.offset(of: end))
                    bytes.replaceSubrange(from..<to, with: Array(text.utf8))
                } else {
                    bytes = Array(text.utf8)
                }
            }
            documents[uri] = OpenDocument(version: version, bytes: bytes, languageId: open.languageId, lastParsed: open.lastParsed)
            pendingDiagnostics.insert(uri)
            return []
        case "textDocument/didSave":
            guard let uri else { return [] }
            if let text = params?["text"]?.stringValue, documents[uri] != nil {
                documents[uri]?.bytes = Array(text.utf8)
                documents[uri]?.analysis = nil
                documents[uri]?.graph = nil
            }
            pendingDiagnostics.remove(uri)
            return [publish(uri)].compactMap { $0 }
        case "textDocument/didClose":
            guard let uri else { return [] }
            documents[uri] = nil
            pendingDiagnostics.remove(uri)
            return [JSONRPC.notification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])]
        case "workspace/didChangeConfiguration":
            return configurationChanged(params?["settings"])
        default:
            // `initialized`, `$/cancelRequest` (requests are answered in order, before a cancel can land),
            // `$/setTrace`, workspace notifications: nothing to do.
            return []
        }
    }

    /// `textDocument/publishDiagnostics` for an open document.
    private mutating func publish(_ uri: String) -> JSONValue? {
        guard let analysis = analysis(of: uri) else { return nil }
        var params: JSONValue = ["uri": .string(uri), "diagnostics": .array(Diagnostics.diagnostics(analysis, docs: options.ruleDocsURL, uri: uri))]
        if let version = documents[uri]?.version, case .object(var object) = params {
            object["version"] = .int(version)
            params = .object(object)
        }
        return JSONRPC.notification("textDocument/publishDiagnostics", params)
    }

    /// New client settings (`{"assess": {...}}` or the section itself) replace the previous ones; every open
    /// document is analysed again and its diagnostics sent. Settings without a known member are ignored.
    private mutating func configurationChanged(_ settings: JSONValue?) -> [JSONValue] {
        let section = settings?["assess"] ?? settings
        guard let members = section?.objectValue, members.keys.contains(where: ServerOptions.settingNames.contains) else { return [] }
        options = baseOptions.applying(section)
        for uri in documents.keys {
            documents[uri]?.analysis = nil
            documents[uri]?.graph = nil
        }
        pendingDiagnostics = []
        return documents.keys.sorted().compactMap { publish($0) }
    }

    /// A warning shown to the user when the document's `assess.json` cannot be read.
    private func configMessages(_ uri: String) -> [JSONValue] {
        guard let problem = options.settings(for: uri).configProblem else { return [] }
        return [JSONRPC.notification("window/showMessage", ["type": .int(2), "message": .string("assess: \(problem)")])]
    }

    /// The analysis of a document: open ones from their text (cached per version), others read from disk.
    mutating func analysis(of uri: String) -> DocumentAnalysis? {
        if let cached = documents[uri]?.analysis { return cached }
        let settings = options.settings(for: uri)
        if let document = documents[uri] {
            let analysis = DocumentAnalysis(bytes: document.bytes, settings: settings, registry: registry,
                                            languageId: document.languageId, wasSurvey: document.lastParsed != nil, schemaCache: schemaCache)
            documents[uri]?.analysis = analysis
            if analysis.survey != nil { documents[uri]?.lastParsed = analysis }
            return analysis
        }
        guard let url = URL(string: uri), url.isFileURL, let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return DocumentAnalysis(bytes: Array(data), settings: settings, registry: registry, schemaCache: schemaCache)
    }

    /// The flow graph of a document's survey, cached while its text stays the same.
    private mutating func graph(of uri: String, _ analysis: DocumentAnalysis) -> FlowGraph? {
        if let cached = documents[uri]?.graph { return cached }
        guard let assessment = analysis.survey?.assessment, assessment.steps != nil else { return nil }
        let graph = FlowGraph(survey: assessment)
        if documents[uri]?.analysis != nil { documents[uri]?.graph = graph }
        return graph
    }

    /// The document and byte offset a position request names; `nil` when the document cannot be found.
    private mutating func located(_ params: JSONValue?) throws(JSONRPC.Failure) -> (DocumentAnalysis, Int, String)? {
        guard let uri = params?[path: "textDocument", "uri"]?.stringValue, let position = LSPPosition(params?["position"]) else {
            throw .init(.invalidParams, "expected textDocument.uri and position")
        }
        guard let analysis = analysis(of: uri) else { return nil }
        return (analysis, analysis.lines.offset(of: position), uri)
    }
}
