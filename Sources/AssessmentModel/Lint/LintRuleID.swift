/// The stable id of every lint check: the kebab-case name `--exclude`, `--list-rules`, the
/// reports and the language server use.
public enum LintRuleID: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    case jsonSyntax = "json-syntax"
    case duplicateKey = "duplicate-key"
    case schema
    case sageResearchFormat = "sageresearch-format"
    case unknownNodeType = "unknown-node-type"
    case unknownInputType = "unknown-input-type"
    case regexValidator = "regex-validator"
    case uiHint = "ui-hint"
    case unresolvedTransform = "unresolved-transform"
    case duplicateIdentifier = "duplicate-identifier"
    case inputIdentifier = "input-identifier"
    case unknownTarget = "unknown-target"
    case ruleWithoutTarget = "rule-without-target"
    case reservedTarget = "reserved-target"
    case unreachableStep = "unreachable-step"
    case endlessLoop = "endless-loop"
    case duplicateChoiceValue = "duplicate-choice-value"
    case valueTypeMismatch = "value-type-mismatch"
    case unmatchableAnswer = "unmatchable-answer"
    case orderingOnUnordered = "ordering-on-unordered"
    case shadowedRule = "shadowed-rule"
    case selectorOnSingleChoice = "selector-on-single-choice"
    case emptyChoices = "empty-choices"
    case missingBaseType = "missing-base-type"
    case unknownButton = "unknown-button"
    case unknownProperty = "unknown-property"
    case platformKeywordCase = "platform-keyword-case"
    case platformTimeSeconds = "platform-time-seconds"
    case platformTransformIdentifier = "platform-transform-identifier"
    case archiveMapSchema = "archive-map-schema"
    case archiveMapUnresolvedSchema = "archive-map-unresolved-schema"
    case archiveMapSharedDataset = "archive-map-shared-dataset"
    case archiveMapExampleFails = "archive-map-example-fails"

    public static func < (lhs: LintRuleID, rhs: LintRuleID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }

    /// The check with this id, from the registry.
    public var check: any LintCheck {
        LintRegistry.byID[self] ?? LintRegistry.all[0]
    }

    /// The one line saying what the rule reports.
    public var summary: String { check.summary }

    /// The severity of the rule's findings (a rule may raise one finding to an error).
    public var severity: LintSeverity { check.severity }

    /// Where the rule is documented, relative to the repository root (`docs/rules.md`, one heading per rule).
    public var documentationPath: String { "docs/rules.md#\(rawValue)" }
}

/// Every lint check, in the order `--list-rules`, the docs and SARIF show them.
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

    /// Built-in checks first, then the logic rules, then the archive-map checks.
    public static let all: [any LintCheck] = builtInChecks + logicRules.map { $0 as any LintCheck } + ArchiveMapCheck.all

    /// Each check by its id.
    static let byID: [LintRuleID: any LintCheck] = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// `docs/rules.md`: a heading per rule (its id, the anchor `documentationPath` names), severity and summary.
    public static var markdown: String {
        var lines = ["# Lint rules", "", "Generated from the rule registry (`LintRegistry`); `assess lint --list-rules` prints the same list.", ""]
        for check in all {
            lines += ["## \(check.id)", "", "*\(check.severity.rawValue)*: \(check.summary).", ""]
        }
        return lines.joined(separator: "\n")
    }
}
