// A Swift host that embeds Switchyard: it declares routes in Swift, loads a Lua script that
// adds validators and a flow, subscribes to changes, and drives the navigator from both
// sides. Everything it prints is checked by ../run.sh against expected-output.txt.
//
//     swift run EmbeddingHost routes.lua

import Foundation
import Switchyard
import SwitchyardLua

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
        let depth = navigator.state.environments.count
        print("\(event.operation.rawValue): \(event.from.path) → \(event.to.path)"
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
} catch {
    FileHandle.standardError.write(Data("embedding example failed: \(error)\n".utf8))
    exit(1)
}
