import AssessmentModel
import JSONSchema

/// Runs work that recurses with a document's nesting on a thread with room for it.
///
/// Schema validation follows the survey's nesting through `AssessmentObject.json`'s section
/// definitions (a dozen calls per section level); every other lint pass is iterative. Surveys
/// nested deeper than ``threshold`` sections are validated on a thread with a 512 MB stack (the
/// `assess` binary's own), so a library caller on an ordinary 8 MB thread does not overflow.
enum LargeStack {
    /// Section nesting up to which the calling thread's stack is used.
    static let threshold = 64

    /// The schema evaluation depth allowed for a survey this deep: the default on an ordinary thread;
    /// on the large-stack thread room for 10,000 sections (about seven nested schemas each).
    static func validationDepth(sections: Int) -> Int {
        sections > threshold ? max(ValidationOptions.defaultMaxDepth, 100_000) : ValidationOptions.defaultMaxDepth
    }

    /// `body`'s value, computed on the calling thread when `depth` is small, else on a large-stack thread.
    static func run<Value>(depth: Int, _ body: () -> Value) -> Value {
        guard depth > threshold else { return body() }
        return LargeStackThread.run(body)
    }
}
