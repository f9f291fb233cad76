import AssessVersion
import AssessmentModel
import AssessmentLint
import FoundationEssentials
import LanguageServer

/// `assess lsp`: the linter as a language server, for editors.
struct LSPCommand: TypedCommand {
    let name = "lsp"
    let summary = "Serve the Language Server Protocol on standard input and output: lint as you type, go to definition, rename, completion."
    let discussion = """
        Editors start it and talk JSON-RPC with Content-Length framing (LSP 3.17). Diagnostics are the
        findings `assess lint` reports for the same text. Surveys are files whose "$schema" is the
        format's, whose root "type" is a node type, or that sit under an assess.json; other JSON gets
        nothing, except schema validation when its "$schema" is a bundled schema or a workspace file;
        JSONC documents are never surveys. The same options may come as initializationOptions or as the
        "assess" section of workspace/didChangeConfiguration (applied at once): {"exclude": [...],
        "allowTypes": [...], "resources": "DIR", "ruleDocsURL": "URL", "syntaxErrors": false} (false
        where the editor's own JSON server already reports syntax errors).

        EXIT STATUS: 0 after shutdown and exit, 1 when input ends (or exit comes) without shutdown,
                     2 usage error.
        """

    /// `assess lsp`'s options.
    struct Options: ParsableOptions {
        static let stdio = Option.flag("--stdio", help: "Talk LSP over standard input and output (the default and only transport).")
        static let exclude = SharedOptions.exclude.help("Skip a rule by id (repeatable), as lint does.")
        static let allowType = SharedOptions.allowType.help("An app's own node type (repeatable; also \"allowTypes\" in assess.json).")
        static let resources = SharedOptions.resources.help("Where transform nodes find their resource files (default: each survey's folder).")
        static let ruleDocs = Option.value("--rule-docs", valueName: "URL", help: "Where diagnostics link rule ids to (URL#rule-id): docs/rules.md as served; default no link.")
        static let options = [stdio.spec, exclude.spec, allowType.spec, resources.spec, ruleDocs.spec]
        static let operands = Operands.none

        let server: ServerOptions

        init(_ values: OptionValues) throws(UsageError) {
            guard values.operands.isEmpty else { throw UsageError("lsp takes no files: the editor sends them") }
            _ = try values(Self.stdio)
            var server = ServerOptions()
            server.excludedRules = try values(Self.exclude)
            server.allowedTypes = Set(try values(Self.allowType))
            server.resources = try values(Self.resources)
            server.serverVersion = AssessVersion.current
            if let docs = try values(Self.ruleDocs) { server.ruleDocsURL = docs }
            self.server = server
        }
    }

    func run(_ options: Options, io: CommandIO) throws(UsageError) -> ExitStatus {
        let status = StdioSession.run(options: options.server) { io.printError($0) }
        return status == 0 ? .ok : .findings
    }
}
