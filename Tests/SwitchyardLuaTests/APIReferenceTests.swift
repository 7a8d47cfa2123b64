import Foundation
import Testing
@testable import SwitchyardLua

/// `help()` prints from `LuaAPIReference`; the guides in docs/ that explain the API at length must say
/// the same words (docs/lua-api.md is generated from it: LuaAPIReferenceDocumentTests holds it to the text).
@Suite struct APIReferenceTests {
    /// The hand-written guides of docs/ (every Markdown file but the generated reference), as one text.
    static let guides: String = {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? [])
            .filter { $0.hasSuffix(".md") && "docs/" + $0 != LuaAPIReferenceDocument.path }.sorted()
        let text = files.compactMap { try? String(contentsOf: docs.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")   // line breaks don't count
    }()

    @Test("the guides say each entry's summary", arguments: LuaAPIReference.entries)
    func guidesHaveTheEntry(entry: LuaAPIReference.Entry) {
        let signature = entry.topic == .fields ? "`\(entry.name)`" : "**`\(entry.signature)`**"
        let (hasSignature, hasSummary) = (Self.guides.contains(signature), Self.guides.contains(entry.summary))
        #expect(hasSignature, "docs/ lacks \(signature)")
        #expect(hasSummary, "docs/ lacks the summary of \(entry.name): \(entry.summary)")
    }

    @Test func everyBoldSignatureOfTheGuidesIsAnEntry() throws {
        let signatures = Set(LuaAPIReference.entries.map(\.signature))
        let bold = try Regex("\\*\\*`([^`]+)`\\*\\*")
        let found = Self.guides.matches(of: bold).map { String($0.output[1].substring ?? "") }
        #expect(found.count > 30)
        for signature in found {
            #expect(signatures.contains(signature), "docs/ documents \(signature), which help() does not know")
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
