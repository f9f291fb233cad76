import AssessmentModel
import JSONCore

/// Reports members neither reference engine reads for that kind of object (`EngineKeys`): in nodes of the
/// types the engines know, survey rules, choices, input items, `formatOptions`, button actions and images.
/// iOS skips such a member and Android's default decoder refuses the whole file, so a typo (`"titel"`) or a
/// key of an older format (`"exclusive"` on a choice) silently changes the survey on one phone and breaks
/// it on the other. The finding sits on the member name, with the closest known member (or the member that
/// replaced a retired one) as a fix; `allowProperties` in `assess.json` and `--allow-property` name an
/// app's own members (`"myKey"` anywhere, `"choice.score"` in one kind of object).
struct UnknownPropertyRule: LintRule {
    let id = LintRuleID.unknownProperty
    let severity = LintSeverity.warning
    let summary = "a member no reference engine reads for that kind of object: iOS ignores it, Android's default decoder refuses the file"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        guard case .object(let root) = survey.document.json.value else { return [] }
        var findings: [Finding] = []
        // Sections nest as deep as the file does: an explicit stack of nodes, not recursion.
        var pending: [(object: JSONObject, pointer: JSONPointer)] = [(root, .root)]
        while let (object, pointer) = pending.popLast() {
            let kind = NodeKind(object["type"]?.stringValue ?? "")
            if kind.isContainer || pointer.isRoot, case .array(let steps)? = object["steps"] {
                for (index, step) in steps.enumerated().reversed() {
                    if case .object(let child) = step { pending.append((child, pointer.appending("steps").appending(index: index))) }
                }
            }
            guard EngineKeys.keys(for: .node(kind)) != nil, !survey.allowedTypes.contains(kind.description) else { continue }
            let owner = object["identifier"]?.stringValue.map { "\(kind) \"\($0)\"" } ?? "\(kind)"
            findings += check(object, as: .node(kind), at: pointer, owner: owner, survey)
            for (member, scope) in parts(of: object, kind: kind, at: pointer) {
                findings += check(member.object, as: scope, at: member.pointer, owner: owner, survey)
            }
        }
        return findings
    }

    /// The typed objects inside a node, each with its scope: rules, choices, input items and their
    /// formatOptions, button actions, the image.
    private func parts(of node: JSONObject, kind: NodeKind, at pointer: JSONPointer) -> [((object: JSONObject, pointer: JSONPointer), EngineKeys.Scope)] {
        var parts: [((object: JSONObject, pointer: JSONPointer), EngineKeys.Scope)] = []
        func objects(_ key: String) -> [(object: JSONObject, pointer: JSONPointer)] {
            switch node[key] {
            case .object(let object)?: return [(object, pointer.appending(key))]
            case .array(let items)?:
                return items.enumerated().compactMap { index, item in item.objectValue.map { ($0, pointer.appending(key).appending(index: index)) } }
            default: return []
            }
        }
        if kind.isQuestion {
            parts += objects("surveyRules").map { ($0, .surveyRule) }
            parts += objects("choices").map { ($0, .choice) }
            for item in objects("inputItem") + objects("inputItems") + objects("other") {
                guard let type = item.object["type"]?.stringValue, EngineKeys.keys(for: .inputItem(type)) != nil else { continue }
                parts.append((item, .inputItem(type)))
                if case .object(let options)? = item.object["formatOptions"], EngineKeys.keys(for: .formatOptions(type)) != nil {
                    parts.append(((options, item.pointer.appending("formatOptions")), .formatOptions(type)))
                }
            }
        }
        if case .object(let actions)? = node["actions"] {
            for member in actions {
                guard case .object(let action) = member.value else { continue }
                let scope = EngineKeys.Scope.buttonAction(action["type"]?.stringValue ?? "default")
                if EngineKeys.keys(for: scope) != nil { parts.append(((action, pointer.appending("actions").appending(member.key)), scope)) }
            }
        }
        for image in objects("image") {
            let scope = EngineKeys.Scope.image(image.object["type"]?.stringValue ?? "")
            if EngineKeys.keys(for: scope) != nil { parts.append((image, scope)) }
        }
        return parts
    }

    /// The findings for one object's members.
    private func check(_ object: JSONObject, as scope: EngineKeys.Scope, at pointer: JSONPointer, owner: String, _ survey: LintContext) -> [Finding] {
        guard let known = EngineKeys.names[scope] else { return [] }
        var findings: [Finding] = []
        var place = owner
        if case .node = scope {} else { place = "\(scope) of \(owner)" }
        // `regex-validator` already reports a validator on an input that is not a string.
        let explained: Set<String> = if case .inputItem = scope { ["regExValidator"] } else { [] }
        for member in object where !known.contains(member.key) && !explained.contains(member.key) {
            let key = member.key
            guard !survey.allowedProperties.contains(key), !survey.allowedProperties.contains("\(scope.name).\(key)") else { continue }
            let at = pointer.appending(key)
            let consequence = "iOS ignores it and Android's default decoder refuses the file"
            if let replacement = EngineKeys.retired(in: scope)[key] {
                let fix = renaming(at, to: replacement, value: member.value, survey)
                findings.append(survey.finding(self, "\"\(key)\" in \(place) is an older format's name for \"\(replacement)\": \(consequence)",
                                               at: at, onKey: true, fixes: fix))
                continue
            }
            let candidates = known.filter { object[$0] == nil }.sorted()
            let guess = Suggestion.closest(to: key, among: candidates) ?? Self.transposition(of: key, among: candidates)
            let hint = guess.map { "; did you mean \"\($0)\"?" } ?? ""
            findings.append(survey.finding(self, "\"\(key)\" is not a member of \(place)\(hint) (\(consequence))",
                                           at: at, onKey: true, fixes: guess.map { survey.replacing(at, onKey: true, with: $0) } ?? []))
        }
        return findings
    }

    /// The fix for a retired key: its replacement's name, and for `"exclusive": true|false` the selector it meant.
    private func renaming(_ pointer: JSONPointer, to replacement: String, value: JSONValue, _ survey: LintContext) -> [FixIt] {
        guard let map = survey.document.sourceMap, let keyRange = map.keyRange(of: pointer) else { return [] }
        var edits = [TextEdit(range: keyRange, replacement: "\"\(replacement)\"")]
        var title = "rename to \"\(replacement)\""
        if case .bool(let on) = value, let valueRange = map.range(of: pointer) {
            let selector = on ? "exclusive" : "default"
            edits.append(TextEdit(range: valueRange, replacement: "\"\(selector)\""))
            title = "replace with \"\(replacement)\": \"\(selector)\""
        }
        return [FixIt(title: title, edits: edits)]
    }

    /// The candidate that is `word` with two neighbouring letters swapped (`titel` → `title`), which edit
    /// distance counts as two edits and so misses in short words.
    static func transposition(of word: String, among candidates: [String]) -> String? {
        let letters = Array(word)
        return candidates.first { candidate in
            let other = Array(candidate)
            guard other.count == letters.count else { return false }
            let differing = letters.indices.filter { letters[$0] != other[$0] }
            return differing.count == 2 && differing[1] == differing[0] + 1
                && letters[differing[0]] == other[differing[1]] && letters[differing[1]] == other[differing[0]]
        }
    }
}
