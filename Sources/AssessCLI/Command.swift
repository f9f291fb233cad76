import AssessVersion
import AssessmentModel
import FoundationEssentials
import Platform

/// One `assess` subcommand as the dispatcher sees it: a spec for parsing and help, and a way to run
/// parsed arguments. Commands conform through `TypedCommand`, which generates both from their declaration.
protocol Command: Sendable {
    /// Name, synopsis, options and help.
    var spec: CommandSpec { get }
    /// Decodes parsed arguments and runs; usage mistakes are thrown, everything else is reported and mapped to a status.
    func execute(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus
}

/// A command whose options are declared once as typed values and decoded into `Options`; its spec
/// (help, usage line, parsing) is generated from that declaration.
protocol TypedCommand: Command {
    /// The typed options `run` receives.
    associatedtype Options: ParsableOptions
    /// The name after `assess`.
    var name: String { get }
    /// One line for `assess --help`.
    var summary: String { get }
    /// Help paragraphs after the options (exit statuses, formats).
    var discussion: String { get }
    /// Runs with decoded options: calls the libraries and renders.
    func run(_ options: Options, io: CommandIO) throws(UsageError) -> ExitStatus
}

extension TypedCommand {
    var spec: CommandSpec {
        CommandSpec(name: name, summary: summary, operands: Options.operands, options: Options.options, discussion: discussion)
    }

    func execute(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
        try run(Options(OptionValues(arguments)), io: io)
    }
}

/// The `assess` entry point other programs (and tests) can call in-process.
public enum Assess {
    /// Every subcommand, in the order `assess --help` lists them.
    static let commands: [any Command] = [
        LintCommand(),
        RunCommand(),
        GraphCommand(),
        RoutesCommand(),
        ValidateCommand(),
        MetaschemaCommand(),
        ArchiveCommand(),
        VerifyCommand(),
        IngestCommand(),
        LSPCommand(),
        PreviewCommand(),
    ]

    /// Runs `assess` with `arguments` (without the program name) and returns the exit status.
    public static func main(_ arguments: [String], io: CommandIO) -> ExitStatus {
        guard let first = arguments.first else {
            io.writeError(overview + "\n")
            return .usage
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.spec.name == arguments[1] }) {
                io.print(command.spec.help)
            } else {
                io.print(overview)
            }
            return .ok
        case "--version":
            io.print("assess \(AssessVersion.current)")
            return .ok
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            if first.hasPrefix("-") {
                let hint = Suggestion.closest(to: first, among: ["--help", "--version"]).map { " (did you mean '\($0)'?)" } ?? ""
                io.printError("error: unknown option '\(first)'\(hint)\nRun 'assess --help' for the list of commands.")
                return .usage
            }
            // `assess version` is the option written without its dashes.
            let options = ["--help", "--version"], dashed = "--" + first
            let option = options.contains(dashed) ? dashed : Suggestion.closest(to: dashed, among: options)
            let hint = (Suggestion.closest(to: first, among: commands.map(\.spec.name)) ?? option).map { " (did you mean '\($0)'?)" } ?? ""
            io.printError("error: unknown command '\(first)'\(hint)\nRun 'assess --help' for the list of commands.")
            return .usage
        }
        do {
            let parsed = try command.spec.parse(Array(arguments.dropFirst()), others: commands.map(\.spec))
            if parsed.wantsHelp {
                io.print(command.spec.help)
                return .ok
            }
            return try command.execute(parsed, io: io)
        } catch {
            io.printError("error: \(error.message)\nRun 'assess \(command.spec.name) --help' for usage.")
            return .usage
        }
    }

    static var overview: String {
        var lines = [
            "assess \(AssessVersion.current): validate JSON against JSON Schema draft-07, lint and run mobile-health assessments.",
            "", "USAGE: assess <command> [options]", "", "COMMANDS:",
        ]
        let width = (commands.map(\.spec.name.count).max() ?? 0) + 2
        for command in commands {
            lines.append("  " + command.spec.name.padded(toLength: width) + command.spec.summary)
        }
        lines += ["", "Run 'assess <command> --help' for a command's options; 'assess --version' for the version."]
        return lines.joined(separator: "\n")
    }
}
