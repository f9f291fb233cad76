import JSONCore

/// JSON-RPC 2.0 messages as the server reads and writes them.
public enum JSONRPC {
    /// Error codes of JSON-RPC and LSP 3.17.
    public enum ErrorCode: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestFailed = -32803
        case requestCancelled = -32800
    }

    /// An error answer to a request.
    public struct Failure: Error, Sendable {
        /// The JSON-RPC or LSP error code.
        public let code: ErrorCode
        /// What went wrong, for the user.
        public let message: String

        /// A value from its parts.
        public init(_ code: ErrorCode, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    /// A response carrying a result.
    static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    /// A response carrying an error.
    static func response(id: JSONValue, error: Failure) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .number(JSONNumber(error.code.rawValue)), "message": .string(error.message)]]
    }

    /// A notification from the server.
    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
}

extension JSONValue {
    /// `params.textDocument.uri` and the like, by path.
    subscript(path keys: String...) -> JSONValue? {
        var current: JSONValue? = self
        for key in keys { current = current?[key] }
        return current
    }

    /// A JSON number of an `Int`.
    static func int(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
}
