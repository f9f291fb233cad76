/// Which JSON members each reference engine reads, per kind of object: what `unknown-property` checks
/// and `docs/format.md` documents.
///
/// Read from AssessmentModelKMM (both engines live there):
/// - Kotlin (Android): `assessmentmodel/src/commonMain/kotlin/serialization/Nodes.kt`, `InputItems.kt`,
///   `NumberFormatOptions.kt`, `Buttons.kt`, `Image.kt`, and `survey/SurveyRule.kt`, `survey/InputItem.kt`:
///   each `@SerialName`, else the property name (kotlinx-serialization serialises every property with a
///   backing field, inherited ones too). `Serialization.JsonCoder.default` does not ignore unknown keys, so
///   Android's default decoder refuses a file with a member its class does not declare.
/// - Swift (iOS): `SwiftPackage/Sources/AssessmentModel/Assessment/NodeSerializer.swift`, `Assessment.swift`,
///   `Instruction/*.swift`, `Active/*.swift`, `Question/*.swift`, `ButtonAction/*.swift`, `Image/*.swift`: each
///   `CodingKeys` case (and the `@Serializable` macro's stored properties, `@SerialName` renaming them). Swift's
///   decoders skip members they do not know.
public enum EngineKeys {
    /// The engines that read a member.
    public struct Readers: OptionSet, Sendable, Hashable, CustomStringConvertible {
        /// One bit per engine: iOS (Swift) and Android (Kotlin).
        public let rawValue: Int
        /// A set from its bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The Swift engine.
        public static let iOS = Readers(rawValue: 1)
        /// The Kotlin engine.
        public static let android = Readers(rawValue: 2)
        /// Both engines.
        public static let both: Readers = [.iOS, .android]

        /// `both`, `iOS only` or `Android only`.
        public var description: String {
            self == .both ? "both" : self == .iOS ? "iOS only" : "Android only"
        }
    }

    /// A member name and the engines that read it.
    public struct Key: Sendable, Hashable {
        /// The JSON member name.
        public let name: String
        /// Who reads it.
        public let readers: Readers
    }

    /// A kind of JSON object whose members the engines type.
    public enum Scope: Sendable, Hashable, CustomStringConvertible {
        /// A node of a type the engines know.
        case node(NodeKind)
        /// An element of `surveyRules`.
        case surveyRule
        /// An element of `choices`.
        case choice
        /// An input item (`inputItem`, `inputItems`, `other`) of the given `type`.
        case inputItem(String)
        /// The `formatOptions` of an input item of the given `type`.
        case formatOptions(String)
        /// A value of `actions`, of the given `type` (`default` when absent).
        case buttonAction(String)
        /// An `image` object of the given `type`.
        case image(String)

        /// How messages and `allowProperties` name the scope: the node type, else `surveyRule`, `choice`,
        /// `inputItem`, `formatOptions`, `buttonAction`, `image`.
        public var name: String {
            switch self {
            case .node(let kind): return kind.description
            case .surveyRule: return "surveyRule"
            case .choice: return "choice"
            case .inputItem: return "inputItem"
            case .formatOptions: return "formatOptions"
            case .buttonAction: return "buttonAction"
            case .image: return "image"
            }
        }

        /// How messages describe the object: `choiceQuestion`, `a survey rule`, `an input item of type "year"`….
        public var description: String {
            switch self {
            case .node(let kind): return kind.description
            case .surveyRule: return "a survey rule"
            case .choice: return "a choice"
            case .inputItem(let type): return "an input item of type \"\(type)\""
            case .formatOptions(let type): return "the formatOptions of an input item of type \"\(type)\""
            case .buttonAction(let type): return "a button action of type \"\(type)\""
            case .image(let type): return "an image of type \"\(type)\""
            }
        }
    }

    /// The members the engines read in objects of `scope`, in a stable order; `nil` when neither engine
    /// types that kind of object (an app's own node type, an input type no engine loads).
    public static func keys(for scope: Scope) -> [Key]? { table[scope] }

    /// Keys an older format used, and the member that replaced each, for `scope`.
    public static func retired(in scope: Scope) -> [String: String] {
        scope == .choice ? ["exclusive": "selectorType", "isExclusive": "selectorType"] : [:]
    }

    /// Every scope of the table, nodes first in the format's order.
    public static let scopes: [Scope] = NodeKind.knownNames.map { .node(NodeKind($0)) }
        + [.surveyRule, .choice] + inputTypes.map { .inputItem($0) } + numberTypes.map { .formatOptions($0) }
        + ["default", "navigation"].map { .buttonAction($0) } + ["fetchable", "animated", "sageResource"].map { .image($0) }

    /// The input types the engines load.
    public static let inputTypes = ["string", "integer", "number", "year", "duration", "time", "checkbox"]

    /// The input types whose `formatOptions` the engines read.
    public static let numberTypes = ["integer", "number", "year", "time"]

    /// Member sets by scope, looked up once per object.
    package static let names: [Scope: Set<String>] = table.mapValues { Set($0.map(\.name)) }

