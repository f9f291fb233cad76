// The assess extension: a small LSP client of its own (no npm dependencies, so the .vsix is built from
// this folder alone) that starts `assess lsp` for JSON files and maps its answers to VS Code's API.
// Settings apply at once: assess.path restarts the server, the others are sent as
// workspace/didChangeConfiguration.
"use strict";
const vscode = require("vscode");
const { spawn } = require("child_process");

const SELECTOR = [{ language: "json", scheme: "file" }, { language: "json", scheme: "untitled" }];

/** JSON-RPC over a child's stdio with Content-Length framing. */
class Connection {
  constructor(command, onNotification, onExit) {
    this.nextId = 1;
    this.pending = new Map();
    this.buffer = Buffer.alloc(0);
    this.child = spawn(command, ["lsp"], { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout.on("data", (chunk) => this.receive(chunk, onNotification));
    this.child.stderr.on("data", (chunk) => output().append(chunk.toString()));
    this.child.on("error", (error) => { output().appendLine(`assess: cannot start ${command}: ${error.message}`); onExit(); });
    this.child.on("exit", () => { for (const { reject } of this.pending.values()) reject(new Error("assess lsp exited")); this.pending.clear(); onExit(); });
  }
  send(message) {
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }), "utf8");
    if (this.child.stdin.writable) this.child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]));
  }
  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => { this.pending.set(id, { resolve, reject }); this.send({ id, method, params }); });
  }
  notify(method, params) { this.send({ method, params }); }
  receive(chunk, onNotification) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/Content-Length:\s*(\d+)/i.exec(this.buffer.subarray(0, end).toString("ascii"))?.[1]);
      if (this.buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString("utf8"));
      this.buffer = this.buffer.subarray(end + 4 + length);
      const waiting = message.id !== undefined && !message.method ? this.pending.get(message.id) : undefined;
      if (waiting) {
        this.pending.delete(message.id);
        if (message.error) waiting.reject(new Error(message.error.message)); else waiting.resolve(message.result);
      } else if (message.method) {
        onNotification(message.method, message.params);
      }
    }
  }
  stop() {
    return Promise.race([this.request("shutdown", null), new Promise((resolve) => setTimeout(resolve, 1000))])
      .catch(() => undefined).then(() => { this.notify("exit", null); this.child.kill(); });
  }
}

let channel;
function output() { return (channel = channel || vscode.window.createOutputChannel("assess")); }

/** What the server is told: the assess.* settings, and whether VS Code's JSON server already shows syntax errors. */
function serverSettings() {
  const settings = vscode.workspace.getConfiguration("assess");
  return {
    exclude: settings.get("exclude", []), allowTypes: settings.get("allowTypes", []), ruleDocsURL: settings.get("ruleDocsURL", ""),
    syntaxErrors: vscode.workspace.getConfiguration("json").get("validate.enable", true) === false,
  };
}

const position = (p) => new vscode.Position(p.line, p.character);
const range = (r) => new vscode.Range(position(r.start), position(r.end));
const lspPosition = (p) => ({ line: p.line, character: p.character });
const lspRange = (r) => ({ start: lspPosition(r.start), end: lspPosition(r.end) });
const located = (document, p) => ({ textDocument: { uri: document.uri.toString() }, position: lspPosition(p) });
const location = (l) => new vscode.Location(vscode.Uri.parse(l.uri), range(l.range));

function workspaceEdit(edit) {
  const result = new vscode.WorkspaceEdit();
  for (const [uri, edits] of Object.entries((edit && edit.changes) || {})) {
    for (const change of edits) result.replace(vscode.Uri.parse(uri), range(change.range), change.newText);
  }
  return result;
}

