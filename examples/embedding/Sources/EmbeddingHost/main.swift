// A Swift host that embeds Switchyard: it declares routes in Swift, loads a Lua script that
// adds validators and a flow, subscribes to changes, and drives the navigator from both
// sides. Everything it prints is checked by ../run.sh against expected-output.txt.
//
//     swift run EmbeddingHost routes.lua
//     swift run EmbeddingHost routes.lua --serve    then: switchyard attach 'LINK IT PRINTS'

import Foundation
import Switchyard
import SwitchyardLua
import SwitchyardREPL

let scriptPath = CommandLine.arguments.dropFirst().first ?? "routes.lua"

/// Prints a failed operation the way a host would report it, and goes on.
func attempt(_ label: String, _ body: () throws -> Void) {
    do { try body() } catch { print("\(label) failed: \(error)") }
}

do {
    // Sandboxed by default: the script gets no io, os.execute, debug or C modules.
    let runtime = try SwitchyardRuntime()
    let navigator = runtime.navigator

    // Routes declared in Swift, with titles and view text the host can show.
    let routes = runtime.routeTable
    try routes.add("/", name: "home", payload: RouteDefinition(title: "Home", view: "Start here.",
                                                               links: ["/album/1", "/settings"]))
    try routes.add("/settings", payload: RouteDefinition(title: "Settings", presentation: .sheet))
    try routes.add("/welcome", payload: RouteDefinition(title: "Welcome"))
    try routes.add("/welcome/name", payload: RouteDefinition(title: "Your Name"))
    try routes.add("/welcome/done", payload: RouteDefinition(title: .computed { info in "Done (\(info.path))" }))

    // Validators and a flow from Lua, into the same table; then the start screen lands on "/".
    try runtime.load(file: scriptPath)

    // Every change, as the host's UI layer would receive it. (Unowned: the navigator keeps
    // its observers, so a strong capture would be a cycle.)
    let token = navigator.observe { [unowned navigator] event in
        let depth = navigator.environments.count
        print("\(event.name): \(event.from.path) → \(event.to.path)"
              + "  [\(event.to.title ?? "untitled")] environments: \(depth)")
    }

    try navigator.push("/album/12")                       // Lua validator: 12 is a number
    print("value from the Lua validator:", navigator.screen.value.map { "\($0)" } ?? "nil")
    try navigator.push("/album/new")                      // falls through to /album/:name
    try navigator.startFlow("signup")                     // flow declared in Lua
    try navigator.next()
    try navigator.nextOrDismiss()
    try navigator.nextOrDismiss()                         // queue empty: dismisses the cover
    try navigator.open("myapp://settings")                // the route's default: a sheet
    attempt("next") { try navigator.next() }              // nothing queued: a clear error

    // The Lua API drives the very same navigator, and the observer sees its operations too.
    try runtime.engine.run("nav.dismiss_environment() nav.push('/album/7')", chunkName: "=host")
    print("location:", navigator.path, "stack:", navigator.stack.map(\.path))
    let sandboxed = try runtime.engine.run("return io == nil and os.execute == nil", chunkName: "=host")
    print("script sandboxed:", sandboxed.first.map { "\($0)" } ?? "nil")

    // A script error names its chunk and line, and changes nothing.
    attempt("script") { try runtime.engine.run("local target = '/nowhere'\nnav.pop_to(target)", chunkName: "=host") }
    print("location:", navigator.path)

    token.cancel()
    try navigator.pop()
    print("after cancel (no event printed):", navigator.path)

    // With --serve: the live view on this very runtime, for a browser and for `switchyard attach
    // LINK`, a REPL on the running app. Lines typed there run here, on this thread, sandboxed as
    // above; the app's own model (here, a line printed) follows every change they make.
    if CommandLine.arguments.contains("--serve") {
        let live = try LiveViewHost(runtime: runtime)
        live.onChange = { navigator in print("model: now showing \(navigator.path)") }
        let links = try live.start(port: 0)             // prints the two links, as :serve does
        print("attach a REPL: switchyard attach '\(links.navigate)'")
        live.serve(untilReadable: STDIN_FILENO)         // until stdin ends (Ctrl-D)
        live.stop()
    }
} catch {
    FileHandle.standardError.write(Data("embedding example failed: \(error)\n".utf8))
    exit(1)
}
