import Foundation
import Testing
import SwitchyardLua

/// `help()` prints from `LuaAPIReference`; the README's API reference must say the same words.
@Suite struct APIReferenceTests {
    static let readme: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")   // line breaks don't count
    }()

    /// The Lua API reference section, where every bold signature must be an entry.
    static var referenceSection: Substring {
        guard let start = readme.range(of: "## Lua API reference"),
              let end = readme.range(of: "## REPL guide", range: start.upperBound..<readme.endIndex) else { return "" }
        return readme[start.upperBound..<end.lowerBound]
    }

    @Test("the README says each entry's summary", arguments: LuaAPIReference.entries)
    func readmeHasTheEntry(entry: LuaAPIReference.Entry) {
        let signature = entry.topic == .fields ? "`\(entry.name)`" : "**`\(entry.signature)`**"
        #expect(Self.readme.contains(signature), "README lacks \(signature)")
        #expect(Self.readme.contains(entry.summary), "README lacks the summary of \(entry.name): \(entry.summary)")
    }

    @Test func everyBoldSignatureOfTheReferenceIsAnEntry() throws {
        let signatures = Set(LuaAPIReference.entries.map(\.signature))
        let bold = try Regex("\\*\\*`([^`]+)`\\*\\*")
        let found = Self.referenceSection.matches(of: bold).map { String($0.output[1].substring ?? "") }
        #expect(found.count > 30)
        for signature in found {
            #expect(signatures.contains(signature), "README documents \(signature), which help() does not know")
        }
    }

    @Test func namesAreUniqueAndExamplesCompile() throws {
        #expect(Set(LuaAPIReference.entries.map(\.name)).count == LuaAPIReference.entries.count)
        let engine = try LuaEngine()
        for entry in LuaAPIReference.entries {
            // Compiled, not run (an example may need routes its one line does not declare), as a
            // statement or else as an expression.
            let code = entry.example.components(separatedBy: "-->").first!
            let asStatement = try? engine.run("return function() local saved, handle; \(code) end", chunkName: "=example")
            let asExpression = try? engine.run("return function() return (\(code)) end", chunkName: "=example")
            #expect(asStatement != nil || asExpression != nil, "\(entry.name)'s example does not compile: \(entry.example)")
        }
    }
}

/// `switchyard types` writes from `LuaAPIReference` and `LuaAPITypes` together: every entry must be typed.
@Suite struct APITypesTests {
    @Test func everyEntryHasTypesAndEveryTypeAnEntry() {
        let names = Set(LuaAPIReference.entries.map(\.name))
        for entry in LuaAPIReference.entries {
            let typed = entry.topic == .fields ? LuaAPITypes.fields[entry.name] != nil : LuaAPITypes.functions[entry.name] != nil
            #expect(typed, "\(entry.name) has no types in LuaAPITypes")
        }
        #expect(Set(LuaAPITypes.functions.keys).subtracting(names).isEmpty)
        #expect(Set(LuaAPITypes.fields.keys).subtracting(names).isEmpty)
    }

    /// Every function entry's written parameters are its typed ones. Nothing is skipped quietly: an
    /// entry without types, or whose signature names none while its types name some, fails, and the
    /// count of entries compared must cover every function entry that takes parameters.
    @Test func typedParametersAreTheSignaturesParameters() {
        var compared = 0
        var takingParameters = 0
        for entry in LuaAPIReference.entries where entry.topic != .fields && entry.signature.contains("(") {
            // A callback written out in the signature ("hooks.before(function() ... end)") is not a list
            // of names.
            if entry.signature.contains("function()") { continue }
            guard let function = LuaAPITypes.functions[entry.name] else {
                Issue.record("\(entry.name) has a signature but no types in LuaAPITypes")
                continue
            }
            let inside = entry.signature.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
            let written = inside.split(whereSeparator: { ", []".contains($0) }).map(String.init).filter { !$0.contains("=") && !$0.contains("{") && !$0.contains("}") }
            let typed = function.parameters.map(\.name)
            if !typed.isEmpty { takingParameters += 1 }
            // A table written out in the signature ("nav.go(path [, {replace = true}])") is the typed list's last.
            let expected = entry.signature.contains("{") ? Array(typed.prefix(written.count)) : typed
            #expect(written == expected, "\(entry.signature) vs \(typed)")
            // (A table written out is a parameter written.)
            if !written.isEmpty || entry.signature.contains("{") { compared += 1 }
        }
        #expect(compared > 0 && compared == takingParameters,
                "compared \(compared) signatures of the \(takingParameters) functions that take parameters")
    }
}
