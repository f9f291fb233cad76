import FoundationEssentials
import JSONCore

/// `contentEncoding` / `contentMediaType`: a string must decode (base64) and parse (application/json).
///
/// Draft-07 lets implementations assert these; we do when format assertion is on, as peers do.
final class ContentKeyword: AssertionKeyword, @unchecked Sendable {
    let isBase64: Bool
    let isJSON: Bool

    init(location: KeywordLocation, isBase64: Bool, isJSON: Bool) {
        self.isBase64 = isBase64
        self.isJSON = isJSON
        super.init(location: location)
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        let encoding = site.object["contentEncoding"]
        let mediaType = site.object["contentMediaType"]
        if let encoding, encoding.stringValue == nil { throw site.invalid("contentEncoding", expected: "a string", compiler) }
        if let mediaType, mediaType.stringValue == nil { throw site.invalid("contentMediaType", expected: "a string", compiler) }
        let isBase64 = encoding?.stringValue?.lowercased() == "base64"
        let isJSON = mediaType?.stringValue?.lowercased().hasPrefix("application/json") ?? false
        guard isBase64 || isJSON else { return nil }
        return ContentKeyword(location: site.keyword(isJSON ? "contentMediaType" : "contentEncoding"),
                              isBase64: isBase64, isJSON: isJSON)
    }

    override func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        guard context.assertFormat, instance.kind == .string else { return nil }
        let text = instance.string
        var bytes = Array(text.utf8)
        if isBase64 {
            guard let decoded = Data(base64Encoded: text) else { return .content("base64") }
            bytes = Array(decoded)
        }
        if isJSON, (try? JSONDocument(bytes: bytes)) == nil { return .content("application/json") }
        return nil
    }
}
