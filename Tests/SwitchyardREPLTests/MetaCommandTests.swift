import Testing
@testable import SwitchyardREPL

@Suite struct MetaCommandTests {
    @Test func pathCommandsTakeTheirArgument() throws {
        #expect(try MetaCommand(parsing: ":go /album/1") == .go("/album/1"))
        #expect(try MetaCommand(parsing: ":push   latest") == .push("latest"))
        #expect(try MetaCommand(parsing: ":open myapp://album/1?presentation=sheet") == .open("myapp://album/1?presentation=sheet"))
        #expect(try MetaCommand(parsing: ":explain /user") == .explain("/user"))
    }

    @Test func aWritingCommandWithABangMayReplaceAFile() throws {
        #expect(try MetaCommand(parsing: ":save! state.json") == .replacing(.save("state.json")))
        #expect(try MetaCommand(parsing: ":graph! map.mmd") == .replacing(.graph(.mermaid, "map.mmd")))
        #expect(try MetaCommand(parsing: ":record! flow_spec.lua") == .replacing(.record("flow_spec.lua")))
        #expect(try MetaCommand(parsing: ":watch! map.svg") == .replacing(.watch("map.svg")))
        #expect(throws: MetaCommand.ParseError.self) { try MetaCommand(parsing: ":save!") }
        #expect(throws: MetaCommand.ParseError.self) { try MetaCommand(parsing: ":push! /a") }
    }

    @Test func countsDefaultToOne() throws {
        #expect(try MetaCommand(parsing: ":back") == .back(1))
        #expect(try MetaCommand(parsing: ":forward 3") == .forward(3))
        #expect(try MetaCommand(parsing: ":pop") == .pop(1))
        #expect(try MetaCommand(parsing: ":follow 2") == .follow(2))
    }

    @Test func graphTakesAnOptionalFormatAndFile() throws {
        #expect(try MetaCommand(parsing: ":graph") == .graph(.dot, nil))
        #expect(try MetaCommand(parsing: ":graph mermaid") == .graph(.mermaid, nil))
        #expect(try MetaCommand(parsing: ":graph dot map.png") == .graph(.dot, "map.png"))
        #expect(try MetaCommand(parsing: ":graph map.dot") == .graph(.dot, "map.dot"))
    }

    @Test func badInputSaysWhatWasWrong() {
        #expect(throws: MetaCommand.ParseError(description: ":go needs PATH (see :help)")) { try MetaCommand(parsing: ":go") }
        #expect(throws: MetaCommand.ParseError(description: ":back takes a positive number, not \"x\"")) {
            try MetaCommand(parsing: ":back x")
        }
        #expect(throws: MetaCommand.ParseError(description: ":trace takes on or off")) { try MetaCommand(parsing: ":trace maybe") }
    }

    @Test func unknownCommandsSuggestCloseOnes() {
        do {
            _ = try MetaCommand(parsing: ":folow 1")
            Issue.record("parsed an unknown command")
        } catch {
            #expect(error.description == "unknown command :folow (did you mean :follow, :flow, :flows?); :help lists them")
        }
    }

    @Test func everyCatalogueEntryParses() throws {
        for entry in MetaCommand.catalogue {
            let argument: String
            switch entry.arguments {
            case "": argument = ""
            case "[N]", "N": argument = " 1"
            case "[RUNS [SEED]]": argument = " 1 2"
            case "on|off": argument = " on"
            case "[dot|mermaid] [FILE]": argument = " dot"
            default: argument = " x"
            }
            _ = try MetaCommand(parsing: entry.name + argument)
        }
    }
}
