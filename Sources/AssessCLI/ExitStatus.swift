import AssessmentLint
/// How a command ended, as the process exit status.
public enum ExitStatus: Int32, Sendable, Equatable {
    /// Everything checked out (also `--help` and `--version`).
    case ok = 0
    /// The inputs were read, and some have findings at error level (invalid, lint errors, failed run).
    case findings = 1
    /// The command line itself is wrong.
    case usage = 2
    /// An input could not be read or parsed, or a schema is broken.
    case inputError = 3

    /// The worse of two statuses (input errors outrank findings, usage outranks everything).
    func worst(_ other: ExitStatus) -> ExitStatus {
        let order: [ExitStatus] = [.ok, .findings, .inputError, .usage]
        return order.firstIndex(of: self)! >= order.firstIndex(of: other)! ? self : other
    }
}
