import HTTPServer

/// The checks every request passes before the preview answers it: a local server must not answer
/// pages of other sites (DNS rebinding, cross-origin writes) nor serve files beyond its own.
public struct PreviewSecurity: Sendable {
    /// The port the server is bound to.
    public let port: UInt16

    /// Checks for a server on 127.0.0.1:`port`.
    public init(port: UInt16) {
        self.port = port
    }

    /// Why a request is refused (status and message), or `nil` when it may be answered.
    public func refusal(_ request: HTTPRequest) -> (status: Int, message: String)? {
        guard let host = request.header("Host"), allowsHost(host) else {
            return (403, "refused: the Host header must be 127.0.0.1:\(port) or localhost:\(port)")
        }
        switch request.method {
        case "GET", "HEAD":
            return nil
        case "POST":
            if let origin = request.header("Origin"), !allowsOrigin(origin) {
                return (403, "refused: cross-origin request from \(origin)")
            }
            if let site = request.header("Sec-Fetch-Site"), !["same-origin", "none"].contains(site.lowercased()) {
                return (403, "refused: a \(site) request")
            }
            // A page elsewhere can post a form without asking, but not JSON: that takes a CORS preflight, which is never granted.
            guard request.header("Content-Type")?.lowercased().hasPrefix("application/json") == true else {
                return (415, "refused: the API takes application/json")
            }
            return nil
        default:
            return (405, "method \(request.method) not allowed")
        }
    }

    /// Whether `host` names this server: `127.0.0.1` or `localhost`, with this port or none.
    public func allowsHost(_ host: String) -> Bool {
        let lowered = host.lowercased()
        return ["127.0.0.1", "localhost"].contains { lowered == $0 || lowered == "\($0):\(port)" }
    }

    /// Whether `origin` is this server's own.
    public func allowsOrigin(_ origin: String) -> Bool {
        let lowered = origin.lowercased()
        return lowered == "http://127.0.0.1:\(port)" || lowered == "http://localhost:\(port)"
    }

    /// A resource name the server may read from the resource folder: one plain file name (no folder,
    /// no `..`, no hidden file) with an image or JSON extension; `nil` otherwise.
    public static func resourceName(_ encoded: String) -> String? {
        guard let name = HTTPRequest.percentDecoded(encoded), !name.isEmpty, name.count <= 200,
              !name.hasPrefix("."), name.unicodeScalars.allSatisfy({ $0.value >= 32 && $0 != "/" && $0 != "\\" && $0.value != 127 }) else { return nil }
        let allowed = ["png", "jpg", "jpeg", "gif", "svg", "webp", "json"]
        guard let dot = name.lastIndex(of: "."), allowed.contains(name[name.index(after: dot)...].lowercased()) else { return nil }
        return name
    }

    /// Headers on every response: no framing, no sniffing, no caching, and a policy that lets the page
    /// load only its own script, style, images and API.
    public static let headers: [(name: String, value: String)] = [
        ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"), ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"), ("Cross-Origin-Resource-Policy", "same-origin"),
    ]
}
