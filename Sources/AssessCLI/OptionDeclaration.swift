/// An option declared once with the type its value decodes to: the spelling, help and value kind
/// (`spec`) that parsing, `--help` and the usage line are generated from, and how the given values
/// become a typed value (a flag's `Bool`, a repeated option's `[String]`, a choice's enum…).
struct Option<Value: Sendable>: Sendable {
    /// Names, aliases, placeholder, help and kind.
    let spec: OptionSpec
    /// The typed value from every value given for the option, in order (a flag's occurrences are empty strings).
    let decode: @Sendable ([String]) throws(UsageError) -> Value

    /// The same option with other help text: a command that words a shared option its own way.
    func help(_ text: String) -> Option {
        var spec = spec
        spec.help = text
        return Option(spec: spec, decode: decode)
    }

    /// The same option decoding further (a default, a check over all its values).
    func map<Mapped>(_ transform: @escaping @Sendable (Value) throws(UsageError) -> Mapped) -> Option<Mapped> {
        let decode = decode
        return Option<Mapped>(spec: spec, decode: { given throws(UsageError) in try transform(try decode(given)) })
    }
}

extension Option where Value == Bool {
    /// A flag: `true` when given.
    static func flag(_ names: String..., aliases: [String] = [], help: String) -> Option {
        Option(spec: OptionSpec(names: names, aliases: aliases, valueName: nil, help: help), decode: { !$0.isEmpty })
    }
}

extension Option where Value == String? {
    /// An option with a value; the last one given wins, `nil` when not given.
    static func value(_ names: String..., aliases: [String] = [], valueName: String, help: String) -> Option {
        Option(spec: OptionSpec(names: names, aliases: aliases, valueName: valueName, help: help), decode: { $0.last })
    }
}

extension Option where Value == String {
    /// An option the command cannot run without; `missing` is the message when it is not given.
    static func required(_ names: String..., aliases: [String] = [], valueName: String, help: String, missing: String? = nil) -> Option {
        var spec = OptionSpec(names: names, aliases: aliases, valueName: valueName, help: help)
        spec.isRequired = true
        let message = missing ?? "missing \(names[0]) \(valueName)"
        return Option(spec: spec, decode: { given throws(UsageError) in
            guard let last = given.last else { throw UsageError(message) }
            return last
        })
    }
}

extension Option where Value == [String] {
    /// A repeatable option: every value given, in order.
    static func repeated(_ names: String..., aliases: [String] = [], valueName: String, help: String) -> Option {
        var spec = OptionSpec(names: names, aliases: aliases, valueName: valueName, help: help)
        spec.isRepeatable = true
        return Option(spec: spec, decode: { $0 })
    }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// An option whose value is one of an enum's raw values (`--format json|text`); `defaultValue`
    /// when not given. The usage line lists the choices; help shows `valueName`.
    static func choice(_ names: String..., aliases: [String] = [], valueName: String, help: String, default defaultValue: Value) -> Option {
        let spec = OptionSpec.choice(names, aliases: aliases, valueName: valueName, help: help, choices: Value.allCases.map(\.rawValue))
        return Option(spec: spec, decode: { given throws(UsageError) in
            try given.last.map { text throws(UsageError) in try Value.parse(text, option: names[0]) } ?? defaultValue
        })
    }
}

extension Option {
    /// A choice without a default: `nil` when not given (the command does something else then).
    static func choice<Choice>(_ names: String..., aliases: [String] = [], valueName: String, help: String) -> Option
    where Value == Choice?, Choice: RawRepresentable & CaseIterable & Sendable, Choice.RawValue == String {
        let spec = OptionSpec.choice(names, aliases: aliases, valueName: valueName, help: help, choices: Choice.allCases.map(\.rawValue))
        return Option(spec: spec, decode: { given throws(UsageError) in
            try given.last.map { text throws(UsageError) in try Choice.parse(text, option: names[0]) }
        })
    }

    /// An option whose value `parse` converts (a number, a port); `invalid` words the error for a value it rejects.
    static func parsed<Parsed: Sendable>(_ names: String..., valueName: String, help: String,
                                         parse: @escaping @Sendable (String) -> Parsed?, invalid: @escaping @Sendable (String) -> String) -> Option
    where Value == Parsed? {
        Option(spec: OptionSpec(names: names, valueName: valueName, help: help), decode: { given throws(UsageError) in
            guard let text = given.last else { return nil }
            guard let value = parse(text) else { throw UsageError(invalid(text)) }
            return value
        })
    }
}

extension RawRepresentable where Self: CaseIterable, RawValue == String {
    /// The case spelled `text`, or the usage error that lists the choices.
    static func parse(_ text: String, option: String) throws(UsageError) -> Self {
        guard let choice = Self(rawValue: text) else {
            throw UsageError("invalid value '\(text)' for \(option); expected one of: \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return choice
    }
}

/// The operands a command takes after (or before) its options, as the usage line shows them.
struct Operands: Sendable {
    /// How they read in the usage line: `FILE... | DIR | -`, `SURVEY`.
    let synopsis: String
    /// Whether the usage line shows them before the options (`assess run SURVEY [options]`).
    var leading = false

    /// No operands.
    static let none = Operands(synopsis: "")

    /// Operands shown before the options.
    static func leading(_ synopsis: String) -> Operands { Operands(synopsis: synopsis, leading: true) }

    /// Operands shown after the options.
    static func trailing(_ synopsis: String) -> Operands { Operands(synopsis: synopsis) }
}

/// A command's typed options: what its declaration decodes to.
protocol ParsableOptions: Sendable {
    /// Every option, in the order help lists them.
    static var options: [OptionSpec] { get }
    /// The operands, for the usage line.
    static var operands: Operands { get }
    /// Decodes the options given (`values` also holds the operands).
    init(_ values: OptionValues) throws(UsageError)
}

/// The options and operands given to one command, read by typed declarations while decoding.
struct OptionValues {
    private let parsed: ParsedArguments
    /// The operands, in order.
    let operands: [String]
    init(_ parsed: ParsedArguments) {
        self.parsed = parsed
        operands = parsed.positionals
    }

    /// The typed value of `option`.
    func callAsFunction<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
        return try option.decode(parsed.values[option.spec.primary] ?? [])
    }

    /// The one operand of a command that takes exactly one (a survey).
    func single(missing: String, extra: String) throws(UsageError) -> String {
        guard operands.count == 1, let only = operands.first else { throw UsageError(operands.isEmpty ? missing : extra) }
        return only
    }

    /// Whether `option` was given at all (whatever it decodes to).
    func isGiven(_ option: OptionSpec) -> Bool {
        return parsed.values[option.primary] != nil
    }
}
