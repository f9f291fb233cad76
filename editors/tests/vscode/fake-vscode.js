// The part of VS Code's extension API that editors/vscode/extension.js uses, in memory, so Node can run the
// extension against the real `assess lsp`: documents, settings and their change events, providers and the
// diagnostic collection are plain objects the test reads and drives.
"use strict";
class Position { constructor(line, character) { this.line = line; this.character = character; } }
class Range { constructor(start, end) { this.start = start; this.end = end; } }
class Uri {
  constructor(text) { this.text = text; }
  static parse(text) { return new Uri(text); }
  static file(path) { return new Uri("file://" + path); }
  toString() { return this.text; }
}
class Event {
  constructor() { this.listeners = []; this.event = (listener) => { this.listeners.push(listener); return { dispose() {} }; }; }
  fire(value) { for (const listener of this.listeners) listener(value); }
}
const events = { open: new Event(), change: new Event(), save: new Event(), close: new Event(), configuration: new Event() };
const settings = { "assess.path": process.env.ASSESS_BIN, "assess.exclude": [], "assess.allowTypes": [], "assess.ruleDocsURL": "", "json.validate.enable": true };
const diagnostics = new Map();
const providers = {};
const register = (name) => (selector, provider) => { providers[name] = provider; return { dispose() {} }; };

class Document {
  constructor(path, text, languageId = "json") { this.uri = Uri.file(path); this.text = text; this.languageId = languageId; this.version = 1; }
  getText() { return this.text; }
}

module.exports = {
  Position, Range, Uri,
  Diagnostic: class { constructor(range, message, severity) { Object.assign(this, { range, message, severity }); } },
  DiagnosticSeverity: { Error: 0, Warning: 1 },
  DiagnosticRelatedInformation: class { constructor(location, message) { Object.assign(this, { location, message }); } },
  Location: class { constructor(uri, range) { Object.assign(this, { uri, range }); } },
  WorkspaceEdit: class { constructor() { this.edits = []; } replace(uri, range, newText) { this.edits.push({ uri, range, newText }); } },
  CompletionItem: class { constructor(label, kind) { Object.assign(this, { label, kind }); } },
  Hover: class { constructor(contents, range) { Object.assign(this, { contents, range }); } },
  MarkdownString: class { constructor(value) { this.value = value; } },
  CodeAction: class { constructor(title, kind) { Object.assign(this, { title, kind }); } },
  CodeActionKind: { QuickFix: "quickfix" },
  DocumentSymbol: class { constructor(name, detail, kind, range, selectionRange) { Object.assign(this, { name, detail, kind, range, selectionRange }); } },
  window: { createOutputChannel: () => ({ append() {}, appendLine(line) { process.stderr.write(line + "\n"); } }), showWarningMessage() {} },
  languages: {
    createDiagnosticCollection: () => ({ set(uri, list) { diagnostics.set(uri.toString(), list); }, clear() { diagnostics.clear(); }, dispose() {} }),
    match: (selector, document) => (selector.some((s) => s.language === document.languageId) ? 10 : 0),
    registerCompletionItemProvider: register("completion"), registerHoverProvider: register("hover"),
    registerDefinitionProvider: register("definition"), registerReferenceProvider: register("references"),
    registerRenameProvider: register("rename"), registerCodeActionsProvider: register("codeActions"),
    registerDocumentSymbolProvider: register("symbols"),
  },
  workspace: {
    textDocuments: [],
    getConfiguration: (section) => ({ get: (key, fallback) => (settings[`${section}.${key}`] ?? fallback) }),
    onDidOpenTextDocument: events.open.event, onDidChangeTextDocument: events.change.event, onDidSaveTextDocument: events.save.event,
    onDidCloseTextDocument: events.close.event, onDidChangeConfiguration: events.configuration.event,
  },
  // For the test: the state behind the API.
  test: { Document, events, settings, diagnostics, providers,
    configure(key, value) { settings[key] = value; events.configuration.fire({ affectsConfiguration: (section) => key === section || key.startsWith(section + ".") }); } },
};
