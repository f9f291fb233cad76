// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "assess",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "assess", targets: ["assess"]),
        .executable(name: "assess-bowtie", targets: ["assess-bowtie"]),
        .library(name: "JSONCore", targets: ["JSONCore"]),
        .library(name: "ECMARegex", targets: ["ECMARegex"]),
        .library(name: "JSONFormats", targets: ["JSONFormats"]),
        .library(name: "JSONSchema", targets: ["JSONSchema"]),
        .library(name: "AssessmentSchemas", targets: ["AssessmentSchemas"]),
        .library(name: "AssessmentModel", targets: ["AssessmentModel"]),
        .library(name: "AssessmentRunner", targets: ["AssessmentRunner"]),
        .library(name: "AssessmentLint", targets: ["AssessmentLint"]),
        .library(name: "SurveyFlow", targets: ["SurveyFlow"]),
        .library(name: "FileIO", targets: ["FileIO"]),
        .library(name: "ZipArchive", targets: ["ZipArchive"]),
        .library(name: "ResultArchive", targets: ["ResultArchive"]),
        .library(name: "OrderedParallel", targets: ["OrderedParallel"]),
        .library(name: "Ingest", targets: ["Ingest"]),
        .library(name: "LanguageServer", targets: ["LanguageServer"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "SurveyPreview", targets: ["SurveyPreview"]),
        .library(name: "AssessCLI", targets: ["AssessCLI"]),
        // The fuzz package (Fuzz/) links the targets' logic through this product; not an API for other programs.
        .library(name: "_FuzzTargets", targets: ["FuzzTargets"]),
    ],
    targets: [
        .target(name: "CJSONScan", cSettings: optimizedKernels),
        .target(name: "JSONCore", dependencies: ["CJSONScan", "Platform"]),
        .target(name: "ECMARegex"),
        .target(name: "JSONFormats"),
        .target(name: "JSONSchema", dependencies: ["Platform", "JSONCore", "ECMARegex", "JSONFormats"]),
        .target(name: "AssessmentSchemas", dependencies: ["JSONCore", "JSONSchema"]),
        .target(name: "AssessmentModel", dependencies: ["Platform", "JSONCore", "ECMARegex", "JSONSchema"]),
        .target(name: "AssessmentRunner", dependencies: ["JSONCore", "ECMARegex", "AssessmentModel"]),
        // Above the runner: lint rules ask the one engine how a survey moves.
        .target(name: "AssessmentLint", dependencies: ["Platform", "JSONCore", "ECMARegex", "JSONSchema", "AssessmentSchemas", "AssessmentModel", "AssessmentRunner"]),
        .target(name: "SurveyFlow", dependencies: ["Platform", "JSONCore", "AssessmentModel", "AssessmentRunner"]),
        .target(name: "SeededRandom"),
        .target(name: "AssessVersion"),
        // What the modules took from Foundation, which `assess` does not link (FoundationEssentials lacks it): locks,
        // conditions and threads with a chosen stack size over pthreads, whole reads and writes of file descriptors,
        // printf formatting and a few string edits.
        .target(name: "Platform"),
        .target(name: "OrderedParallel", dependencies: ["Platform"]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // syncfs for FileIO (glibc declares it only under _GNU_SOURCE).
        .systemLibrary(name: "CFileSync", path: "Sources/CFileSync"),
        .target(name: "FileIO", dependencies: ["Platform", "CFileSync"]),
        .target(name: "CCRC32", cSettings: optimizedKernels),
        // Our own inflate for whole zip entries (raw DEFLATE into a buffer of the declared size).
        .target(name: "CInflate", cSettings: optimizedKernels),
        .target(name: "ZipArchive", dependencies: ["CZlib", "CCRC32", "CInflate"]),
        .target(name: "ResultArchive", dependencies: ["Platform", "JSONCore", "JSONSchema", "AssessmentModel", "AssessmentLint", "AssessmentSchemas", "ZipArchive", "FileIO"]),
        .target(name: "Ingest", dependencies: ["Platform", "JSONCore", "ResultArchive", "ZipArchive", "FileIO", "OrderedParallel"]),
        .target(name: "LanguageServer", dependencies: ["Platform", "JSONCore", "JSONSchema", "AssessmentModel", "AssessmentLint", "AssessmentSchemas", "SurveyFlow"]),
        .target(name: "HTTPServer", dependencies: ["Platform"]),
        .target(name: "SurveyPreview", dependencies: ["Platform", "JSONCore", "AssessmentModel", "AssessmentLint", "AssessmentSchemas", "AssessmentRunner", "SurveyFlow", "ResultArchive", "HTTPServer"]),
        .target(
            name: "AssessCLI",
            dependencies: ["Platform", "JSONCore", "JSONSchema", "AssessmentModel", "AssessmentLint", "AssessmentSchemas", "AssessmentRunner", "ResultArchive", "ZipArchive", "FileIO", "SurveyFlow", "LanguageServer", "OrderedParallel", "Ingest", "CMalloc",
                           "AssessVersion", "HTTPServer", "SurveyPreview"]
        ),
        .target(
            name: "FuzzTargets",
            dependencies: ["JSONCore", "JSONSchema", "ECMARegex", "AssessmentModel", "AssessmentLint", "AssessmentSchemas", "AssessmentRunner", "ZipArchive", "ResultArchive", "SeededRandom", "LanguageServer", "Ingest", "HTTPServer", "SurveyPreview"]
        ),
        .executableTarget(name: "assess", dependencies: ["AssessCLI", "Platform"], linkerSettings: assessLinkerSettings),
        .executableTarget(name: "assess-bowtie", dependencies: ["Platform", "JSONCore", "JSONSchema", "AssessVersion"]),
        .executableTarget(
            name: "assess-bench",
            dependencies: ["JSONCore", "ECMARegex", "JSONSchema", "AssessmentModel", "AssessmentLint", "AssessmentSchemas", "AssessmentRunner", "ResultArchive", "SurveyFlow", "LanguageServer",
                           "ZipArchive"],
            path: "Benchmarks/assess-bench"
        ),
        .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore", "CJSONScan", "SeededRandom", "SeededTesting"]),
        .testTarget(name: "ECMARegexTests", dependencies: ["ECMARegex", "SeededRandom", "SeededTesting"]),
        .testTarget(name: "JSONFormatsTests", dependencies: ["JSONFormats"]),
        .testTarget(name: "JSONSchemaTests", dependencies: ["JSONSchema", "JSONCore", "SeededTesting"]),
        .testTarget(name: "AssessmentModelTests", dependencies: ["AssessmentModel", "AssessmentSchemas", "JSONCore", "JSONSchema"]),
        .testTarget(name: "AssessmentLintTests", dependencies: ["AssessmentLint", "AssessmentModel", "AssessmentSchemas", "ResultArchive", "JSONCore", "JSONSchema"]),
        .testTarget(name: "AssessmentRunnerTests", dependencies: ["AssessmentRunner", "AssessmentModel", "AssessmentLint", "JSONCore"]),
        .testTarget(name: "SurveyFlowTests", dependencies: ["SurveyFlow", "AssessmentModel", "AssessmentLint", "AssessmentRunner", "JSONCore", "SeededRandom", "SeededTesting"]),
        .testTarget(name: "FileIOTests", dependencies: ["FileIO"]),
        .testTarget(name: "ZipArchiveTests", dependencies: ["ZipArchive", "CZlib", "SeededRandom", "SeededTesting"]),
        .testTarget(name: "ResultArchiveTests", dependencies: ["ResultArchive", "JSONCore", "JSONSchema", "AssessmentModel", "AssessmentSchemas", "ZipArchive", "SeededRandom", "SeededTesting"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "ZipArchive"]),
        .testTarget(name: "OrderedParallelTests", dependencies: ["OrderedParallel"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        .testTarget(name: "IngestTests", dependencies: ["Ingest", "ResultArchive", "JSONCore", "JSONSchema", "AssessmentModel", "AssessmentSchemas", "ZipArchive", "FileIO", "SeededRandom", "SeededTesting"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["LanguageServer", "AssessmentModel", "AssessmentSchemas", "JSONCore", "SeededRandom", "SeededTesting"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        .testTarget(name: "SurveyPreviewTests", dependencies: ["SurveyPreview", "HTTPServer", "AssessmentModel", "AssessmentRunner", "SurveyFlow", "JSONCore"]),
        .testTarget(
            name: "AssessCLITests",
            dependencies: ["AssessCLI", "AssessVersion", "AssessmentModel", "AssessmentLint", "AssessmentSchemas", "JSONCore", "ResultArchive", "ZipArchive", "LanguageServer", "CLITestSupport", "JSONSchema", "FileIO"],
            exclude: ["Fixtures"]
        ),
        // Tests that start processes: the built `assess` and `assess-bowtie`, strace, rsvg-convert, bsdtar, unzip,
        // python3, and the README's and docs' examples. The unit targets above run in-process only.
        .testTarget(
            name: "AssessEndToEndTests",
            dependencies: ["AssessCLI", "CLITestSupport", "AssessmentModel", "JSONCore", "ResultArchive", "ZipArchive", "SurveyFlow"]
        ),
        // Helpers for the test targets (not products): the CLI run in-process or as a process, the repository's
        // paths; seeds for randomized tests that ASSESS_TEST_SEED can replace and that a failure prints.
        .target(name: "CLITestSupport", dependencies: ["AssessCLI"], path: "Tests/CLITestSupport"),
        .target(name: "SeededTesting", dependencies: ["SeededRandom"], path: "Tests/SeededTesting"),
        .testTarget(name: "SeededTestingTests", dependencies: ["SeededTesting"]),
        // Conventions of the sources (doc comments on public declarations); reads Sources/ as text, links no module.
        .testTarget(name: "SourceConventionsTests"),
    ],
    swiftLanguageModes: [.v6]
)

// The `assess` executable links the Swift runtime and FoundationEssentials statically on Linux: a process then
// starts without the dynamic linker resolving the symbols of a dozen shared libraries (about a third of a short
// run's instructions). The sources import FoundationEssentials, never Foundation, so neither Foundation,
// CoreFoundation nor ICU is linked (half the relocations the loader applies at start). The modules are compiled
// against the shared FoundationEssentials, whose objects name only FoundationEssentials itself: its static
// archive's own dependencies are listed here. Other executables and the test bundles link dynamically as before.
var assessLinkerSettings: [LinkerSetting] {
    [.unsafeFlags(["-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization"], .when(platforms: [.linux]))]
}

// The C kernels (JSON stage 1, CRC-32, inflate) are compiled with optimization in debug builds too, so the tests run
// the code release builds run: at -O0 a 32-byte copy is split into two 16-byte steps, which would hide an overlap
// bug that only the single 32-byte load and store of an optimized build shows.
var optimizedKernels: [CSetting] {
    [.unsafeFlags(["-O2"], .when(configuration: .debug))]
}
