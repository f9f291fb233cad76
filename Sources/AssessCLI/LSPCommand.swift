import AssessVersion
import AssessmentModel
import AssessmentLint
import Foundation
import LanguageServer

/// `assess lsp`: the linter as a language server, for editors.
struct LSPCommand: Command {
    let spec = CommandSpec(
        name: "lsp",
        summary: "Serve the Language Server Protocol on standard input and output: lint as you type, go to definition, rename, completion.",
        synopsis: "[--stdio] [--exclude RULE]... [--allow-type NAME]... [--resources DIR] [--rule-docs URL]",
        options: [
            .flag("--stdio", help: "Talk LSP over standard input and output (the default and only transport)."),
            .value("--exclude", "-x", valueName: "RULE", help: "Skip a rule by id (repeatable), as lint does."),
            .value("--allow-type", valueName: "NAME", help: "An app's own node type (repeatable; also \"allowTypes\" in assess.json)."),
            .value("--resources", valueName: "DIR", help: "Where transform nodes find their resource files (default: each survey's folder)."),
            .value("--rule-docs", valueName: "URL", help: "Where diagnostics link rule ids to (URL#rule-id): docs/rules.md as served; default no link."),
        ],
        discussion: """
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
            """)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError("lsp takes no files: the editor sends them") }
        var options = ServerOptions()
        options.excludedRules = try LintCommand.excludedRules(arguments)
        options.allowedTypes = Set(arguments.all("--allow-type"))
        options.resources = arguments.value("--resources")
        options.serverVersion = AssessVersion.current
        if let docs = arguments.value("--rule-docs") { options.ruleDocsURL = docs }
        let status = StdioSession.run(options: options) { io.printError($0) }
        return status == 0 ? .ok : .findings
    }
}
