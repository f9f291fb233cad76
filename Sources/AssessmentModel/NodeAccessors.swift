import ECMARegex
import JSONCore

// Typed views of members the model keeps in `extra` (so round trips stay exact) and short
// paths for what lint rules and the navigator ask most often.

extension Node {
    /// The assessment's `versionString`.
    public var versionString: String? { container?.versionString }

    /// The assessment's `schemaIdentifier`.
    public var schemaIdentifier: String? { container?.schemaIdentifier }

    /// The assessment's `estimatedMinutes`, when it is an integer.
    public var estimatedMinutes: Int? { container?.estimatedMinutes?.intValue }

    /// The assessment's `copyright`.
    public var copyright: String? { container?.copyright }

    /// The `$schema` the file names (e.g. `…/schemas/v2/AssessmentObject.json`).
    public var schemaURI: String? { extra["$schema"]?.stringValue }

    /// A permission step's `permissionType` (`location`, `motion`, …).
    public var permissionType: String? {
        if case .permission(let type) = body { return type }
        return nil
    }

    /// A countdown's or an active step's `duration` in seconds.
    public var duration: JSONNumber? {
        switch body {
        case .countdown(let duration), .active(let duration): return duration
        default: return nil
        }
    }

    /// True for the assessment and sections, which hold `steps`.
    public var isContainer: Bool { kind.isContainer }

    /// A question's rules; empty for other nodes.
    public var surveyRules: [SurveyRule] { question?.surveyRules ?? [] }

    /// A choice question's choices; empty for other nodes.
    public var choices: [Choice] { question?.choices ?? [] }

    /// The JSON type of a question's answer (of each element, for multiple choice); `nil` for other nodes.
    public var answerType: JSONPrimitiveType? { question?.answerType }

    /// The node at `pointer` in this tree (`/steps/2/steps/0`, relative to this node), if one is there.
    public func node(at pointer: JSONPointer) -> Node? {
        let relative = pointer.tokens.starts(with: self.pointer.tokens)
            ? Array(pointer.tokens.dropFirst(self.pointer.tokens.count)) : pointer.tokens
        var node = self
        var rest = relative[...]
        while let key = rest.first {
            guard key == "steps", rest.count >= 2, let index = JSONPointer.arrayIndex(rest[rest.index(after: rest.startIndex)]),
                  let steps = node.steps, steps.indices.contains(index) else { return nil }
            node = steps[index]
            rest = rest.dropFirst(2)
        }
        return node
    }
}

extension Choice {
    /// Extra text shown under the choice.
    public var detail: String? { extra["detail"]?.stringValue }

    /// The name of an icon shown with the choice.
    public var icon: String? { extra["icon"]?.stringValue }
}

/// A typed view of an input item's `formatOptions`; absent or mistyped entries are `nil`.
public struct FormatOptions: Sendable, Hashable {
    /// The smallest allowed number (integer and number inputs).
    public var minimumValue: JSONNumber?
    /// The largest allowed number (integer and number inputs).
    public var maximumValue: JSONNumber?
    /// The step between selectable values (sliders, pickers).
    public var stepInterval: JSONNumber?
    /// How many decimals a number answer keeps (also used by `eq` rules).
    public var maximumFractionDigits: Int?
    /// The earliest allowed year (year inputs).
    public var minimumYear: Int?
    /// The latest allowed year (year inputs).
    public var maximumYear: Int?
    /// Whether years or dates after now are allowed.
    public var allowFuture: Bool?
    /// Whether years or dates before now are allowed.
    public var allowPast: Bool?
    /// The label at the low end of a scale.
    public var minimumLabel: String?
    /// The label at the high end of a scale.
    public var maximumLabel: String?

    /// Reads the options from a `formatOptions` object.
    public init(_ object: JSONObject?) {
        minimumValue = object?["minimumValue"]?.numberValue
        maximumValue = object?["maximumValue"]?.numberValue
        stepInterval = object?["stepInterval"]?.numberValue
        maximumFractionDigits = object?["maximumFractionDigits"]?.numberValue?.intValue
        minimumYear = object?["minimumYear"]?.numberValue?.intValue
        maximumYear = object?["maximumYear"]?.numberValue?.intValue
        allowFuture = object?["allowFuture"]?.boolValue
        allowPast = object?["allowPast"]?.boolValue
        minimumLabel = object?["minimumLabel"]?.stringValue
        maximumLabel = object?["maximumLabel"]?.stringValue
    }
}

extension InputItem {
    /// `formatOptions` as typed fields (the raw object stays in ``formatOptions`` for round trips).
    public var options: FormatOptions { FormatOptions(formatOptions) }
}

/// A string input's `regExValidator`: answers must match `pattern` as a whole (as the reference's
/// `Regex.matches` does), else the app shows `invalidMessage`.
public struct RegExValidator: Sendable, Hashable {
    /// The pattern as written.
    public var pattern: String
    /// What the app shows for an answer that does not match.
    public var invalidMessage: String?
    /// Where the validator is in the survey.
    public var pointer: JSONPointer
    /// Other members of the validator object, kept for round trips.
    public var extra: JSONObject = JSONObject()

    /// The pattern compiled to match a whole answer, or why it cannot be: this checker knows ECMA-262
    /// syntax (the apps use ICU and java.util.regex, which accept nearly all of it).
    public func wholeAnswerRegex() -> Result<ECMARegex, RegexSyntaxError> {
        do {
            return .success(try ECMARegex("^(?:" + pattern + ")$"))
        } catch let wrapped {
            // Report the error as the pattern was written: its own offsets, without the wrapping.
            do {
                _ = try ECMARegex(pattern)
                return .failure(RegexSyntaxError(message: wrapped.message, offset: max(0, wrapped.offset - 4)))
            } catch {
                return .failure(error)
            }
        }
    }
}
