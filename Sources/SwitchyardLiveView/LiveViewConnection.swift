import FlyingSocks
import FoundationEssentials

/// One connection to the live view: an HTTP request (the page, or the WebSocket upgrade), and for
/// the WebSocket its frames both ways. Written here rather than taken from a web framework so that
/// every limit is the live view's: a request head of at most 8 KB read within 10 s, a page's
/// message at most `LiveViewServer.messageLimit` bytes, and nothing queued for a page that does not
/// read (it is sent the latest state when it reads again).
///
/// Every request carries one of the two tokens (`?token=`), or gets 403 whatever it asks; an
/// upgrade must also come from the page's own origin (`http://` + the Host it was served from),
/// and on loopback the Host must name loopback (a DNS-rebinding page reaches 127.0.0.1 under its
/// own name).
struct LiveViewConnection {
    let owner: LiveViewServer
    let socket: AsyncSocket

    static let headLimit = 8192
    static let headDeadline: Duration = .seconds(10)

    struct Request {
        let method: String
        let path: String
        let query: [String: String]
        /// Names lowercased.
        let headers: [String: String]
    }

    func serve() async {
        defer { try? socket.close() }
        guard let request = await readRequest() else { return }
        guard request.method == "GET" else { return await respond(405, "the live view answers GET only") }
        guard let access = owner.access(forToken: request.query["token"]) else {
            return await respond(403, "wrong or missing token: use a link the live view printed")
        }
        guard let host = request.headers["host"], hostIsAllowed(host) else {
            return await respond(403, "this live view answers to its loopback address only (127.0.0.1 or localhost)")
        }
        switch request.path {
        case "/", "/index.html":
            let page = owner.pageHTML.replacing("__ACCESS__", with: access.rawValue)
            await respond(200, page, type: "text/html; charset=utf-8", extra: [
                "Cache-Control: no-store",
                // The token is in the page's URL: it must not leave in a Referer, nor the page in a frame.
                "Referrer-Policy: no-referrer",
                "X-Frame-Options: DENY",
                "Content-Security-Policy: default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                    + "img-src data:; connect-src ws://\(host); frame-ancestors 'none'",
            ])
        case "/ws":
            guard let origin = request.headers["origin"], origin == "http://" + host else {
                return await respond(403, "WebSocket refused: its Origin is not this live view's page")
            }
            guard request.headers["upgrade"]?.lowercased() == "websocket",
                  request.headers["sec-websocket-version"] == "13",
                  let key = request.headers["sec-websocket-key"], !key.isEmpty, key.count < 100 else {
                return await respond(400, "a WebSocket upgrade needs Upgrade: websocket, Sec-WebSocket-Version: 13 and a key")
            }
            let accept = Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
            let head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n"
            guard (try? await socket.write(Data(head.utf8))) != nil else { return }
            await runWebSocket(access)
        default:
            await respond(404, "the live view has one page: /?token=…")
        }
    }

    // MARK: HTTP

