import JSONCore
import JSONSchema

/// `schema NUL instance`: a schema compiles or is refused with an error; when it compiles, the
/// cheap boolean path and the error path agree, on the tree and on the tape, with and without
/// `format` assertion, and at a depth limit small enough for fuzzed inputs to reach (the verdict's
/// shortcuts must meet the limit where the keywords would); without a limit in reach or a schema loop,
/// the verdict is also that of the errors collected keyword by keyword.
enum SchemaTarget {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let (schemaBytes, instanceBytes) = FuzzInput.split(bytes)
        guard let schema = try? JSONDocument(bytes: schemaBytes).value,
              let instance = try? JSONTape(bytes: instanceBytes) else { return }
        for options in [ValidationOptions(assertFormat: true), ValidationOptions(assertFormat: false),
                        ValidationOptions(maxDepth: 6)] {
            guard let validator = try? Validator(schema: schema, uri: "urn:fuzz:schema", options: options) else { return }
            let valid = validator.isValid(instance)
            let errors = validator.validate(instance)
            try FuzzFailure.check(valid == errors.isEmpty,
                                  "isValid says \(valid) but validate finds \(errors.count) errors (assertFormat \(options.assertFormat), maxDepth \(options.maxDepth))")
            try FuzzFailure.check(validator.isValid(instance.value) == valid, "the tree and the tape of the instance get different verdicts")
            // The verdict's shortcuts (runs of array elements of one shape, inline member verdicts) against the errors
            // collected keyword by keyword, where neither a depth limit nor a schema loop can tell them apart.
            if options.maxDepth == ValidationOptions.defaultMaxDepth, validator.warnings.isEmpty {
                try FuzzFailure.check(validator.errors(instance, verdictFirst: false).isEmpty == valid,
                                      "isValid says \(valid) but the keywords walked one by one disagree (assertFormat \(options.assertFormat))")
            }
        }
    }
}
