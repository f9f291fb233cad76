/// The fuzz targets of `assess`: each takes arbitrary bytes, runs one part of the toolkit on them
/// and checks invariants that must hold for every input. The libFuzzer executables of `Fuzz/`
/// and the corpus replay of `swift test` call the same functions.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// JSON parser: tree and tape agree, errors are positioned, writing round-trips.
    case parser
    /// Schema compile + validate (`schema NUL instance`): `isValid` agrees with `validate`.
    case schema
    /// ECMA-262 regex (`pattern NUL subject`): compiles or refuses, matches, literal escapes match.
    case regex
    /// Survey lint: never crashes, every finding points into the file.
    case lint
    /// Survey runner (`survey NUL script`): runs end, reports round-trip and are reproducible.
    case runner
    /// Zip reader: entries read back or refuse with a typed error; extracted entries re-zip identically.
    case zip
    /// Raw DEFLATE of a declared size (`size` in 3 bytes, then the stream): our inflate agrees with zlib's.
    case inflate
    /// Result-archive verifier: verdicts are consistent, batches mark repeated runs.
    case archive
    /// Pipeline configuration (archive map, manifest, catalog, tolerated errors): read or refused in place.
    case pipeline
    /// Language server (client bytes): frames split and re-frame, answers are JSON-RPC 2.0.
    case lsp
    /// HTTP request parser of `assess preview` (client bytes): limits hold, requests re-parse, prefixes wait.
    case http
    /// Ingest's dataset line written by the parse: the plain parse's tape or error, the splicer's line.
    case line
    /// The line parse by way of the text without its whitespace (each stage-1 kernel): the in-place parse's result.
    case minified
    /// `ValueLocator` (`text NUL pointers`): where the source map says each value is, in bounds on any text.
    case locator

    /// Runs the target on one input; throws when an invariant does not hold.
    public func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        switch self {
        case .parser: try ParserTarget.run(bytes)
        case .schema: try SchemaTarget.run(bytes)
        case .regex: try RegexTarget.run(bytes)
        case .lint: try LintTarget.run(bytes)
        case .runner: try RunnerTarget.run(bytes)
        case .zip: try ZipTarget.run(bytes)
        case .inflate: try InflateTarget.run(bytes)
        case .archive: try ArchiveTarget.run(bytes)
        case .pipeline: try PipelineTarget.run(bytes)
        case .lsp: try LSPTarget.run(bytes)
        case .http: try HTTPTarget.run(bytes)
        case .line: try LineTarget.run(bytes)
        case .minified: try MinifiedLineTarget.run(bytes)
        case .locator: try LocatorTarget.run(bytes)
        }
    }
}

/// An invariant that did not hold for an input: a bug in the code under test.
public struct FuzzFailure: Error, Sendable, CustomStringConvertible {
    /// What did not hold.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    /// The failed invariant's message.
    public var description: String { message }

    /// Throws a failure with `message` unless `condition` holds.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
        if !condition { throw FuzzFailure(message()) }
    }
}

/// Splits two-part inputs (schema and instance, pattern and subject, survey and script).
enum FuzzInput {
    /// The bytes before the first NUL byte and the bytes after it (empty when there is no NUL).
    /// Strict JSON never holds a raw NUL, so it separates two JSON texts without ambiguity.
    static func split(_ bytes: [UInt8]) -> (first: [UInt8], second: [UInt8]) {
        guard let separator = bytes.firstIndex(of: 0) else { return (bytes, []) }
        return (Array(bytes[..<separator]), Array(bytes[(separator + 1)...]))
    }
}
