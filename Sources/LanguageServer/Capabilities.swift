import JSONCore

/// What the server offers, as `initialize` answers.
enum Capabilities {
    static func initializeResult(version: String) -> JSONValue {
        [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": true]],
                "definitionProvider": true,
                "referencesProvider": true,
                "renameProvider": ["prepareProvider": true],
                "completionProvider": ["triggerCharacters": ["\"", ":"]],
                "hoverProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "documentSymbolProvider": true,
            ],
            "serverInfo": ["name": "assess", "version": .string(version)],
        ]
    }
}
