import AssessmentModel

/// An option a command accepts.
struct OptionSpec: Sendable {
    /// Names with dashes, primary first (`--output`, `-o`).
    let names: [String]
    /// The value's placeholder (`FILE`), or `nil` for a flag.
    let valueName: String?
    /// One line of help.
    let help: String

    var primary: String { names[0] }

    static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: nil, help: help)
    }

    static func value(_ names: String..., valueName: String, help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: valueName, help: help)
    }
}

/// A command's name, help and options, from which usage text and parsing follow.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    /// The synopsis after `assess NAME`, e.g. `--schema S [--ref-dir D]... FILE... | -`.
    let synopsis: String
    let options: [OptionSpec]
    /// Extra help paragraphs (exit statuses, examples).
    let discussion: String

    /// The `--help` text.
    var help: String {
        var lines = ["USAGE: assess \(name) \(synopsis)", "", summary, "", "OPTIONS:"]
        let all = options + [.flag("--help", "-h", help: "Show this help.")]
        let labels = all.map { option in
            option.names.joined(separator: ", ") + (option.valueName.map { " \($0)" } ?? "")
        }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, option) in zip(labels, all) {
            lines.append("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + option.help)
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }

    /// Parses arguments (after the command name).
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
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
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                let known = options.flatMap(\.names) + ["--help"]
                let hint = Suggestion.closest(to: name, among: known).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError("unknown option '\(name)' for 'assess \(self.name)'\(hint)")
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
                parsed.flags.insert(option.primary)
            }
        }
        return parsed
    }
}

/// The options and operands given to a command.
struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var wantsHelp = false

    /// The last value of an option.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of an option restricted to a set of choices.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, default defaultValue: T) throws(UsageError) -> T
    where T.RawValue == String {
        guard let text = value(name) else { return defaultValue }
        guard let choice = T(rawValue: text) else {
            throw UsageError("invalid value '\(text)' for \(name); expected one of: \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return choice
    }
}

/// A mistake on the command line; exits with status 2 after printing the message and a hint.
struct UsageError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
