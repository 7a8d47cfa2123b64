// A Swift app as an embedder writes one, serving its live view so that `switchyard attach` can
// open a REPL on its running runtime: the end-to-end tests (Tests/EndToEndTests/AttachTests.swift)
// start it as a process. Routes come from Swift and from the Lua files given; every change made
// from outside (an attached REPL, a page) reaches the app's own model, which prints it as
// "mirror: <operation> <path>". It serves until its stdin ends.
//
//     .build/debug/LiveViewTestHost [--max-instructions N] [FILE.lua ...]

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Switchyard
import SwitchyardLua
import SwitchyardREPL

do {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var limit: Int?
    if arguments.first == "--max-instructions", arguments.count > 1 {
        limit = Int(arguments[1])
        arguments.removeFirst(2)
    }
    // Sandboxed, as an app running scripts it did not write should be; budgeted when asked.
    let runtime = try SwitchyardRuntime(configuration: LuaEngine.Configuration(sandboxed: true, instructionLimit: limit))
    try runtime.routeTable.add("/", name: "home", payload: RouteDefinition(title: "Home", links: ["/albums", "/settings"]))
    try runtime.routeTable.add("/albums", payload: RouteDefinition(title: "Albums"))
    try runtime.routeTable.add("/albums/:id", payload: RouteDefinition(title: "Album"))
    try runtime.routeTable.add("/settings", payload: RouteDefinition(title: "Settings", presentation: .sheet))
    for file in arguments {
        try runtime.load(file: file)
    }
    if runtime.navigator.path != "/" { try runtime.navigator.go("/") }

    let live = try LiveViewHost(runtime: runtime)
    live.onChange = { navigator in
        print("mirror: \(navigator.lastAction.map { "\($0.operation.rawValue)" } ?? "?") \(navigator.path)")
        fflush(nil)
    }
    let links = try live.start(port: 0)
    print("attach with: switchyard attach '\(links.navigate)'")
    fflush(nil)
    live.serve(untilReadable: STDIN_FILENO)
    live.stop()
    print("host: stopped serving")
} catch {
    let message = Array("LiveViewTestHost: \(error)\n".utf8)
    _ = write(STDERR_FILENO, message, message.count)
    exit(1)
}
