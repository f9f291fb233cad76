import XCTest
@testable import AssessmentModel

/// The model's coding keys are keys the reference engines read (``EngineKeys``), kind by kind.
final class CodingKeysTests: XCTestCase {
    private func names(_ scope: EngineKeys.Scope) -> Set<String> {
        Set((EngineKeys.keys(for: scope) ?? []).map(\.name))
    }

    private func assertRead<Key: CaseIterable & RawRepresentable>(_ keys: Key.Type, by scopes: [EngineKeys.Scope],
                                                                   line: UInt = #line) where Key.RawValue == String {
        let known = scopes.reduce(into: Set<String>()) { $0.formUnion(names($1)) }
        let unread = Key.allCases.map(\.rawValue).filter { !known.contains($0) }
        XCTAssertEqual(unread, [], "\(Key.self) types members no engine reads for \(scopes)", line: line)
    }

    func testEveryCodingKeyIsAKeyTheEnginesReadForThatKind() {
        assertRead(Node.HeaderKey.self, by: [.node(.instruction)])
        assertRead(Node.ContainerKey.self, by: [.node(.assessment)])
        assertRead(Question.CodingKeys.self, by: [.node(.simpleQuestion)])
        assertRead(Question.SimpleKey.self, by: [.node(.simpleQuestion)])
        assertRead(Question.ChoiceKey.self, by: [.node(.choiceQuestion)])
        assertRead(Question.MultipleKey.self, by: [.node(.multipleInputQuestion)])
        assertRead(SurveyRule.CodingKeys.self, by: [.surveyRule])
        assertRead(Choice.CodingKeys.self, by: [.choice])
        assertRead(InputItem.CodingKeys.self, by: EngineKeys.inputTypes.map { .inputItem($0) })
        assertRead(ButtonAction.CodingKeys.self, by: [.buttonAction("default")])
        let kindKeys: [(NodeKind, Node.StepKey)] = [(.permission, .permissionType), (.countdown, .duration), (.active, .duration),
            (.transform, .resourceName), (.transformableAssessment, .resourceName), (.assessmentPlaceholder, .assessmentInfo)]
        for (kind, key) in kindKeys { XCTAssertTrue(names(.node(kind)).contains(key.rawValue), "\(kind) \(key)") }
    }
}
