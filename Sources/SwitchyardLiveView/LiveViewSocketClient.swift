#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// The client end of the live view's WebSocket, for `switchyard attach`: a blocking socket to the
/// link a host printed (`http://127.0.0.1:PORT/?token=…`), opened with the same upgrade a page makes
/// (its Origin is the link's own, as the server requires), then text frames both ways.
///
///     let client = try LiveViewSocketClient(link: "http://127.0.0.1:8080/?token=3f…")
///     try client.send(#"{"type":"attach"}"#)
///     let message = try client.receive(timeout: 1000)   // nil when nothing came within a second
///
/// Every read is bounded: a frame longer than `messageLimit` ends the connection (the map's SVG
/// of a large app is the largest message a host sends).
package final class LiveViewSocketClient {
    package let descriptor: Int32
    /// The largest frame read from the host.
    package static let messageLimit = 64 << 20
    private var buffered: [UInt8] = []

    /// Connects and upgrades; a refused upgrade throws with the server's own reason ("wrong or
    /// missing token: …").
    package init(link: String) throws(LiveViewError) {
        let (host, port, target) = try Self.parse(link)
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let lookup = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(lookup, String(port), &hints, &list) == 0, let first = list else {
            throw LiveViewError("\(Self.redacted(link)): cannot find the host \(host)")
        }
        defer { freeaddrinfo(list) }
        var connected: Int32 = -1
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry, connected < 0 {
            let candidate = socket(current.pointee.ai_family, current.pointee.ai_socktype, current.pointee.ai_protocol)
            if candidate >= 0 {
                if connect(candidate, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0 {
                    connected = candidate
                } else {
                    close(candidate)
                }
            }
            entry = current.pointee.ai_next
        }
        guard connected >= 0 else {
            throw LiveViewError("\(Self.redacted(link)): nothing answers on \(host):\(port) (is the host still serving?)")
        }
        descriptor = connected
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var key = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in key.indices { key[index] = generator.next() }
        let authority = "\(host):\(port)"
        let request = "GET /ws\(target) HTTP/1.1\r\nHost: \(authority)\r\nOrigin: http://\(authority)\r\n"
            + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Key: \(Data(key).base64EncodedString())\r\n\r\n"
        do {
            try writeAll(Array(request.utf8))
            let head = try readHead()
            guard head.hasPrefix("HTTP/1.1 101") else {
                // The server's refusals are one line of text after the head.
                let reason = (try? readAvailable(deadlineMilliseconds: 2000)) ?? ""
                let line = reason.split(separator: "\n").first.map(String.init) ?? head.split(separator: "\r\n").first.map(String.init) ?? head
                throw LiveViewError("\(Self.redacted(link)): refused: \(line)")
            }
        } catch let error as LiveViewError {
            close(descriptor)
            throw error
        } catch {
            close(descriptor)
            throw LiveViewError("\(error)")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends one text frame, masked as a client's must be (RFC 6455 §5.3).
    package func send(_ text: String) throws(LiveViewError) {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        switch payload.count {
        case 0...125: frame.append(0x80 | UInt8(payload.count))
        case 126...0xFFFF: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: frame.append(0x80 | 127); frame += (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        var mask = [UInt8](repeating: 0, count: 4)
        var generator = SystemRandomNumberGenerator()
        for index in mask.indices { mask[index] = generator.next() }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try writeAll(frame)
    }

    /// The next text message, or nil when none began within `timeout` milliseconds (-1: wait as long
    /// as it takes). A message that began is read whole. Throws when the host closed the connection.
    package func receive(timeout: Int32) throws(LiveViewError) -> String? {
        while true {
            if buffered.isEmpty {
                guard try waitReadable(timeout) else { return nil }
            }
            let header = try read(2)
            let opcode = header[0] & 0x0F
            var length = Int(header[1] & 0x7F)
            if length == 126 {
                let extended = try read(2)
                length = Int(extended[0]) << 8 | Int(extended[1])
            } else if length == 127 {
                length = try read(8).reduce(0) { $0 << 8 | Int($1) }
            }
            guard length >= 0, length <= Self.messageLimit else { throw LiveViewError("the host sent a message over \(Self.messageLimit) bytes") }
            let payload = length > 0 ? try read(length) : []
            switch opcode {
            case 0x1: return String(decoding: payload, as: UTF8.self)
            case 0x8:
                let reason = payload.count > 2 ? String(decoding: payload[2...], as: UTF8.self) : ""
                throw LiveViewError(reason.isEmpty ? "the host ended the connection" : "the host ended the connection: \(reason)")
            default: continue   // ping, pong: nothing to answer for the live view
            }
        }
    }

    /// The link with its token hidden, for messages (a terminal's scrollback is no place for it).
    package static func redacted(_ link: String) -> String {
        guard let range = link.firstRange(of: "token=") else { return link }
        let end = link[range.upperBound...].firstIndex(of: "&") ?? link.endIndex
        return String(link[..<range.upperBound]) + "…" + String(link[end...])
    }

    /// `http://HOST:PORT/?token=T` → (HOST, PORT, "?token=T").
    static func parse(_ link: String) throws(LiveViewError) -> (host: String, port: UInt16, target: String) {
        guard link.hasPrefix("http://") else {
            throw LiveViewError("\(redacted(link)): give the navigate link the host printed, http://127.0.0.1:PORT/?token=…")
        }
        let rest = link.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        let target = rest.dropFirst(authority.count).drop { $0 == "/" }
        guard target.hasPrefix("?"), target.contains("token=") else {
            throw LiveViewError("\(redacted(link)): the link has no token (?token=…): copy the whole navigate link the host printed")
        }
        let host: Substring, portText: Substring
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[...close]
            portText = authority[authority.index(after: close)...].drop { $0 == ":" }
        } else {
            host = authority.prefix { $0 != ":" }
            portText = authority.dropFirst(host.count + 1)
        }
        guard !host.isEmpty, let port = UInt16(portText), port > 0 else {
            throw LiveViewError("\(redacted(link)): the link needs a host and a port, as in http://127.0.0.1:8080/?token=…")
        }
        return (String(host), port, String(target))
    }

    // MARK: Socket

    private func writeAll(_ bytes: [UInt8]) throws(LiveViewError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { socketSend(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw LiveViewError("the connection to the host broke: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// True when bytes wait; false at the timeout or when a signal (Ctrl-C) interrupted the wait.
    private func waitReadable(_ timeout: Int32) throws(LiveViewError) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, timeout)
        if ready < 0 && errno != EINTR { throw LiveViewError("the connection to the host broke: \(String(cString: strerror(errno)))") }
        return ready > 0
    }

    private func fill() throws(LiveViewError) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw LiveViewError("the host closed the connection") }
            buffered += chunk[..<count]
            return
        }
    }

    private func read(_ count: Int) throws(LiveViewError) -> [UInt8] {
        while buffered.count < count { try fill() }
        defer { buffered.removeFirst(count) }
        return Array(buffered[..<count])
    }

    private func readHead() throws(LiveViewError) -> String {
        while true {
            if let end = buffered.indices.dropLast(3).first(where: { buffered[$0] == 13 && buffered[$0 + 1] == 10 && buffered[$0 + 2] == 13 && buffered[$0 + 3] == 10 }) {
                let head = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeFirst(end + 4)
                return head
            }
            guard buffered.count < 16384 else { throw LiveViewError("the host's answer is not HTTP") }
            guard try waitReadable(10_000) else { throw LiveViewError("the host did not answer within 10 s") }
            try fill()
        }
    }

    /// What is left of a refusal's body (the server closes after it).
    private func readAvailable(deadlineMilliseconds: Int32) throws(LiveViewError) -> String {
        while (try? waitReadable(deadlineMilliseconds)) == true {
            do { try fill() } catch { break }
        }
        defer { buffered = [] }
        return String(decoding: buffered, as: UTF8.self)
    }
}

/// send(2) without SIGPIPE: a host gone away is an error to report, not a signal that ends attach.
private func socketSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
    return send(descriptor, bytes, count, 0)
    #endif
}
