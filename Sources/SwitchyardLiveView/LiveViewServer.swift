#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import FlyingSocks
import FoundationEssentials
import Switchyard
import Synchronization

/// The live view's small local web server: it serves one page, and over a WebSocket pushes the
/// latest map and state to every page and hands the moves a page asks for to whoever drives the
/// navigator (the REPL), which runs them on its own thread.
///
///     let server = try LiveViewServer(page: LiveViewPage.html)
///     let port = try server.start()                      // 127.0.0.1, a free port
///     server.publish(map: svg, state: json)               // after each change; never blocks
///     poll(server.moveDescriptor) … server.takeMoves()    // what the pages asked for
///
/// Every request carries one of two random tokens: the navigate token lets a page send moves, the
/// view token only lets it watch. A WebSocket upgrade must also come from the page's own origin, so
/// another site open in the same browser cannot drive or read the view. A page that reads slowly
/// gets only the latest state: nothing queues up for it.
package final class LiveViewServer: Sendable {
    package enum Access: String, Sendable {
        case navigate, view
    }

    /// A move a page asked for: its fields as the page sent them ("op", "path", "label"…), and the
    /// connection it came from, for the answer.
    package struct Move: Sendable {
        package let fields: [String: String]
        package let client: Int
    }

    /// A message a page may send, at most; a longer one closes its connection.
    package static let messageLimit = 4096
    /// Moves waiting for the REPL, at most; more are refused (a page cannot make the REPL's queue grow).
    package static let pendingMoveLimit = 64
    /// Pages connected at once, at most (a class is far fewer); the next is told so and closed.
    package static let pageLimit = 256
    /// Connections open at once, at most, pages included: others are closed as they are accepted.
    package static let connectionLimit = 512

    package let navigateToken: String
    package let viewToken: String
    package let address: String
    private let requestedPort: UInt16
    private let page: String
    private let board = Mutex(Board())
    private let moveSignal: (read: Int32, write: Int32)
    private let running = Mutex<(listener: Socket, task: Task<Void, Never>)?>(nil)
    private let openConnections = Mutex(0)
    private let interruptHandler = Mutex<(@Sendable () -> Void)?>(nil)
    private let disconnectHandler = Mutex<(@Sendable (Int) -> Void)?>(nil)

    /// `address`: the IPv4 address to listen on (127.0.0.1 unless the person asked otherwise).
    package init(address: String = "127.0.0.1", port: UInt16 = 0, page: String) throws(LiveViewError) {
        self.address = address
        requestedPort = port
        self.page = page
        navigateToken = try Self.randomToken()
        viewToken = try Self.randomToken()
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw LiveViewError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        moveSignal = (descriptors[0], descriptors[1])
    }

    deinit {
        close(moveSignal.read)
        close(moveSignal.write)
    }

    /// Starts listening and returns the port (the one asked for, or a free one for port 0); the
    /// socket listens when this returns, so a link printed after it works at once.
    package func start() throws(LiveViewError) -> UInt16 {
        let listener: Socket
        let port: UInt16
        do {
            listener = try Socket(domain: Int32(AF_INET))
            try listener.setValue(true, for: .localAddressReuse)
            let socketAddress: sockaddr_in
            do { socketAddress = try .inet(ip4: address, port: requestedPort) } catch {
                throw LiveViewError("--listen \(address): not an IPv4 address (127.0.0.1, 0.0.0.0, 192.168.1.20)")
            }
            try listener.bind(to: socketAddress)
            try listener.listen()
            guard case .ip4(_, let bound) = try listener.sockname() else { throw LiveViewError("the socket has no IPv4 port") }
            port = bound
        } catch let error as LiveViewError {
            throw error
        } catch {
            throw LiveViewError("cannot listen on \(address):\(requestedPort): \(error)")
        }
        let pool = SocketPool.ePoll()
        let ready = DispatchSemaphore(value: 0)
        let failure = Mutex<String?>(nil)
        let task = Task.detached { [self] in
            do {
                try await pool.prepare()
                let accepting = try AsyncSocket(socket: listener, pool: pool)
                ready.signal()
                try await withThrowingDiscardingTaskGroup { group in
                    group.addTask { try await pool.run() }
                    for try await client in accepting.sockets {
                        let admitted = openConnections.withLock { count in
                            guard count < Self.connectionLimit else { return false }
                            count += 1
                            return true
                        }
                        guard admitted else { try? client.close(); continue }
                        group.addTask {
                            await LiveViewConnection(owner: self, socket: client).serve()
                            self.openConnections.withLock { $0 -= 1 }
                        }
                    }
                }
            } catch {
                failure.withLock { $0 = "\(error)" }
                ready.signal()
            }
        }
        ready.wait()
        if let message = failure.withLock({ $0 }) {
            try? listener.close()
            throw LiveViewError("cannot serve on \(address):\(port): \(message)")
        }
        running.withLock { $0 = (listener, task) }
        return port
    }

    /// Closes the listening socket and every page's connection (the pages say the view ended).
    package func stop() {
        guard let (listener, task) = running.withLock({ state in defer { state = nil }; return state }) else { return }
        let clients = board.withLock { board in
            for id in board.clients.keys { board.clients[id]!.closing = true }
            return board.clients.values.map(\.wake)
        }
        for wake in clients { wake.yield() }
        // The pages' tasks send their close frame; then everything ends with the task group.
        let deadline = ContinuousClock.now + .seconds(2)
        while connectionCount > 0 && ContinuousClock.now < deadline { usleep(5_000) }
        try? listener.close()
        task.cancel()
    }

    /// The map (when it changed: a new set of routes) and the state, for every page; a page still
    /// sending an older state gets this one next, and the ones in between never.
    package func publish(map: String?, state: String) {
        let wakes = board.withLock { board in
            if let map {
                board.map = map
                board.mapVersion += 1
            }
            board.state = state
            board.stateVersion += 1
            return board.clients.values.map(\.wake)
        }
        for wake in wakes { wake.yield() }
    }

    /// An answer for one page alone (a move it may not make, a message it got wrong).
    package func reply(to client: Int, _ json: String) {
        let wake = board.withLock { board -> AsyncStream<Void>.Continuation? in
            guard board.clients[client] != nil else { return nil }
            if board.clients[client]!.replies.count < 8 { board.clients[client]!.replies.append(json) }
            return board.clients[client]!.wake
        }
        wake?.yield()
    }

    /// Readable when a page asked for a move: poll it beside stdin, then `takeMoves()`.
    package var moveDescriptor: Int32 { moveSignal.read }

    /// The moves waiting, oldest first; empties the queue and the descriptor.
    package func takeMoves() -> [Move] {
        var byte: UInt8 = 0
        while read(moveSignal.read, &byte, 1) > 0 {}
        return board.withLock { board in
            defer { board.moves = [] }
            return board.moves
        }
    }

    /// What an `{"type":"interrupt"}` message from a navigate link calls, on the server's thread and
    /// at once: an attached REPL's Ctrl-C must reach Lua while the host's thread is busy running the
    /// very line it interrupts, so it cannot wait in the move queue behind it.
    package func onInterrupt(_ handler: @escaping @Sendable () -> Void) {
        interruptHandler.withLock { $0 = handler }
    }

    /// What a connection's end calls, with its client number, on the server's thread: a host
    /// interrupts the line an attached REPL that went away left running.
    package func onDisconnect(_ handler: @escaping @Sendable (Int) -> Void) {
        disconnectHandler.withLock { $0 = handler }
    }

    /// Whether `client` is still connected.
    package func isConnected(_ client: Int) -> Bool {
        board.withLock { $0.clients[client] != nil }
    }

    /// Pages connected now.
    package var connectionCount: Int { board.withLock { $0.clients.count } }

    // MARK: - Connections

    struct Board {
        var map = ""
        var mapVersion = 0
        var state = "{}"
        var stateVersion = 0
        var clients: [Int: Client] = [:]
        var nextClient = 1
        var moves: [Move] = []
    }

    struct Client {
        let access: Access
        let wake: AsyncStream<Void>.Continuation
        var replies: [String] = []
        var closing = false
    }

    func access(forToken token: String?) -> Access? {
        guard let token else { return nil }
        if Self.sameBytes(token, navigateToken) { return .navigate }
        if Self.sameBytes(token, viewToken) { return .view }
        return nil
    }

    var pageHTML: String { page }

    func register(_ access: Access, wake: AsyncStream<Void>.Continuation) -> Int? {
        board.withLock { board in
            guard board.clients.count < Self.pageLimit else { return nil }
            let id = board.nextClient
            board.nextClient += 1
            board.clients[id] = Client(access: access, wake: wake)
            return id
        }
    }

    func unregister(_ client: Int) {
        let wake = board.withLock { $0.clients.removeValue(forKey: client)?.wake }
        wake?.finish()
        if let handler = disconnectHandler.withLock({ $0 }) { handler(client) }
    }

    func markClosing(_ client: Int) {
        let wake = board.withLock { board -> AsyncStream<Void>.Continuation? in
            board.clients[client]?.closing = true
            return board.clients[client]?.wake
        }
        wake?.yield()
    }

    /// What to send a page next, given what it has: an answer meant for it, else the map if it has
    /// an older one, else the state if it has an older one; nil when it is up to date.
    func nextMessage(for client: Int, sent: inout (map: Int, state: Int)) -> Outgoing? {
        board.withLock { board in
            guard var entry = board.clients[client] else { return .close }
            if entry.closing { return .close }
            if !entry.replies.isEmpty {
                let reply = entry.replies.removeFirst()
                board.clients[client] = entry
                return .text(reply)
            }
            if sent.map != board.mapVersion {
                sent.map = board.mapVersion
                return .text(#"{"type":"map","svg":"# + JSONStringLiteral.quoted(board.map) + "}")
            }
            if sent.state != board.stateVersion {
                sent.state = board.stateVersion
                return .text(board.state)
            }
            return nil
        }
    }

    enum Outgoing {
        case text(String)
        case close
    }

    /// A page's message: a JSON object of strings. A view-only page is told it cannot navigate.
    func received(_ text: String, from client: Int) {
        guard let data = Optional(Data(text.utf8)),
              let fields = try? JSONDecoder().decode([String: String].self, from: data) else {
            reply(to: client, Self.errorMessage("the live view reads a JSON object of strings, such as {\"op\":\"push\",\"path\":\"/\"}"))
            return
        }
        let access = board.withLock { $0.clients[client]?.access }
        guard access == .navigate else {
            reply(to: client, Self.errorMessage("this is the view-only link: it shows the navigation but cannot change it"))
            return
        }
        if fields["type"] == "interrupt" {
            if let handler = interruptHandler.withLock({ $0 }) { handler() }
            return
        }
        let queued = board.withLock { board -> Bool in
            guard board.moves.count < Self.pendingMoveLimit else { return false }
            board.moves.append(Move(fields: fields, client: client))
            return true
        }
        guard queued else {
            reply(to: client, Self.errorMessage("the REPL is busy: \(Self.pendingMoveLimit) moves are already waiting"))
            return
        }
        var byte: UInt8 = 1
        _ = write(moveSignal.write, &byte, 1)
    }

    static func errorMessage(_ text: String) -> String {
        #"{"type":"error","message":"# + JSONStringLiteral.quoted(text) + "}"
    }

    /// 128 random bits as hex, from the system's generator (getrandom).
    private static func randomToken() throws(LiveViewError) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Compares every byte whatever the first difference, so the time taken tells nothing of the token.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}

/// Why the live view could not start.
package struct LiveViewError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
