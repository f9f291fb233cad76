import Foundation
import JSONCore
import JSONSchema

// Benchmarks for assess. Build with -c release; see README "Benchmarks".
//   assess-bench validate CORPUS SCHEMA     validation throughput per corpus group
let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    FileHandle.standardError.write(Data("usage: assess-bench validate CORPUS SCHEMA\n".utf8))
    exit(2)
}
switch command {
case "validate" where arguments.count == 3:
    ValidationBenchmark.run(corpus: arguments[1], schema: arguments[2])
default:
    FileHandle.standardError.write(Data("unknown benchmark or wrong arguments: \(arguments)\n".utf8))
    exit(2)
}
