import Switchyard
import SwitchyardLua

/// `switchyard types [FILE...] [-o DIR]`: loads the app's files (if any) and writes the editor and
/// linter definitions of `EditorDefinitions` under DIR, creating `DIR/library` when missing.
///
///     TypesExport.run(files: ["examples/music/app.lua"], directory: "examples/music", options: SessionOptions())
package enum TypesExport {
    package static func run(files: [String], directory: String, options: SessionOptions) -> ExitStatus {
        InterruptSignal.install()
        do {
            let definitions = EditorDefinitions(app: try app(loading: files, options: options))
            try TextFile.makeDirectory(directory + "/library")
            for file in definitions.files {
                let path = directory + "/" + file.path
                try TextFile.write(file.text, to: path)
                TerminalText.print("wrote \(RawPath.display(path))")
            }
            return .success
        } catch let failure as TextFile.Failure {
            StandardError.write("switchyard types: \(failure)")
            return .failure
        } catch {
            ErrorReport.write(error)
            return .failure
        }
    }

    /// Runs the files in a fresh runtime and reads back what they declared, and which globals they set
    /// beyond the API's own.
    static func app(loading files: [String], options: SessionOptions) throws -> EditorDefinitions.App {
        guard !files.isEmpty else { return .none }
        let host = try ScriptHost(options: options)
        let before = Set(try globalNames(host.engine))
        for file in files { try host.runFile(file) }
        InterruptSignal.describe("the globals of " + files.joined(separator: " "))
        let runtime = host.runtime
        var app = EditorDefinitions.App(
            files: files,
            routeNames: Array(Set(runtime.routeTable.routes.compactMap(\.name))).sorted(),
            tabNames: runtime.tabs.map(Navigator.tabName),
            flowNames: runtime.flows.keys.sorted(),
            globals: try globalNames(host.engine).filter { !before.contains($0) }.sorted())
        app.routeParameters = runtime.routeTable.routes.compactMap { route in
            guard let name = route.name,
                  route.querySchema != nil || !route.pattern.segments.allSatisfy({ $0.parameterName == nil }) else { return nil }
            return (name, parameterRecord(route.pattern.segments, types: route.parameterTypes))
        }.sorted { $0.name < $1.name }
        for route in runtime.routeTable.routes {
            guard let name = route.name, let schema = route.querySchema else { continue }
            app.routeQueries[name] = (queryRecord(schema), schema.entries.contains(where: \.required))
        }
        return app
    }

    /// `{page?: integer, tab?: "info"|"tracks", q: string|number|boolean}`: each declared key's LuaLS type,
    /// optional unless required (a key with a default may be left out too).
    private static func queryRecord(_ schema: QuerySchema) -> String {
        "{" + schema.entries.map { entry in
            "\(entry.key)\(entry.required ? "" : "?"): \(luaType(entry.type))"
        }.joined(separator: ", ") + "}"
    }

    private static func luaType(_ type: ParameterType?) -> String {
        switch type {
        case .int?: "integer"
        case .number?: "number"
        case .bool?: "boolean"
        case .uuid?, .matching?: "string"
        case .oneOf(let words)?: words.map(quoted).joined(separator: "|")
        case nil: "string|number|boolean"
        }
    }

    /// `{id: integer, tab?: string|number|boolean}`: a typed parameter's LuaLS type, an untyped one any
    /// value `url` writes; optional and splat parameters may be left out.
    private static func parameterRecord(_ segments: [PatternSegment], types: ParameterTypes?) -> String {
        let fields = segments.compactMap { segment -> String? in
            guard let name = segment.parameterName else { return nil }
            let optional: Bool
            switch segment {
            case .parameter: optional = false
            default: optional = true
            }
            return "\(name)\(optional ? "?" : ""): \(luaType(types?.type(of: name)))"
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A word of a script's enumeration as a LuaLS string literal: quotes, backslashes and control
    /// characters escaped, so no word can end the annotation line or the literal.
    private static func quoted(_ word: String) -> String {
        var out = "\""
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\", "\"": out += "\\" + String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7f: out += "\\" + String(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Ctrl-C armed: `pairs(_G)` runs a `__pairs` the files may have set.
    private static func globalNames(_ engine: LuaEngine) throws(LuaError) -> [String] {
        let listing = try ScriptHost.interruptible(engine) { () throws(LuaError) in try engine.run("""
            local names = {}
            for name in pairs(_G) do if type(name) == "string" then names[#names + 1] = name end end
            return table.concat(names, "\\n")
            """, chunkName: "=types") }.first?.stringValue ?? ""
        return listing.split(separator: "\n").map(String.init)
    }
}
