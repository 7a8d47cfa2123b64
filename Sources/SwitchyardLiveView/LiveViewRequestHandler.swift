import FlyingFox
import FlyingSocks
import Foundation

/// The live view's HTTP side: `GET /?token=…` is the page, `GET /ws?token=…` its WebSocket. A
/// request without a valid token gets 403, whatever it asks for; a WebSocket upgrade also needs an
/// Origin that is the page's own (`http://` + the Host it was served from), and on loopback a Host
/// that names loopback (a DNS-rebinding page reaches 127.0.0.1 under its own name).
struct LiveViewRequestHandler: HTTPHandler {
    let owner: LiveViewServer

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET else { return Self.plain(.methodNotAllowed, "the live view answers GET only") }
        guard let access = owner.access(forToken: request.query["token"]) else {
            return Self.plain(.forbidden, "wrong or missing token: use a link the live view printed")
        }
        guard let host = request.headers[.host], hostIsAllowed(host) else {
            return Self.plain(.forbidden, "this live view answers to its loopback address only (127.0.0.1 or localhost)")
        }
        switch request.path {
        case "/", "/index.html":
            var headers: HTTPHeaders = [:]
            headers[.contentType] = "text/html; charset=utf-8"
            headers[HTTPHeader("Cache-Control")] = "no-store"
            // The token is in the page's URL: it must not leave in a Referer, nor the page in a frame.
            headers[HTTPHeader("Referrer-Policy")] = "no-referrer"
            headers[HTTPHeader("X-Frame-Options")] = "DENY"
            headers[HTTPHeader("Content-Security-Policy")] =
                "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src ws://\(host); frame-ancestors 'none'"
            let page = owner.pageHTML.replacingOccurrences(of: "__ACCESS__", with: access.rawValue)
            return HTTPResponse(statusCode: .ok, headers: headers, body: Data(page.utf8))
        case "/ws":
            guard let origin = request.headers[HTTPHeader("Origin")], origin == "http://" + host else {
                return Self.plain(.forbidden, "WebSocket refused: its Origin is not this live view's page")
            }
            return try await WebSocketHTTPHandler(handler: LiveViewSocket(owner: owner, access: access)).handleRequest(request)
        default:
            return Self.plain(.notFound, "the live view has one page: /?token=…")
        }
    }

    private func hostIsAllowed(_ host: String) -> Bool {
        guard owner.address.hasPrefix("127.") else { return true }   // --listen: the token guards it
        let name: Substring
        if host.hasPrefix("[") {
            name = host.prefix(through: host.firstIndex(of: "]") ?? host.index(before: host.endIndex))
        } else {
            name = host.split(separator: ":", maxSplits: 1).first ?? ""
        }
        return name == "localhost" || name.hasPrefix("127.") || name == "[::1]"
    }

    static func plain(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        headers[.contentType] = "text/plain; charset=utf-8"
        return HTTPResponse(statusCode: status, headers: headers, body: Data((text + "\n").utf8))
    }
}

/// One page's WebSocket. Outgoing frames are made when the connection asks for the next one (an
/// unfolding stream), so a page that never reads holds one frame, not a queue: it gets the latest
/// state once it reads again.
struct LiveViewSocket: WSHandler {
    let owner: LiveViewServer
    let access: LiveViewServer.Access

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = owner.register(access, wake: wake)
        wake.yield()   // the current map and state at once
        let owner = owner
        let reader = Task {
            do {
                for try await frame in client {
                    switch frame.opcode {
                    case .text where frame.fin && frame.payload.count <= LiveViewServer.messageLimit:
                        owner.received(String(decoding: frame.payload, as: UTF8.self), from: id)
                    case .ping, .pong:
                        continue
                    default:
                        // A close, a binary or fragmented frame, or one too long: the page is done.
                        owner.markClosing(id)
                        return
                    }
                }
            } catch {}
            owner.markClosing(id)
        }
        let cursor = SocketCursor(wakes)
        return AsyncStream(unfolding: {
            while true {
                switch owner.nextMessage(for: id, sent: &cursor.sent) {
                case .text(let text)?:
                    return WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(text.utf8))
                case .close?:
                    guard !cursor.closed else { return nil }
                    cursor.closed = true
                    owner.unregister(id)
                    reader.cancel()
                    return WSFrame(fin: true, opcode: .close, mask: nil, payload: Data([0x03, 0xE8]))
                case nil:
                    guard await cursor.waitForWake() else {
                        owner.unregister(id)
                        reader.cancel()
                        return nil
                    }
                }
            }
        }, onCancel: {
            owner.unregister(id)
            reader.cancel()
        })
    }
}

/// What one connection has sent; used only from its own unfolding stream, one call at a time.
private final class SocketCursor: @unchecked Sendable {
    var sent = (map: 0, state: 0)
    var closed = false
    private var wakes: AsyncStream<Void>.Iterator

    init(_ stream: AsyncStream<Void>) {
        wakes = stream.makeAsyncIterator()
    }

    func waitForWake() async -> Bool {
        await wakes.next() != nil
    }
}
