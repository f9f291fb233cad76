import FoundationEssentials
import Glibc
import JSONCore

/// How a survey rule compares an answer with its `matchingAnswer` (`docs/navigation.md` §2).
public enum AnswerComparison {
    /// Whether `rule` matches `answer` (`null` for a skipped question) of `question`.
    public static func matches(_ rule: SurveyRule, answer: JSONValue, question: Question) -> Bool {
        let expected = rule.comparedValue
        switch rule.ruleOperator {
        case .equal: return equal(answer, expected, question: question)
        case .notEqual: return !equal(answer, expected, question: question)
        case .lessThan: return order(answer, expected, question: question).map { $0 < 0 } ?? false
        case .greaterThan: return order(answer, expected, question: question).map { $0 > 0 } ?? false
        case .lessThanOrEqual: return order(answer, expected, question: question).map { $0 <= 0 } ?? false
        case .greaterThanOrEqual: return order(answer, expected, question: question).map { $0 >= 0 } ?? false
        case .unknown: return false
        }
    }

    /// `eq`: numbers as `order` compares them (equal after rounding), otherwise strict JSON equality.
    public static func equal(_ answer: JSONValue, _ expected: JSONValue, question: Question) -> Bool {
        if case .number(let a) = answer, case .number(let b) = expected {
            return compare(a, b, places: decimalPlaces(for: question)) == 0
        }
        return answer == expected && answer.primitiveType.isSameJSONKind(as: expected.primitiveType)
    }

    /// -1/0/1 for two numbers: exact when both are integers, else after rounding both to `places`
    /// decimal places, so that numbers `eq` calls equal are neither `lt` nor `gt` (Kotlin
    /// `SurveyNavigationTest.testJsonElementComparison_Double`).
    private static func compare(_ a: JSONNumber, _ b: JSONNumber, places: Int) -> Int {
        if a.isInteger && b.isInteger { return a < b ? -1 : (a == b ? 0 : 1) }
        let x = rounded(a.doubleValue, places), y = rounded(b.doubleValue, places)
        return x < y ? -1 : (x == y ? 0 : 1)
    }

    /// The decimal places `eq` rounds to: 0 for integer and year questions, else `maximumFractionDigits` or 5.
    public static func decimalPlaces(for question: Question) -> Int {
        switch question.inputItem?.type {
        case .integer?, .year?: return 0
        default: break
        }
        if question.choiceInput?.baseType == .integer { return 0 }
        return question.inputItem?.formatOptions?.maximumFractionDigits?.intValue ?? 5
    }

    private static func rounded(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(min(places, 15)))
        return (value * scale).rounded() / scale
    }

    /// -1/0/1 for two numbers (rounded to the question's decimal places unless both are integers) or
    /// two strings (by code points), `nil` for any other pairing.
    public static func order(_ answer: JSONValue, _ expected: JSONValue, question: Question) -> Int? {
        switch (answer, expected) {
        case (.number(let a), .number(let b)): return compare(a, b, places: decimalPlaces(for: question))
        case (.string(let a), .string(let b)):
            let x = Array(a.unicodeScalars.map(\.value)), y = Array(b.unicodeScalars.map(\.value))
            return x.lexicographicallyPrecedes(y) ? -1 : (x == y ? 0 : 1)
        default: return nil
        }
    }
}

extension JSONPrimitiveType {
    /// Integers and numbers are one kind for equality; other types only match themselves.
    func isSameJSONKind(as other: JSONPrimitiveType) -> Bool {
        satisfies(other) || other.satisfies(self)
    }
}
