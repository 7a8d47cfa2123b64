import ArgumentParser
import SwitchyardREPL
import SwitchyardTools

extension WalkOptions.Format: ExpressibleByArgument {}

struct WalkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "walk",
        abstract: "Walk the app at random against its invariants; shrink a violation to a spec.",
        discussion: """
            Each run starts from a fresh navigator and draws each step (seeded) among the moves \
            possible where it is: follow a declared link, back, forward, pop, dismiss, dismiss the \
            environment, switch tab, start a flow, next, choose an alert button, open an entry route; \
            and, whatever is up, settle or refuse a navigation held by nav.pending, and set a session \
            flag declared with flag(name, values [, set]) to another of its values, then revalidate \
            (a sign-out under the screens shown). Each run starts with every flag at its first value. \
            After every step the invariants declared with invariant(name, fn) are checked, and the \
            built-in ones: the state survives save and restore unchanged, a move that failed changed \
            nothing, moves raise only navigation errors. A move a guard blocks still counts as a step.

            A violation is shrunk (delta debugging) to a shortest walk that breaks the same invariant, \
            printed as numbered steps and as a spec for switchyard test; exit 1. No violation: exit 0. \
            Without --seed a random seed is used and printed, to replay the walk with --seed.

            EXAMPLES:
              switchyard walk app.lua                  100 runs of 50 steps, a random seed
              switchyard walk app.lua --seed 42        the same walk again
              switchyard walk app.lua --runs 1000 --steps 200
              switchyard walk app.lua --format json    the same report as JSON
              switchyard walk app.lua > walk.txt       then paste its spec into a *_spec.lua
              switchyard walk app.lua fault.lua        the app, then a file planting a fault
            """
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("The app's scripts, run in order.", valueName: "FILE"), completion: .file(extensions: ["lua"]))
    var files: [String]

    @Option(help: ArgumentHelp("Moves per run.", valueName: "N"))
    var steps = 50

    @Option(help: ArgumentHelp("Runs, each from a fresh navigator.", valueName: "R"))
    var runs = 100

    @Option(help: ArgumentHelp("Seed of the walk (default: a random one, printed).", valueName: "S"))
    var seed: UInt64?

    @Option(help: "text (default) or json.")
    var format: WalkOptions.Format = .text

    func validate() throws {
        guard steps > 0 else { throw ValidationError("--steps \(steps): give at least 1 step per run") }
        guard runs > 0 else { throw ValidationError("--runs \(runs): give at least 1 run") }
    }

    func run() throws {
        var options = WalkOptions()
        options.steps = steps
        options.runs = runs
        options.seed = seed
        options.format = format
        let status = WalkRun.run(files: files, options: options, session: common.session)
        if status != .success { throw ExitCode(status.rawValue) }
    }
}
