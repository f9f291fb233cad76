import Dispatch
import FoundationEssentials
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// Why the server could not start.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A socket call failed, with its name and `errno`'s text.
    case socket(call: String, reason: String)

    /// The failing call and why.
    public var description: String {
        switch self {
        case .socket(let call, let reason): return "cannot serve: \(call) failed: \(reason)"
        }
    }
}

/// A small HTTP/1.1 server on POSIX sockets, bound to 127.0.0.1 only: one thread per connection,
/// keep-alive, bounded requests (``HTTPLimits``), idle connections closed, and a clean ``stop()``.
public final class HTTPServer: @unchecked Sendable {
    /// Answers one request (called on the connection's thread; may be called concurrently).
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The port bound (the one asked for, or the one the system chose for 0).
    public let port: UInt16
    private let listener: Int32
    private let parser: HTTPRequestParser
    private let handler: Handler
    private let idleSeconds: Int
    private let maxConnections: Int
    private let lock = Lock()
    private var connections: Set<Int32> = []
    private var stopped = false
    private var running = false
    private let finished = DispatchSemaphore(value: 0)

    /// Binds 127.0.0.1:`port` (0: any free port) and listens; serving starts with ``start()`` or ``run()``.
    public init(port: UInt16, limits: HTTPLimits = HTTPLimits(), idleSeconds: Int = 30, maxConnections: Int = 64,
                handler: @escaping Handler) throws(HTTPServerError) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .socket(call: "socket", reason: HTTPServer.lastError()) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let reason = HTTPServer.lastError()
            close(fd)
            throw .socket(call: "bind 127.0.0.1:\(port)", reason: reason)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = UInt16(bigEndian: actual.sin_port)
        listener = fd
        parser = HTTPRequestParser(limits: limits)
        self.handler = handler
        self.idleSeconds = idleSeconds
        self.maxConnections = maxConnections
    }

    /// Serves on a background thread until ``stop()``.
    public func start() {
        NativeThread.detach { [self] in run() }
    }

    /// Accepts connections until ``stop()`` (blocking the calling thread).
    public func run() {
        lock.withLock { running = true }
        defer { finished.signal() }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR, !isStopped { continue }
                return
            }
            lock.lock()
            let stopping = stopped
            let full = !stopping && connections.count >= maxConnections
            if !stopping, !full { connections.insert(client) }
            lock.unlock()
            // A connection accepted while stop() runs is closed unanswered, as the ones it closes are.
            if stopping {
                close(client)
                return
            }
            if full {
                send(client, HTTPResponse.text(503, "too many connections").serialized(keepAlive: false), close: true)
                continue
            }
            NativeThread.detach { [self] in serve(client) }
        }
    }

    /// Stops accepting, closes every open connection, and waits for the accept loop to end (when it ran).
    public func stop() {
        lock.lock()
        let first = !stopped
        stopped = true
        let open = connections, wasRunning = running
        lock.unlock()
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        open.forEach { _ = shutdown($0, Int32(SHUT_RDWR)) }
        if wasRunning { _ = finished.wait(timeout: .now() + 2) }
        close(listener)
    }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool { lock.withLock { stopped } }

    /// Reads requests from one connection and answers them, until it closes, idles, or sends something refused.
    private func serve(_ client: Int32) {
        defer {
            lock.withLock { _ = connections.remove(client) }
            close(client)
        }
        var timeout = timeval(tv_sec: idleSeconds, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while !isStopped {
            switch parser.parse(buffer[...]) {
            case .request(let request, let consumed):
                buffer.removeFirst(consumed)
                let keepAlive = request.keepAlive && !isStopped
                let response = handler(request)
                guard send(client, response.serialized(keepAlive: keepAlive, headOnly: request.method == "HEAD"), close: false), keepAlive else { return }
                continue
            case .failure(let error):
                send(client, HTTPResponse.text(error.status, error.description).serialized(keepAlive: false), close: false)
                return
            case .incomplete:
                break
            }
            let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes all of `bytes`; `false` when the peer went away.
    @discardableResult
    private func send(_ client: Int32, _ bytes: [UInt8], close closing: Bool) -> Bool {
        defer { if closing { close(client) } }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Glibc.send(client, $0 + offset, buffer.count - offset, Int32(MSG_NOSIGNAL)) } ?? -1
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
