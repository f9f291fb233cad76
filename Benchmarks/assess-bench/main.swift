import Foundation
import JSONCore
import JSONSchema
import AssessmentLint

// Benchmarks for assess. Build with -c release; see README "Benchmarks".
//   assess-bench parse CORPUS [GROUP ROUNDS] parse throughput (bytes to tape) per corpus group, best of 5;
//                                           with GROUP ROUNDS: parse that group ROUNDS times, untimed;
//                                           with GROUP ROUNDS line: the same, writing ingest's dataset line too
//   assess-bench validate CORPUS SCHEMA [GROUP ROUNDS]  validation throughput per corpus group, best of 5;
//                                           with GROUP ROUNDS: validate that group ROUNDS times, untimed
//   assess-bench lint [STEPS...]            lint a generated 10,000-step survey with 1,000 rules; then a flat chain at
//                                           STEPS (default 1000 2000 4000 8000) and each rule alone, flat and nested
//   assess-bench run [SURVEY]               10,000 scripted runs of the Example Survey
//   assess-bench archive [N]                build and verify N result archives (default 1000)
//   assess-bench flow [STEPS]               routes + coverage on a generated survey (default 1000 steps)
//   assess-bench lsp [STEPS...]             assess lsp request latency on generated surveys (default 1000 steps)
//   assess-bench nested DEPTH [DIR]        lint and run DEPTH nested sections (writes the survey and script to DIR)
//   assess-bench regex [PATTERN]            hostile patterns (<= 100 chars) on 10,000-scalar subjects
//   assess-bench sample-result              the result JSON the archive benchmark uses
//   assess-bench refdir DIR SCHEMA INSTANCE  --ref-dir indexing (Benchmarks/run-refdir.sh)
//   assess-bench inflate DIR [NAME [ROUNDS]]  inflate the zip entries NAME ("all": every one) of DIR's archives,
//                                           ours and zlib's (Benchmarks/run-inflate.sh)
let arguments = Array(CommandLine.arguments.dropFirst())

/// Runs `body` on a thread with the `assess` binary's 512 MB stack: schema validation recurses with the nesting.
func onLargeStack(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let worker = Thread {
        body()
        done.signal()
    }
    worker.stackSize = 1 << 29
    worker.start()
    done.wait()
}

guard let command = arguments.first else {
    FileHandle.standardError.write(Data("usage: assess-bench parse CORPUS [GROUP ROUNDS [line]] | validate CORPUS SCHEMA [GROUP ROUNDS] | lint [STEPS...] | run [SURVEY] | archive [N] | flow [STEPS] | lsp [STEPS...] | nested DEPTH [DIR] | regex [PATTERN] | sample-result | refdir DIR SCHEMA INSTANCE | inflate DIR [NAME [ROUNDS]]\n".utf8))
    exit(2)
}
switch command {
case "parse" where arguments.count == 2:
    ParseBenchmark.run(corpus: arguments[1])
case "parse" where arguments.count == 4:
    ParseBenchmark.run(corpus: arguments[1], onlyGroup: arguments[2], rounds: Int(arguments[3]) ?? 1)
case "parse" where arguments.count == 5 && arguments[4] == "line":
    ParseBenchmark.run(corpus: arguments[1], onlyGroup: arguments[2], rounds: Int(arguments[3]) ?? 1, writesLine: true)
case "validate" where arguments.count == 3:
    ValidationBenchmark.run(corpus: arguments[1], schema: arguments[2])
case "validate" where arguments.count == 5:
    ValidationBenchmark.run(corpus: arguments[1], schema: arguments[2], onlyGroup: arguments[3], rounds: Int(arguments[4]) ?? 1)
case "lint":
    onLargeStack {
        LintBenchmark.run(steps: 10_000, rules: 1_000)
        let sizes = arguments.dropFirst().compactMap { Int($0) }
        LintScalingBenchmark.run(sizes: sizes.isEmpty ? [1000, 2000, 4000, 8000] : sizes)
    }
case "run":
    RunBenchmark.run(surveyPath: arguments.count > 1 ? arguments[1] : "examples/surveys/example-survey.json", count: 10_000)
case "archive":
    ArchiveBenchmark.run(count: arguments.count > 1 ? Int(arguments[1]) ?? 1000 : 1000)
case "flow":
    FlowBenchmark.run(steps: arguments.count > 1 ? Int(arguments[1]) ?? 1000 : 1000)
case "lsp":
    let sizes = arguments.dropFirst().compactMap { Int($0) }
    for steps in sizes.isEmpty ? [1000] : sizes { LSPBenchmark.run(steps: steps) }
case "nested" where arguments.count >= 2:
    onLargeStack { NestedBenchmark.run(depth: Int(arguments[1]) ?? 1000, writingTo: arguments.count > 2 ? arguments[2] : nil) }
case "refdir" where arguments.count == 4:
    RefDirBenchmark.run(folder: arguments[1], schema: arguments[2], instance: arguments[3])
case "inflate" where (2...4).contains(arguments.count):
    let name = arguments.count > 2 && arguments[2] != "all" ? arguments[2] : nil
    InflateBenchmark.run(folder: arguments[1], only: name, rounds: arguments.count > 3 ? Int(arguments[3]) ?? 20 : 20)
case "regex":
    RegexBenchmark.run(only: arguments.count > 1 ? arguments[1] : nil)
case "sample-result":
    print(ArchiveBenchmark.sampleResult())
default:
    FileHandle.standardError.write(Data("unknown benchmark or wrong arguments: \(arguments)\n".utf8))
    exit(2)
}
