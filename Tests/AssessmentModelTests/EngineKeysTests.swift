import Foundation
import XCTest
@testable import AssessmentModel

/// The table of members the reference engines read, checked against facts read from AssessmentModelKMM
/// (Kotlin: `assessmentmodel/src/commonMain/kotlin/serialization/Nodes.kt`, `InputItems.kt`,
/// `NumberFormatOptions.kt`, `Buttons.kt`, `Image.kt`, `survey/SurveyRule.kt`; Swift:
/// `SwiftPackage/Sources/AssessmentModel/Assessment/NodeSerializer.swift`, `Assessment.swift`,
/// `Question/ChoiceQuestion.swift`, `Question/TextInputItem.swift`, `Question/TextEntryValidator.swift`,
/// `Question/JsonSurveyRuleObject.swift`, `ButtonAction/*.swift`, `Image/*.swift`), and against docs/format.md.
final class EngineKeysTests: XCTestCase {
    private func readers(_ scope: EngineKeys.Scope, _ name: String) -> EngineKeys.Readers? {
        EngineKeys.keys(for: scope)?.first { $0.name == name }?.readers
    }

    func testEveryKnownKindHasKeysAndNoScopeListsAKeyTwice() {
        for scope in EngineKeys.scopes {
            let names = EngineKeys.keys(for: scope)?.map(\.name) ?? []
            XCTAssertFalse(names.isEmpty, "\(scope)")
            XCTAssertEqual(names.count, Set(names).count, "\(scope): \(names)")
        }
        XCTAssertEqual(EngineKeys.scopes.filter { if case .node = $0 { true } else { false } }.count, NodeKind.knownNames.count)
        XCTAssertNil(EngineKeys.keys(for: .node(.unknown("tapping"))), "an app's own type")
        XCTAssertNil(EngineKeys.keys(for: .inputItem("date")), "no engine loads it")
    }

    func testFactsReadFromTheEngines() {
        // JsonSurveyRuleObject (Swift) and ComparableSurveyRuleObject (Kotlin): the same three members.
        XCTAssertEqual(EngineKeys.keys(for: .surveyRule)?.map(\.name).sorted(), ["matchingAnswer", "ruleOperator", "skipToIdentifier"])
        // JsonChoiceObject (Kotlin) reads detail; Swift's JsonChoice reads iconName; neither reads exclusive.
        XCTAssertEqual(readers(.choice, "selectorType"), .both)
        XCTAssertEqual(readers(.choice, "detail"), .android)
        XCTAssertEqual(readers(.choice, "iconName"), .iOS)
        XCTAssertNil(readers(.choice, "exclusive"))
        XCTAssertEqual(EngineKeys.retired(in: .choice)["exclusive"], "selectorType")
        // NodeObject.footnote is Kotlin's; Swift's containers read image, Kotlin's icon.
        XCTAssertEqual(readers(.node(.instruction), "footnote"), .android)
        XCTAssertEqual(readers(.node(.section), "image"), .iOS)
        XCTAssertEqual(readers(.node(.section), "icon"), .android)
        // Kinds only Kotlin registers: every member is Android's.
        for kind in [NodeKind.active, .feedback, .multipleInputQuestion, .transformableAssessment, .assessmentPlaceholder] {
            XCTAssertEqual(Set(EngineKeys.keys(for: .node(kind))?.map(\.readers) ?? []), [.android], "\(kind)")
        }
        // TransformableNodeObject (Kotlin) and TransformableNode (Swift) read no display text.
        XCTAssertNil(readers(.node(.transform), "title"))
        // StringTextInputItemObject: characterLimit on iOS; InputItemObject: optional on Android; checkbox is Kotlin's.
        XCTAssertEqual(readers(.inputItem("string"), "characterLimit"), .iOS)
        XCTAssertEqual(readers(.inputItem("integer"), "optional"), .android)
        XCTAssertEqual(readers(.inputItem("checkbox"), "label"), .android)
        XCTAssertEqual(readers(.formatOptions("number"), "maximumFractionDigits"), .both)
        XCTAssertEqual(readers(.formatOptions("year"), "minimumLabel"), .android)
        XCTAssertEqual(readers(.buttonAction("navigation"), "skipToIdentifier"), .both)
        XCTAssertEqual(readers(.image("fetchable"), "fileExtension"), .iOS)
        XCTAssertEqual(readers(.image("fetchable"), "rawFileExtension"), .android)
    }

    /// docs/format.md documents every kind and every member of the table: a node type's members in its
    /// section (`### \`instruction\``), in the section's parent introduction, or among the members shared by
    /// nodes; the other scopes' members in their section.
    func testTheFormatPageNamesEveryKindAndMember() throws {
        let page = try String(contentsOf: Repository.file("docs/format.md"), encoding: .utf8)
        let sections = Section.all(in: page)
        func section(_ heading: String) -> Section? { sections.first { $0.heading == heading } }
        let shared = ["Members of every node", "Steps with content"].compactMap { section("## " + $0)?.intro }.joined()
        let loaded: [NodeKind] = [.transform, .transformableAssessment, .assessmentPlaceholder]
        for scope in EngineKeys.scopes {
            let heading: String
            switch scope {
            case .node(let kind): heading = "### `\(kind)`"
            case .surveyRule: heading = "## Survey rules"
            case .choice: heading = "## Choices"
            case .inputItem(let type), .formatOptions(let type): heading = "### `\(type)` input"
            case .buttonAction: heading = "## Buttons"
            case .image: heading = "## Images"
            }
            guard let own = section(heading) else {
                XCTFail("docs/format.md has no section \(heading)")
                continue
            }
            var text = own.text + (own.parent.flatMap(section)?.intro ?? "")
            if case .node(let kind) = scope, !loaded.contains(kind) { text += shared }
            for key in EngineKeys.keys(for: scope) ?? [] where !text.contains("`\(key.name)`") {
                XCTFail("docs/format.md does not name `\(key.name)` of \(scope) under \(heading)")
            }
        }
    }

    /// A heading of the page and its text up to the next heading of the same or a higher level.
    private struct Section {
        let heading: String
        /// The heading of the enclosing `##` section, for `###` sections.
        let parent: String?
        /// Everything under the heading, subsections included.
        let text: String
        /// The text before the first subsection.
        let intro: String

        static func all(in page: String) -> [Section] {
            let lines = page.components(separatedBy: "\n")
            let headings = lines.indices.filter { lines[$0].hasPrefix("#") }
            func level(_ index: Int) -> Int { lines[index].prefix { $0 == "#" }.count }
            var parent: String?
            return headings.map { start in
                let end = headings.first { $0 > start && level($0) <= level(start) } ?? lines.count
                let next = headings.first { $0 > start } ?? lines.count
                if level(start) == 2 { parent = lines[start] }
                return Section(heading: lines[start], parent: level(start) == 3 ? parent : nil,
                               text: lines[(start + 1)..<end].joined(separator: "\n"), intro: lines[(start + 1)..<min(next, end)].joined(separator: "\n"))
            }
        }
    }
}
