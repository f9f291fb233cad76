import Platform
import AssessmentModel

/// An option a command accepts.
struct OptionSpec: Sendable {
    /// Names with dashes, primary first (`--output`, `-o`). A name means the same in every command
    /// that has it (`AssessCLITests` checks this), so shared concepts use the factories in `SharedOptions`.
    let names: [String]
    /// Older spellings, still accepted and listed in help (`--report` for `--format`); they may mean
    /// something else in another command.
    var aliases: [String] = []
    /// The value's placeholder (`FILE`), or `nil` for a flag.
    let valueName: String?
    /// One line of help.
    var help: String
    /// The values the option accepts, when they are a closed set (shown in the usage line).
    var choices: [String] = []
    /// Whether the command cannot run without it (shown without brackets in the usage line).
    var isRequired = false
    /// Whether it may be given more than once, each value kept (`...` in the usage line).
    var isRepeatable = false

    /// The name the option is known by in code and messages (`--output`).
    var primary: String { names[0] }

    /// Every spelling the option is accepted under.
    var spellings: [String] { names + aliases }

    /// A choice among `choices`.
    static func choice(_ names: [String], aliases: [String], valueName: String, help: String, choices: [String]) -> OptionSpec {
        var spec = OptionSpec(names: names, aliases: aliases, valueName: valueName, help: help)
        spec.choices = choices
        return spec
    }

    /// How the usage line shows it: `--schema SCHEMA`, `[--format json|text]`, `[--ref-dir DIR]...`, `[--force]`.
    var usage: String {
        let value = choices.isEmpty ? valueName : choices.joined(separator: "|")
        let written = primary + (value.map { " \($0)" } ?? "")
        if isRequired { return written }
        return "[\(written)]" + (isRepeatable ? "..." : "")
    }

    /// A flag's spec (`--help`); commands declare theirs with `Option.flag`.
    static func flag(_ names: String..., aliases: [String] = [], help: String) -> OptionSpec {
        OptionSpec(names: names, aliases: aliases, valueName: nil, help: help)
    }
}

/// A command's name, help and options, from which usage text and parsing follow.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    let options: [OptionSpec]
    /// The operands, shown before or after the options in the usage line.
    let operands: Operands
    /// Extra help paragraphs (exit statuses, examples).
    let discussion: String

    init(name: String, summary: String, operands: Operands, options: [OptionSpec], discussion: String) {
        self.name = name
        self.summary = summary
        self.options = options
        self.operands = operands
        self.discussion = discussion
    }

    /// The synopsis after `assess NAME`, generated from the options and operands:
    /// `--schema SCHEMA [--ref-dir DIR]... FILE... | DIR | -`.
    var synopsis: String {
        let parts = options.map(\.usage)
        let operands = operands.synopsis.isEmpty ? [] : [operands.synopsis]
        return (self.operands.leading ? operands + parts : parts + operands).joined(separator: " ")
    }

    /// The `--help` text.
    var help: String {
        var lines = ["USAGE: assess \(name) \(synopsis)", "", summary, "", "OPTIONS:"]
        let all = options + [.flag("--help", "-h", help: "Show this help.")]
        let labels = all.map { option in
            option.names.joined(separator: ", ") + (option.valueName.map { " \($0)" } ?? "")
        }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, option) in zip(labels, all) {
            let aliases = option.aliases.isEmpty ? "" : " (also \(option.aliases.joined(separator: ", ")), the older spelling\(option.aliases.count > 1 ? "s" : ""))"
            lines.append("  " + label.padded(toLength: width) + option.help + aliases)
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }

    /// Parses arguments (after the command name); `others` (every command) lets an unknown option's
    /// message name the option meant.
    func parse(_ arguments: [String], others: [CommandSpec] = []) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        for option in options { option.spellings.forEach { parsed.primaryNames[$0] = option.primary } }
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.wantsHelp = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.spellings.contains(name) }) else {
                throw UsageError("unknown option '\(name)' for 'assess \(self.name)'\(unknownOptionHint(name, others: others))")
            }
            if let valueName = option.valueName {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("option \(name) needs a value \(valueName)") }
                    value = arguments[index]
                    index += 1
                }
                parsed.values[option.primary, default: []].append(value)
            } else {
                guard inlineValue == nil else { throw UsageError("option \(name) takes no value") }
                parsed.values[option.primary, default: []].append("")
            }
        }
        return parsed
    }
}

extension CommandSpec {
    /// What an unknown option probably meant: the same concept under this command's spelling (the
    /// report format is `--format` everywhere, `--report` in `run`), a near miss, or the commands
    /// that have it.
    func unknownOptionHint(_ name: String, others: [CommandSpec]) -> String {
        let elsewhere = others.filter { $0.name != self.name }.compactMap { spec in
            spec.options.first { $0.spellings.contains(name) }.map { (command: spec.name, option: $0) }
        }
        // Another command's spelling of a concept this command has (by its primary name).
        for found in elsewhere {
            if let mine = options.first(where: { $0.primary == found.option.primary }) {
                return " (did you mean \(mine.names.joined(separator: " or "))? '\(name)' is its spelling in 'assess \(found.command)')"
            }
        }
        if let close = Suggestion.closest(to: name, among: options.flatMap(\.spellings) + ["--help"]) {
            return " (did you mean \(close)?)"
        }
        guard !elsewhere.isEmpty else { return "" }
        let commands = elsewhere.map { "'assess \($0.command)'" }
        return " (\(name) is an option of \(commands.joined(separator: ", ")))"
    }
}

/// The options and operands given to a command.
struct ParsedArguments: Sendable {
    /// Each option's values by primary name (a flag's occurrences are empty strings).
    var values: [String: [String]] = [:]
    var positionals: [String] = []
    var wantsHelp = false
    /// Each spelling's primary name, so a lookup by an alias (`--report`) finds the option (`--format`).
    var primaryNames: [String: String] = [:]

    private func primary(_ name: String) -> String { primaryNames[name] ?? name }

    /// The last value of an option.
    func value(_ name: String) -> String? { values[primary(name)]?.last }

    /// Every value of a repeatable option, in order.
    func all(_ name: String) -> [String] { values[primary(name)] ?? [] }
}

/// A mistake on the command line; exits with status 2 after printing the message and a hint.
struct UsageError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
