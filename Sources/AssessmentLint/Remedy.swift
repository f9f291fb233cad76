import AssessmentModel
import JSONCore

/// Something the user can do about a finding, in the library's terms. Each front end names its own way
/// to do it: the command line an option, the language server and the preview a key of `assess.json`.
public enum Remedy: Sendable, Hashable, CustomStringConvertible {
    /// Declare a node type as the app's own, checked as a generic node: `type` names it, `nil` stands for
    /// the app's types in general.
    case allowType(String?)
    /// Give the schema that a survey's `"$schema"` names, or choose another for the survey.
    case provideSchema
    /// Load a folder of schemas (e.g. those of a mobile-client-json checkout) that schema URIs resolve to.
    case schemaFolder
    /// A catalog that maps schema URIs to local files.
    case schemaCatalog
    /// An entry of a schema catalog: the local file that answers to a URI.
    case catalogEntry

    /// The library's own words for it, naming no front end's option or setting.
    public var description: String {
        switch self {
        case .allowType(let type?): return "the app's own types (add \"\(type)\")"
        case .allowType(nil): return "the app's own types"
        case .provideSchema: return "a folder holding the schema, or another schema chosen for the survey"
        case .schemaFolder: return "a schema folder"
        case .schemaCatalog: return "a schema catalog"
        case .catalogEntry: return "an entry of a schema catalog"
        }
    }

    /// The `assess.json` setting that applies it, when one does: `"allowTypes": ["tapping"] in assess.json`.
    public var configSetting: String? {
        guard case .allowType(let type) = self else { return nil }
        let value = type.map { ": [" + JSONWriter.compact.string(.string($0)) + "]" } ?? ""
        return "\"allowTypes\"\(value) in \(SurveyConfig.fileName)"
    }
}

/// Text with places where a front end names its own way to apply a `Remedy`, written as a string
/// interpolation: `"allow it with \(remedy: .allowType(name))"`. Its `description` uses the library's
/// words (`Remedy.description`); a front end renders it with `rendered(naming:)`.
public struct HintedText: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// A run of text, or the place of a remedy.
    public enum Part: Sendable, Hashable {
        /// Text that reads the same in every front end.
        case text(String)
        /// A remedy, named by the front end.
        case remedy(Remedy)
    }

    /// The text's parts, in order.
    public let parts: [Part]

    /// Plain text with no remedy in it.
    public init(_ text: String) {
        parts = text.isEmpty ? [] : [.text(text)]
    }

    /// Plain text with no remedy in it.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Text with remedies in it.
    public init(stringInterpolation: Interpolation) {
        parts = stringInterpolation.parts
    }

    /// The remedies the text names, in order.
    public var remedies: [Remedy] {
        parts.compactMap { part in
            guard case .remedy(let remedy) = part else { return nil }
            return remedy
        }
    }

    /// The text with each remedy named by `name` (e.g. the command line's option for it).
    public func rendered(naming name: (Remedy) -> String) -> String {
        parts.map { part in
            switch part {
            case .text(let text): return text
            case .remedy(let remedy): return name(remedy)
            }
        }.joined()
    }

    /// The text in the library's words.
    public var description: String { rendered(naming: \.description) }

    /// Builds a `HintedText` from a string interpolation.
    public struct Interpolation: StringInterpolationProtocol {
        /// The parts so far.
        var parts: [Part] = []

        /// An empty interpolation.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Text as written.
        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { parts.append(.text(literal)) }
        }

        /// A value, as `String(describing:)` writes it.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            appendLiteral(String(describing: value))
        }

        /// Another hinted text, its remedies kept.
        public mutating func appendInterpolation(_ text: HintedText) {
            parts += text.parts
        }

        /// The place of a remedy.
        public mutating func appendInterpolation(remedy: Remedy) {
            parts.append(.remedy(remedy))
        }
    }
}