function diagnostic(d) {
  const result = new vscode.Diagnostic(range(d.range), d.message, d.severity === 1 ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
  result.source = d.source;
  result.code = d.codeDescription ? { value: d.code, target: vscode.Uri.parse(d.codeDescription.href) } : d.code;
  result.relatedInformation = (d.relatedInformation || []).map((r) => new vscode.DiagnosticRelatedInformation(location(r.location), r.message));
  result.lsp = d;
  return result;
}

function symbol(s) {
  const result = new vscode.DocumentSymbol(s.name, s.detail || "", s.kind - 1, range(s.range), range(s.selectionRange));
  result.children = (s.children || []).map(symbol);
  return result;
}

/** One running server with the documents it was told about. */
class Client {
  constructor(diagnostics) {
    this.diagnostics = diagnostics;
    this.connection = new Connection(vscode.workspace.getConfiguration("assess").get("path", "assess"),
      (method, params) => this.notification(method, params), () => { this.ready = Promise.resolve(false); });
    this.ready = this.connection.request("initialize", {
      processId: process.pid, rootUri: null, initializationOptions: serverSettings(),
      capabilities: { textDocument: { completion: { completionItem: { insertReplaceSupport: true } }, publishDiagnostics: { relatedInformation: true } } },
    }).then(() => { this.connection.notify("initialized", {}); vscode.workspace.textDocuments.forEach((d) => this.open(d)); return true; },
      (error) => { output().appendLine(`assess: ${error.message}`); return false; });
  }
  notification(method, params) {
    if (method === "textDocument/publishDiagnostics") this.diagnostics.set(vscode.Uri.parse(params.uri), params.diagnostics.map(diagnostic));
    else if (method === "window/showMessage") vscode.window.showWarningMessage(params.message);
  }
  open(document) {
    if (vscode.languages.match(SELECTOR, document) === 0) return;
    this.connection.notify("textDocument/didOpen", { textDocument: { uri: document.uri.toString(), languageId: document.languageId, version: document.version, text: document.getText() } });
  }
  async request(method, params) { return (await this.ready) ? this.connection.request(method, params) : null; }
}

let client;
let diagnostics;

function start() { client = new Client(diagnostics); }

function activate(context) {
  diagnostics = vscode.languages.createDiagnosticCollection("assess");
  start();
  const tracked = (document) => vscode.languages.match(SELECTOR, document) > 0;
  const ask = (method, params) => client.request(method, params);
  context.subscriptions.push(
    diagnostics,
    vscode.workspace.onDidOpenTextDocument((d) => client.ready.then((ok) => ok && client.open(d))),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (!tracked(e.document) || e.contentChanges.length === 0) return;
      client.connection.notify("textDocument/didChange", { textDocument: { uri: e.document.uri.toString(), version: e.document.version },
        contentChanges: e.contentChanges.map((c) => ({ range: lspRange(c.range), text: c.text })) });
    }),
    vscode.workspace.onDidSaveTextDocument((d) => tracked(d) && client.connection.notify("textDocument/didSave", { textDocument: { uri: d.uri.toString() }, text: d.getText() })),
    vscode.workspace.onDidCloseTextDocument((d) => tracked(d) && client.connection.notify("textDocument/didClose", { textDocument: { uri: d.uri.toString() } })),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration("assess.path")) {
        diagnostics.clear();
        client.connection.stop().then(start);
      } else if (e.affectsConfiguration("assess") || e.affectsConfiguration("json.validate.enable")) {
        client.connection.notify("workspace/didChangeConfiguration", { settings: { assess: serverSettings() } });
      }
    }),
    vscode.languages.registerCompletionItemProvider(SELECTOR, {
      async provideCompletionItems(document, p) {
        const list = await ask("textDocument/completion", located(document, p));
        return ((list && list.items) || []).map((item) => {
          const result = new vscode.CompletionItem(item.label, item.kind - 1);
          Object.assign(result, { detail: item.detail, sortText: item.sortText, filterText: item.filterText, insertText: item.textEdit.newText });
          result.range = item.textEdit.replace ? { inserting: range(item.textEdit.insert), replacing: range(item.textEdit.replace) } : range(item.textEdit.range);
          return result;
        });
      },
    }, "\"", ":"),
    vscode.languages.registerHoverProvider(SELECTOR, {
      async provideHover(document, p) {
        const hover = await ask("textDocument/hover", located(document, p));
        return hover ? new vscode.Hover(new vscode.MarkdownString(hover.contents.value), hover.range && range(hover.range)) : null;
      },
    }),
    vscode.languages.registerDefinitionProvider(SELECTOR, {
      async provideDefinition(document, p) { const found = await ask("textDocument/definition", located(document, p)); return found ? location(found) : null; },
    }),
    vscode.languages.registerReferenceProvider(SELECTOR, {
      async provideReferences(document, p, context) {
        return ((await ask("textDocument/references", { ...located(document, p), context: { includeDeclaration: context.includeDeclaration } })) || []).map(location);
      },
    }),
    vscode.languages.registerRenameProvider(SELECTOR, {
      async prepareRename(document, p) {
        const found = await ask("textDocument/prepareRename", located(document, p));
        if (!found) throw new Error("only a step identifier or a target can be renamed");
        return found.range ? { range: range(found.range), placeholder: found.placeholder } : range(found);
      },
      async provideRenameEdits(document, p, newName) { return workspaceEdit(await ask("textDocument/rename", { ...located(document, p), newName })); },
    }),
    vscode.languages.registerCodeActionsProvider(SELECTOR, {
      async provideCodeActions(document, r, context) {
        const actions = (await ask("textDocument/codeAction", { textDocument: { uri: document.uri.toString() }, range: lspRange(r),
          context: { diagnostics: context.diagnostics.filter((d) => d.lsp).map((d) => d.lsp) } })) || [];
        return actions.map((a) => Object.assign(new vscode.CodeAction(a.title, vscode.CodeActionKind.QuickFix), { isPreferred: a.isPreferred, edit: workspaceEdit(a.edit) }));
      },
    }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
    vscode.languages.registerDocumentSymbolProvider(SELECTOR, {
      async provideDocumentSymbols(document) { return ((await ask("textDocument/documentSymbol", { textDocument: { uri: document.uri.toString() } })) || []).map(symbol); },
    }),
  );
}

function deactivate() {
  return client ? client.connection.stop() : undefined;
}

module.exports = { activate, deactivate };
