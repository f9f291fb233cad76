// A minimal client for `assess lsp`: starts the server for JSON files and passes the settings on.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("assess");
  const server = { command: settings.get("path", "assess"), args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient("assess", "assess", server, {
    documentSelector: [{ scheme: "file", language: "json" }, { scheme: "untitled", language: "json" }, { scheme: "file", language: "jsonc" }],
    initializationOptions: { exclude: settings.get("exclude", []), allowTypes: settings.get("allowTypes", []) },
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