    private static let table: [Scope: [Key]] = {
        var table: [Scope: [Key]] = [:]
        for name in NodeKind.knownNames {
            let kind = NodeKind(name)
            table[.node(kind)] = nodeKeys(kind)
        }
        table[.surveyRule] = both("skipToIdentifier", "matchingAnswer", "ruleOperator")
        // Swift reads "icon" into the choice's detail text; Kotlin reads "detail" for it and "icon" as the icon.
        table[.choice] = both("value", "text", "icon", "selectorType") + android("detail") + iOS("iconName")
        for type in inputTypes { table[.inputItem(type)] = inputItemKeys(type) }
        let numberLimits = both("minimumValue", "maximumValue", "stepInterval", "minInvalidMessage", "maxInvalidMessage",
                                "invalidMessage", "minimumLabel", "maximumLabel", "numberStyle", "usesGroupingSeparator")
        table[.formatOptions("integer")] = numberLimits
        table[.formatOptions("number")] = numberLimits + both("maximumFractionDigits")
        table[.formatOptions("year")] = both("allowFuture", "allowPast", "minimumYear", "maximumYear", "minInvalidMessage",
                                             "maxInvalidMessage", "invalidMessage") + android("minimumLabel", "maximumLabel")
        table[.formatOptions("time")] = both("allowFuture", "allowPast", "minimumValue", "maximumValue")
        let button = both("type", "buttonTitle", "iconName", "bundleIdentifier", "packageName")
        table[.buttonAction("default")] = button
        table[.buttonAction("navigation")] = button + both("skipToIdentifier")
        let image = both("type", "label", "placementType", "size", "bundleIdentifier", "packageName")
            + iOS("fileExtension") + android("rawFileExtension", "versionString")
        table[.image("fetchable")] = both("imageName") + image
        table[.image("animated")] = both("imageNames", "animationDuration", "animationRepeatCount") + image
            + iOS("imageIdentifier") + android("compositeImageName")
        table[.image("sageResource")] = both("type", "imageName", "label")
        return table
    }()

    /// A node kind's members: Kotlin's `NodeObject`/`StepObject` bases and Swift's `AbstractNodeObject`/
    /// `AbstractContentNodeObject` bases, then the kind's own.
    private static func nodeKeys(_ kind: NodeKind) -> [Key] {
        let header = both("type", "identifier", "comment", "title", "subtitle", "detail", "nextStepIdentifier",
                          "shouldHideActions", "actions", "webConfig") + android("footnote")
        let step = both("image") + android("viewTheme")
        let question = header + step + both("optional", "uiHint", "surveyRules") + android("spokenInstructions")
        let timed = android("commands", "requiresBackgroundAudio", "shouldEndOnInterrupt")
        // Kinds only Kotlin declares: Swift has no class for them, so every member is Android's.
        let kotlinStep = header.map { Key(name: $0.name, readers: .android) } + android("image", "viewTheme", "spokenInstructions")
        switch kind {
        case .assessment:
            return header + both("steps", "asyncActions", "$schema", "versionString", "estimatedMinutes", "copyright",
                                 "interruptionHandling", "guid") + iOS("image") + android("schemaIdentifier", "progressMarkers", "icon")
        case .section:
            return header + both("steps", "asyncActions") + iOS("image") + android("progressMarkers", "icon")
        case .instruction:
            return header + step + both("fullInstructionsOnly", "spokenInstructions")
        case .completion:
            return header + step + both("spokenInstructions")
        case .permission:
            return header + step + both("permissionType", "optional", "restrictedMessage", "deniedMessage", "spokenInstructions")
                + iOS("fullInstructionsOnly")
        case .overview:
            return header + step + both("icons", "permissions") + android("learnMore", "spokenInstructions")
        case .countdown:
            return header + step + both("duration", "fullInstructionsOnly", "spokenInstructions") + timed
        case .active:
            return kotlinStep + android("duration") + timed
        case .feedback:
            return kotlinStep + android("scoringResultPath", "resultTitle")
        case .simpleQuestion:
            return question + both("inputItem")
        case .choiceQuestion:
            return question + both("choices", "baseType", "singleChoice", "other")
        case .multipleInputQuestion:
            return question.map { Key(name: $0.name, readers: .android) } + android("inputItems")
        case .transform:
            return both("type", "identifier", "resourceName") + android("versionString", "comment")
        case .transformableAssessment:
            return android("type", "identifier", "resourceName", "versionString", "estimatedMinutes", "schemaIdentifier",
                           "comment", "title", "subtitle", "detail")
        case .assessmentPlaceholder:
            return android("type", "identifier", "assessmentInfo", "comment", "title", "subtitle", "detail")
        case .unknown:
            return []
        }
    }

    /// An input type's members: Kotlin's `InputItemObject` base (label, placeholder, `optional`,
    /// `exclusive`) and Swift's `TextInputItem` interface keys, then the type's own.
    private static func inputItemKeys(_ type: String) -> [Key] {
        let field = both("type", "identifier", "fieldLabel", "placeholder")
        let kotlinBase = android("optional", "exclusive")
        switch type {
        case "string": return field + both("keyboardOptions", "regExValidator") + iOS("characterLimit") + kotlinBase
        case "integer": return field + both("formatOptions") + android("keyboardOptions") + kotlinBase
        case "duration": return both("type", "identifier", "displayUnits") + iOS("fieldLabel", "placeholder") + kotlinBase
        case "checkbox": return android("type", "identifier", "label")
        default: return field + both("formatOptions") + kotlinBase
        }
    }

    private static func both(_ names: String...) -> [Key] { names.map { Key(name: $0, readers: .both) } }
    private static func iOS(_ names: String...) -> [Key] { names.map { Key(name: $0, readers: .iOS) } }
    private static func android(_ names: String...) -> [Key] { names.map { Key(name: $0, readers: .android) } }
}
