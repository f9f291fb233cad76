import Foundation
import JSONCore

/// How a survey rule compares an answer with its `matchingAnswer` (navigation spec §2).
public enum AnswerComparison {
    /// Whether `rule` matches `answer` (`null` for a skipped question) of `question`.
    public static func matches(_ rule: SurveyRule, answer: JSONValue, question: Question) -> Bool {
        let expected = rule.comparedValue
        switch rule.ruleOperator {
        case .equal: return equal(answer, expected, question: question)
        case .notEqual: return !equal(answer, expected, question: question)
        case .lessThan: return order(answer, expected).map { $0 < 0 } ?? false
        case .greaterThan: return order(answer, expected).map { $0 > 0 } ?? false
        case .lessThanOrEqual: return order(answer, expected).map { $0 <= 0 } ?? false
        case .greaterThanOrEqual: return order(answer, expected).map { $0 >= 0 } ?? false
        case .unknown: return false
        }
    }

    /// `eq`: numbers after rounding to the question's decimal places, otherwise strict JSON equality.
    public static func equal(_ answer: JSONValue, _ expected: JSONValue, question: Question) -> Bool {
        if case .number(let a) = answer, case .number(let b) = expected {
            let places = decimalPlaces(for: question)
            return rounded(a.doubleValue, places) == rounded(b.doubleValue, places)
        }
        return answer == expected && answer.primitiveType.isSameJSONKind(as: expected.primitiveType)
    }

    /// The decimal places `eq` rounds to: 0 for integer and year questions, else `maximumFractionDigits` or 5.
    public static func decimalPlaces(for question: Question) -> Int {
        switch question.inputItem?.type {
        case .integer?, .year?: return 0
        default: break
        }
        if question.baseType == .integer { return 0 }
        return question.inputItem?.bound("maximumFractionDigits")?.intValue ?? 5
    }

    private static func rounded(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(min(places, 15)))
        return (value * scale).rounded() / scale
    }

    /// -1/0/1 for two numbers or two strings (by code points), `nil` for any other pairing.
    public static func order(_ answer: JSONValue, _ expected: JSONValue) -> Int? {
        switch (answer, expected) {
        case (.number(let a), .number(let b)): return a < b ? -1 : (a == b ? 0 : 1)
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
