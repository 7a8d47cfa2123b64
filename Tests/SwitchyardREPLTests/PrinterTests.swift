import Testing
@testable import SwitchyardREPL
@testable import SwitchyardTools

@Suite struct ScreenPrinterTests {
    @Test func screenShowsTitlePathViewAndNumberedLinks() {
        let screen = ScreenSnapshot(path: "/album/12", pattern: "/album/:id", title: "Album 12",
                                    view: "Tracks: Intro, Outro", links: ["/album/12/tracks", "/artist/7"],
                                    presentation: "sheet")
        #expect(ScreenPrinter().render(screen) == """
            ━━ Album 12 ━━  /album/12  (/album/:id, sheet)
            Tracks: Intro, Outro
              [1] /album/12/tracks
              [2] /artist/7
            """)
    }

    @Test func screenWithoutRouteSaysSo() {
        #expect(ScreenPrinter().render(ScreenSnapshot(path: "/")) == "━━ / ━━  (no route)")
    }
}

@Suite struct StateTreePrinterTests {
    @Test func environmentsNestWithTabsAlertAndModals() {
        let state = NavigationSnapshot(
            environments: [
                .init(kind: "root", stack: [.init(path: "/"), .init(path: "/album/12")],
                      tabs: [.init(name: "home", stack: []), .init(name: "search", stack: [])], selectedTab: 0),
                .init(kind: "sheet", stack: [.init(path: "/album/12/share")]),
                .init(kind: "cover", stack: [.init(path: "/login")]),
            ],
            alert: .init(title: "Delete album?", message: "This cannot be undone.", buttons: ["Delete", "Cancel"], cancel: "Cancel"),
            modals: ["/help"],
            flow: .init(name: "onboarding", remaining: ["/profile", "/done"]))
        #expect(StateTreePrinter().render(state) == """
            root [home* · search]  / › /album/12
              sheet  /album/12/share
                cover  /login
            flow onboarding: /profile › /done
            alert  Delete album? — This cannot be undone. [Delete] [Cancel]  :dismiss chooses [Cancel]
            modals  /help
            """)
    }

    @Test func anAlertWithoutACancelSaysToChoose() {
        let state = NavigationSnapshot(environments: [.init(kind: "root", stack: [.init(path: "/")])],
                                       alert: .init(title: "Pick", buttons: ["A", "B"]))
        #expect(StateTreePrinter().render(state).hasSuffix("alert  Pick [A] [B]  :choose a button (no Cancel to dismiss with)"))
    }

    @Test func currentLocationIsBoldOnATerminal() {
        let state = NavigationSnapshot(environments: [.init(kind: "root", stack: [.init(path: "/"), .init(path: "/x")])])
        let text = StateTreePrinter(style: TerminalStyle(enabled: true)).render(state)
        #expect(text.contains("\u{1B}[1m/x\u{1B}[0m"))
        #expect(!text.contains("\u{1B}[1m/\u{1B}[0m"))
    }
}

@Suite struct RouteListPrinterTests {
    @Test func columnsAlignAndEmptyFieldsShowADash() {
        let rows = [
            RouteListing(pattern: "/album/new", options: ["cover"], site: "app.lua:9"),
            RouteListing(pattern: "/album/:id", name: "album", options: ["sheet", "validate"], site: "app.lua:4"),
            RouteListing(pattern: "/*"),
        ]
        #expect(RouteListPrinter().render(rows) == """
            #  pattern     name   options          declared at
            1  /album/new  -      cover            app.lua:9
            2  /album/:id  album  sheet, validate  app.lua:4
            3  /*          -      -                -
            """)
    }

    @Test func noRoutesIsSaid() {
        #expect(RouteListPrinter().render([]) == "(no routes declared)")
    }
}

@Suite struct TerminalStyleTests {
    @Test func disabledStyleLeavesTextAlone() {
        #expect(TerminalStyle.plain.bold("x") == "x")
        #expect(TerminalStyle(enabled: true).bold("x") == "\u{1B}[1mx\u{1B}[0m")
    }

    @Test func readlinePromptMarksEscapesInvisible() {
        let prompt = TerminalStyle(enabled: true).green("> ")
        #expect(ReadlineEditor.readlinePrompt(prompt) == "\u{01}\u{1B}[32m\u{02}> \u{01}\u{1B}[0m\u{02}")
        #expect(ReadlineEditor.readlinePrompt("> ") == "> ")
    }
}
