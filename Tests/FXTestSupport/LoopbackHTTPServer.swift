import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: it serves recorded provider responses,
/// records every request it gets, and can misbehave on purpose. Raw sockets rather than a
/// server framework, because the faults (hanging, truncated bodies) need byte-level control.
public final class LoopbackHTTPServer: @unchecked Sendable {
    public struct Request: Sendable {
        public let method: String
        public let path: String
        /// Header names lower-cased.
        public let headers: [String: String]
    }

    public enum Reply: Sendable {
        case response(status: Int, headers: [String: String], body: Data)
        /// Headers, then silence until the client gives up.
        case hang
        /// Announces more body than it sends, then closes.
        case truncated(status: Int, body: Data, announced: Int)
        /// Headers and the first `after` bytes of the body, then a TCP reset (RST), not a clean close.
        case reset(status: Int, headers: [String: String], body: Data, after: Int)
        /// These exact bytes, status line and headers included, then a close: for answers the
        /// other cases cannot shape (no Content-Length, a body delimited by the close).
        case raw(Data)

        public static func ok(_ body: Data, contentType: String = "application/xml", headers: [String: String] = [:]) -> Reply {
            .response(status: 200, headers: headers.merging(["Content-Type": contentType]) { first, _ in first }, body: body)
        }

        public static func status(_ code: Int, body: String = "") -> Reply {
            .response(status: code, headers: ["Content-Type": "text/plain"], body: Data(body.utf8))
        }
    }

    public typealias Handler = @Sendable (Request) -> Reply

    public private(set) var port: UInt16 = 0
    private let lock = NSLock()
    private var handler: Handler
    private var recorded: [Request] = []
    private var listener: Int32 = -1

    public init(handler: @escaping Handler) throws {
        self.handler = handler
        try start()
    }

    /// A handler serving fixed bodies by path, 404 for anything else.
    public convenience init(routes: [String: Reply]) throws {
        try self.init { request in
            let path = request.path.split(separator: "?").first.map(String.init) ?? request.path
            return routes[path] ?? .status(404, body: "not found")
        }
    }

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    public var requests: [Request] { lock.withLock { recorded } }

    public func setHandler(_ handler: @escaping Handler) { lock.withLock { self.handler = handler } }

    public func stop() {
        let fd = lock.withLock { () -> Int32 in
            defer { listener = -1 }
            return listener
        }
        if fd >= 0 {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    deinit { stop() }

    private func start() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else { close(fd); throw ServerError("bind/listen") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        let thread = Thread { [weak self] in self?.acceptLoop(fd) }
        thread.start()
    }

    private func acceptLoop(_ fd: Int32) {
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return  // the listener was closed
            }
            let thread = Thread { [weak self] in
                self?.serve(client)
                close(client)
            }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest(client) else { return }
        let handler = lock.withLock { () -> Handler in
            recorded.append(request)
            return self.handler
        }
        switch handler(request) {
        case .response(let status, let headers, let body):
            send(client, head(status: status, headers: headers, length: body.count) + body)
        case .truncated(let status, let body, let announced):
            send(client, head(status: status, headers: ["Content-Type": "application/xml"], length: announced) + body)
        case .reset(let status, let headers, let body, let after):
            send(client, head(status: status, headers: headers, length: body.count) + body.prefix(after))
            // A zero linger time makes the close that follows send RST instead of FIN.
            var linger = Glibc_linger(l_onoff: 1, l_linger: 0)
            setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc_linger>.size))
        case .raw(let data):
            send(client, data)
        case .hang:
            send(client, Data("HTTP/1.1 200 OK\r\nContent-Type: application/xml\r\nContent-Length: 2000\r\n\r\n<".utf8))
            // Hold the connection open until the client hangs up (bounded, so the thread ends).
            var byte: UInt8 = 0
            for _ in 0..<60 where recv(client, &byte, 1, 0) != 0 {}
        }
    }

    private func readRequest(_ client: Int32) -> Request? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.range(of: Data("\r\n\r\n".utf8)) == nil {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[0..<count])
            if data.count > 64 << 10 { return nil }
        }
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(method: String(parts[0]), path: String(parts[1]), headers: headers)
    }

    private func head(status: Int, headers: [String: String], length: Int) -> Data {
        var text = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nContent-Length: \(length)\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        return Data((text + "\r\n").utf8)
    }

    private func send(_ client: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc_send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }
}

public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ what: String) { description = "loopback server: \(what) failed (errno \(errno))" }
}

#if canImport(Glibc)
private let Glibc_send = Glibc.send
private typealias Glibc_linger = Glibc.linger
#else
private let Glibc_send = Darwin.send
private typealias Glibc_linger = Darwin.linger
#endif
