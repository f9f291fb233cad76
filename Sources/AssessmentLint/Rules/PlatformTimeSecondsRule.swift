import AssessmentModel

/// Reports `time` input bounds written with seconds: the Swift engine (iOS) drops the seconds when it
/// compares, the Kotlin engine (Android) keeps them, so an answer at the bound's minute passes on one only.
struct PlatformTimeSecondsRule: LintRule {
    let id = LintRuleID.platformTimeSeconds
    let severity = LintSeverity.warning
    let summary = "a time input bound with seconds: iOS compares to the minute, Android to the second"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        survey.visits.flatMap { visit -> [Finding] in
            (visit.node.question?.allInputItems ?? []).filter { $0.type == .time }.flatMap { item -> [Finding] in
                [("minimumValue", item.formatOptions?.minimumValue), ("maximumValue", item.formatOptions?.maximumValue)].compactMap { key, value in
                    // Only seconds that can change a verdict: a minimum past :00, a maximum before :59.
                    guard let bound = value?.stringValue, let seconds = TimeOfDay.seconds(bound) else { return nil }
                    let second = seconds.truncatingRemainder(dividingBy: 60)
                    guard second != 0, key == "minimumValue" || second < 59 else { return nil }
                    let minute = String(bound.prefix(5))
                    let example = key == "minimumValue" ? "\(minute) passes it on iOS (Swift drops seconds) but not on Android (Kotlin keeps them)"
                                                        : "an answer later in minute \(minute) passes it on iOS (Swift drops seconds) but not on Android (Kotlin keeps them)"
                    return survey.finding(self, "time bound \(key) \"\(bound)\" of \"\(visit.node.identifier)\" has seconds: \(example); write \"\(minute)\"",
                                          at: item.pointer.appending("formatOptions").appending(key),
                                          fixes: survey.replacing(item.pointer.appending("formatOptions").appending(key), with: minute))
                }
            }
        }
    }
}
