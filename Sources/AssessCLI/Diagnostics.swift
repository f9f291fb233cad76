import AssessmentModel
import AssessmentLint
import JSONCore

/// How serious a diagnostic is.
enum Severity: String, Sendable {
    case error, warning, note

    /// A lint finding's severity, printed.
    init(_ severity: LintSeverity) {
        switch severity {
        case .error: self = .error
        case .warning: self = .warning
        case .note: self = .note
        }
    }
}

/// Compiler-style lines: `file:line:col: error: message`, coloured on a terminal.
struct DiagnosticPrinter: Sendable {
    let useColor: Bool

    /// One diagnostic line.
    func line(file: String, position: SourcePosition?, severity: Severity, message: String) -> String {
        let place = position.map { "\(file):\($0.line):\($0.column)" } ?? file
        return bold(place + ":") + " " + colored(severity) + " " + message
    }

    /// A diagnostic that concerns no particular file: `error: message`.
    func line(severity: Severity, message: String) -> String {
        colored(severity) + " " + message
    }

    private func colored(_ severity: Severity) -> String {
        let label = severity.rawValue + ":"
        guard useColor else { return label }
        let code: String
        switch severity {
        case .error: code = "1;31"
        case .warning: code = "1;35"
        case .note: code = "1;36"
        }
        return "\u{1B}[\(code)m\(label)\u{1B}[0m"
    }

    private func bold(_ text: String) -> String {
        useColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
