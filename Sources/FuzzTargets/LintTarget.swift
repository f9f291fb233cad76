import AssessmentModel
import AssessmentLint
import JSONCore

/// Lint answers for every input, and each finding (and note) is at a real place of the file:
/// its line and column are those of its offset, and its pointer names a value of the document.
enum LintTarget {
    private static let linter = Linter()

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let report = linter.lint(bytes: bytes, file: "fuzz.json")
        let lines = LineTable(bytes)
        let value = try? JSONDocument(bytes: bytes).value
        for finding in report.findings {
            try checkPosition(finding.position, lines, bytes.count, "[\(finding.ruleID)] \(finding.message)")
            for note in finding.notes { try checkPosition(note.position, lines, bytes.count, "note \(note.message)") }
            if let value, !report.unreadable {
                try FuzzFailure.check(finding.pointer.resolve(in: value) != nil,
                                      "[\(finding.ruleID)] points at \(finding.pointer), which is not in the document")
            }
        }
        try FuzzFailure.check(report.unreadable == (value.map { $0.objectValue == nil } ?? true),
                              "lint calls the file \(report.unreadable ? "unreadable" : "readable") but it \(value == nil ? "does not parse" : "parses")")
    }

    private static func checkPosition(_ position: SourcePosition, _ lines: LineTable, _ count: Int, _ what: String) throws(FuzzFailure) {
        try FuzzFailure.check(position.offset >= 0 && position.offset <= count, "\(what): offset \(position.offset) is outside the file")
        let expected = lines.position(ofOffset: position.offset)
        try FuzzFailure.check(position == expected, "\(what): at \(position) but its offset \(position.offset) is at \(expected)")
    }
}