    /// The request head, or nil when the client sent more than `headLimit` bytes, took longer than
    /// `headDeadline`, or sent something that is not HTTP.
    private func readRequest() async -> Request? {
        // The read is cancelled when the deadline comes first (closing the socket under a read
        // suspended in the pool would leave it waiting for ever, and the connection counted).
        await withTaskGroup(of: Request?.self) { group in
            group.addTask { await readHead() }
            group.addTask {
                try? await Task.sleep(for: Self.headDeadline)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    private func readHead() async -> Request? {
        var bytes: [UInt8] = []
        while true {
            guard let chunk = try? await socket.read(atMost: 1024), !chunk.isEmpty else { return nil }
            bytes += chunk
            if let end = Self.endOfHead(bytes) { return Self.parse(Array(bytes[..<end])) }
            guard bytes.count < Self.headLimit else { return nil }
        }
    }

    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    static func parse(_ head: [UInt8]) -> Request? {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
        let target = parts[1]
        let path = String(target.prefix { $0 != "?" })
        var query: [String: String] = [:]
        if let mark = target.firstIndex(of: "?") {
            for pair in target[target.index(after: mark)...].split(separator: "&") {
                let nameValue = pair.split(separator: "=", maxSplits: 1)
                guard let name = nameValue.first else { continue }
                query[String(name)] = nameValue.count > 1 ? String(nameValue[1]) : ""
            }
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
        return Request(method: String(parts[0]), path: path, query: query, headers: headers)
    }

    private func hostIsAllowed(_ host: String) -> Bool {
        guard owner.address.hasPrefix("127.") else { return true }   // --listen: the token guards it
        let name: Substring
        if host.hasPrefix("[") {
            name = host.prefix { $0 != "]" } + "]"
        } else {
            name = host.split(separator: ":", maxSplits: 1).first ?? ""
        }
        return name == "localhost" || name.hasPrefix("127.") || name == "[::1]"
    }

    private func respond(_ status: Int, _ body: String, type: String = "text/plain; charset=utf-8", extra: [String] = []) async {
        let reasons = [200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed"]
        let text = type.hasPrefix("text/plain") ? body + "\n" : body
        let payload = Array(text.utf8)
        var head = "HTTP/1.1 \(status) \(reasons[status] ?? "Error")\r\nContent-Type: \(type)\r\nContent-Length: \(payload.count)\r\nConnection: close\r\n"
        for line in extra { head += line + "\r\n" }
        _ = try? await socket.write(Data(Array((head + "\r\n").utf8) + payload))
    }

    // MARK: WebSocket

    private func runWebSocket(_ access: LiveViewServer.Access) async {
        let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        guard let id = owner.register(access, wake: wake) else {
            _ = try? await socket.write(Data(Self.frame(opcode: 0x8, Array([0x03, 0xF5] + Array("too many pages are connected".utf8)))))
            return
        }
        defer { owner.unregister(id) }
        wake.yield()   // the current map and state at once
        let owner = owner, socket = socket
        let reader = Task {
            await Self.readFrames(from: socket) { text in owner.received(text, from: id) }
            owner.markClosing(id)
        }
        defer { reader.cancel() }
        // Sends what is newer each time something changed; a page that does not read keeps this
        // task waiting in its write, and the board keeps only the latest state meanwhile.
        var sent = (map: 0, state: 0)
        for await _ in wakes {
            while let next = owner.nextMessage(for: id, sent: &sent) {
                switch next {
                case .text(let text):
                    guard (try? await socket.write(Data(Self.frame(opcode: 0x1, Array(text.utf8))))) != nil else { return }
                case .close:
                    _ = try? await socket.write(Data(Self.frame(opcode: 0x8, [0x03, 0xE8])))
                    return
                }
            }
        }
    }

    /// Reads a page's frames until it closes, breaks the protocol, or sends a message longer than
    /// `messageLimit` (which is never read into memory: the connection ends at its header).
    private static func readFrames(from socket: AsyncSocket, _ deliver: (String) -> Void) async {
        do {
            while true {
                let header = try await socket.read(bytes: 2)
                let opcode = header[0] & 0x0F, fin = header[0] & 0x80 != 0, masked = header[1] & 0x80 != 0
                var length = Int(header[1] & 0x7F)
                if length == 126 {
                    let extended = try await socket.read(bytes: 2)
                    length = Int(extended[0]) << 8 | Int(extended[1])
                } else if length == 127 {
                    return   // 64 KB and more: far over the limit
                }
                // A client's frames are masked (RFC 6455 §5.1); one over the limit ends the connection.
                guard masked, length <= LiveViewServer.messageLimit else { return }
                let mask = try await socket.read(bytes: 4)
                var payload = length > 0 ? try await socket.read(bytes: length) : []
                for index in payload.indices { payload[index] ^= mask[index % 4] }
                switch opcode {
                case 0x1 where fin: deliver(String(decoding: payload, as: UTF8.self))
                case 0x9, 0xA: continue   // ping, pong: nothing the live view needs to answer
                default: return           // close, binary, fragments: the page is done
                }
            }
        } catch {
            return
        }
    }

    /// A server frame: final, unmasked.
    static func frame(opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | opcode]
        switch payload.count {
        case 0...125: bytes.append(UInt8(payload.count))
        case 126...0xFFFF: bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes.append(127); bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        return bytes + payload
    }
}
