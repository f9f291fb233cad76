import ECMARegex

/// `pattern NUL subject`: a pattern compiles or is refused with an error at an offset inside it;
/// matching always answers (the fast path for anchored sequences as the general engine does); and
/// the subject written as a pattern of `\u{…}` escapes matches it.
enum RegexTarget {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let (patternBytes, subjectBytes) = FuzzInput.split(bytes)
        let pattern = String(decoding: patternBytes, as: UTF8.self)
        let subject = String(decoding: subjectBytes, as: UTF8.self)
        do {
            let regex = try ECMARegex(pattern)
            _ = regex.matches(subject)
            try checkFastPath(regex, subjectBytes)
        } catch let failure as FuzzFailure {
            throw failure
        } catch let error as RegexSyntaxError {
            try FuzzFailure.check(error.offset >= 0 && error.offset <= pattern.unicodeScalars.count + pattern.utf8.count,
                                  "syntax error offset \(error.offset) is outside the pattern")
        } catch {
            throw FuzzFailure("unexpected error \(error)")
        }
        let literal = "^" + subject.unicodeScalars.map { "\\u{\(String($0.value, radix: 16))}" }.joined() + "$"
        do {
            try FuzzFailure.check(try ECMARegex(literal).matches(subject), "the escaped literal of the subject does not match it")
        } catch let failure as FuzzFailure {
            throw failure
        } catch {
            throw FuzzFailure("the escaped literal of the subject does not compile: \(error)")
        }
    }

    /// On a valid UTF-8 subject, `search` (which may take the anchored-sequence fast path) answers
    /// what the general engine does.
    private static func checkFastPath(_ regex: ECMARegex, _ subjectBytes: [UInt8]) throws(FuzzFailure) {
        let outcomes = subjectBytes.withUnsafeBufferPointer { subject in
            String(validating: subject, as: UTF8.self) == nil
                ? nil : (regex.search(utf8: subject), regex.searchByBacktracking(utf8: subject))
        }
        guard let (fast, general) = outcomes else { return }
        try FuzzFailure.check(fast == general, "search says \(fast), the general engine \(general) (fast path: \(regex.hasFastPath))")
    }
}
