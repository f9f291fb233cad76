import JSONCore
import JSONSchema

/// The schema errors of a file that failed its schema, as its verdict reports them: counted, tolerated
/// ones left out, the first few positioned. Found from the tape the file was checked on: no tree, and
/// positions only for the errors shown (one pass over the file's bytes, `ValueLocator`).
struct SchemaErrors: Equatable {
    /// The errors shown: the first `maxErrors` (at least one) of those not tolerated, positioned.
    let shown: [FileError]
    /// How many errors were not tolerated.
    let count: Int
    /// How many errors tolerated-error rules ignored.
    let toleratedCount: Int

    /// The errors of the document on `tape`, parsed from `bytes`, against `validator`; `tolerated` rules
    /// apply as for the file `file` of a record with metadata `record`.
    init(tape: JSONTape, bytes: [UInt8], validator: Validator, tolerated: ToleratedErrors, file: String, record: RecordMetadata?,
         maxErrors: Int) {
        let errors = validator.validate(tape)
        let python = tolerated.comparesMessages ? PythonMessages.messages(for: errors, in: tape) : []
        let all = errors.indices.map { FileError(errors[$0], pythonMessage: python.indices.contains($0) ? python[$0] : nil) }
        let kept = all.filter { !tolerated.tolerates($0, file: file, record: record) }
        let shown = Array(kept.prefix(max(maxErrors, 1)))
        let positions = ValueLocator.positions(of: shown.map(\.instancePointer), in: bytes)
        self.shown = shown.indices.map { shown[$0].positioned(at: positions[$0]) }
        count = kept.count
        toleratedCount = all.count - kept.count
    }
}
