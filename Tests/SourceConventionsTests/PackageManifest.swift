/// The library targets of a `Package.swift`, read as text (the manifest is not run).
enum PackageManifest {
    /// A `.target(…)` of the manifest: a library target, not an executable, test or system-library one.
    struct Target: Equatable, Sendable {
        /// Its name.
        var name: String
        /// Its folder relative to the package root: `path:` when given, else `Sources/NAME`.
        var path: String
    }

    static func libraryTargets(in manifest: String) -> [Target] {
        var targets: [Target] = []
        var rest = Substring(manifest)
        while let start = rest.firstRange(of: ".target(") {
            rest = rest[start.upperBound...]
            let arguments = rest[..<(rest.closingParenthesis(alreadyOpen: 1) ?? rest.endIndex)]
            guard let name = stringArgument("name", in: arguments) else { continue }
            targets.append(Target(name: name, path: stringArgument("path", in: arguments) ?? "Sources/\(name)"))
        }
        return targets
    }

    /// The string given to a labelled argument at the top level of `arguments` (`name: "JSONCore"`).
    private static func stringArgument(_ label: String, in arguments: Substring) -> String? {
        var depth = 0
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let character = arguments[index]
            if character == "(" || character == "[" { depth += 1 }
            if character == ")" || character == "]" { depth -= 1 }
            let atLabel = depth == 0 && arguments[index...].hasPrefix(label + ":")
                && (index == arguments.startIndex || !arguments[arguments.index(before: index)].isLetter)
            if atLabel {
                let value = arguments[arguments.index(index, offsetBy: label.count + 1)...].drop(while: \.isWhitespace)
                guard value.hasPrefix("\"") else { return nil }
                return String(value.dropFirst().prefix(while: { $0 != "\"" }))
            }
            index = arguments.index(after: index)
        }
        return nil
    }
}
