import AssessmentModel

/// The stable id of a lint check: the kebab-case name `--exclude`, `--list-rules`, the reports and the
/// language server use. The survey checks' ids are declared here; a module that implements checks of its own
/// declares their ids beside them (ResultArchive: the archive-map checks) and lists the checks for the
/// registry (see `LintRegistry`).
public struct LintRuleID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The kebab-case id.
    public let rawValue: String

    /// The id with this kebab-case name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Ids order by their names.
    public static func < (lhs: LintRuleID, rhs: LintRuleID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The kebab-case id.
    public var description: String { rawValue }

    /// Where the rule is documented, relative to the repository root (`docs/rules.md`, one heading per rule).
    public var documentationPath: String { "docs/rules.md#\(rawValue)" }
}

extension LintRuleID {
    /// `json-syntax`: see `JSONSyntaxRule`.
    public static let jsonSyntax = LintRuleID(rawValue: "json-syntax")
    /// `duplicate-key`: see `DuplicateKeyRule`.
    public static let duplicateKey = LintRuleID(rawValue: "duplicate-key")
    /// `schema`: see `SchemaRule`.
    public static let schema = LintRuleID(rawValue: "schema")
    /// `sageresearch-format`: see `SageResearchFormatRule`.
    public static let sageResearchFormat = LintRuleID(rawValue: "sageresearch-format")
    /// `unknown-node-type`: see `UnknownNodeTypeRule`.
    public static let unknownNodeType = LintRuleID(rawValue: "unknown-node-type")
    /// `unknown-input-type`: see `UnknownInputTypeRule`.
    public static let unknownInputType = LintRuleID(rawValue: "unknown-input-type")
    /// `regex-validator`: see `RegexValidatorRule`.
    public static let regexValidator = LintRuleID(rawValue: "regex-validator")
    /// `ui-hint`: see `UIHintRule`.
    public static let uiHint = LintRuleID(rawValue: "ui-hint")
    /// `unresolved-transform`: see `UnresolvedTransformRule`.
    public static let unresolvedTransform = LintRuleID(rawValue: "unresolved-transform")
    /// `duplicate-identifier`: see `DuplicateIdentifierRule`.
    public static let duplicateIdentifier = LintRuleID(rawValue: "duplicate-identifier")
    /// `input-identifier`: see `InputIdentifierRule`.
    public static let inputIdentifier = LintRuleID(rawValue: "input-identifier")
    /// `unknown-target`: see `UnknownTargetRule`.
    public static let unknownTarget = LintRuleID(rawValue: "unknown-target")
    /// `rule-without-target`: see `RuleWithoutTargetRule`.
    public static let ruleWithoutTarget = LintRuleID(rawValue: "rule-without-target")
    /// `reserved-target`: see `ReservedTargetRule`.
    public static let reservedTarget = LintRuleID(rawValue: "reserved-target")
    /// `unreachable-step`: see `UnreachableStepRule`.
    public static let unreachableStep = LintRuleID(rawValue: "unreachable-step")
    /// `endless-loop`: see `EndlessLoopRule`.
    public static let endlessLoop = LintRuleID(rawValue: "endless-loop")
    /// `duplicate-choice-value`: see `DuplicateChoiceValueRule`.
    public static let duplicateChoiceValue = LintRuleID(rawValue: "duplicate-choice-value")
    /// `value-type-mismatch`: see `ValueTypeMismatchRule`.
    public static let valueTypeMismatch = LintRuleID(rawValue: "value-type-mismatch")
    /// `unmatchable-answer`: see `UnmatchableAnswerRule`.
    public static let unmatchableAnswer = LintRuleID(rawValue: "unmatchable-answer")
    /// `ordering-on-unordered`: see `OrderingOnUnorderedRule`.
    public static let orderingOnUnordered = LintRuleID(rawValue: "ordering-on-unordered")
    /// `shadowed-rule`: see `ShadowedRuleRule`.
    public static let shadowedRule = LintRuleID(rawValue: "shadowed-rule")
    /// `selector-on-single-choice`: see `SelectorOnSingleChoiceRule`.
    public static let selectorOnSingleChoice = LintRuleID(rawValue: "selector-on-single-choice")
    /// `empty-choices`: see `EmptyChoicesRule`.
    public static let emptyChoices = LintRuleID(rawValue: "empty-choices")
    /// `missing-base-type`: see `MissingBaseTypeRule`.
    public static let missingBaseType = LintRuleID(rawValue: "missing-base-type")
    /// `unknown-button`: see `UnknownButtonRule`.
    public static let unknownButton = LintRuleID(rawValue: "unknown-button")
    /// `unknown-property`: see `UnknownPropertyRule`.
    public static let unknownProperty = LintRuleID(rawValue: "unknown-property")
    /// `platform-keyword-case`: see `PlatformKeywordCaseRule`.
    public static let platformKeywordCase = LintRuleID(rawValue: "platform-keyword-case")
    /// `platform-time-seconds`: see `PlatformTimeSecondsRule`.
    public static let platformTimeSeconds = LintRuleID(rawValue: "platform-time-seconds")
    /// `platform-transform-identifier`: see `PlatformTransformIdentifierRule`.
    public static let platformTransformIdentifier = LintRuleID(rawValue: "platform-transform-identifier")
}

/// The lint checks, in the order `--list-rules`, the docs and SARIF show them.
public enum LintRegistry {
    /// The checks that are not logic rules: syntax, duplicate keys and the schema.
    public static let builtInChecks: [any LintCheck] = [JSONSyntaxRule(), DuplicateKeyRule(), SchemaRule()]

    /// Every logic rule, run in this order on each survey.
    public static let logicRules: [any LintRule] = [
        SageResearchFormatRule(), UnknownNodeTypeRule(), UnknownInputTypeRule(), RegexValidatorRule(), UIHintRule(), UnresolvedTransformRule(), DuplicateIdentifierRule(),
        InputIdentifierRule(), UnknownTargetRule(), RuleWithoutTargetRule(), ReservedTargetRule(),
        UnreachableStepRule(), EndlessLoopRule(), DuplicateChoiceValueRule(), ValueTypeMismatchRule(), UnmatchableAnswerRule(),
        OrderingOnUnorderedRule(), ShadowedRuleRule(), SelectorOnSingleChoiceRule(), EmptyChoicesRule(), MissingBaseTypeRule(),
        UnknownButtonRule(), UnknownPropertyRule(), PlatformKeywordCaseRule(), PlatformTimeSecondsRule(), PlatformTransformIdentifierRule(),
    ]

    /// The checks on surveys: the built-in checks first, then the logic rules. A module that implements checks
    /// of its own lists them for the registry after these (ResultArchive: `ArchiveMapLinter.checks`), and
    /// `assess lint` shows the whole list.
    public static let surveyChecks: [any LintCheck] = builtInChecks + logicRules.map { $0 as any LintCheck }
}
