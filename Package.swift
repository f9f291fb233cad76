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
        .library(name: "AssessmentModel", targets: ["AssessmentModel"]),
        .library(name: "AssessmentRunner", targets: ["AssessmentRunner"]),
        .library(name: "SurveyFlow", targets: ["SurveyFlow"]),
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
        .target(name: "CJSONScan"),
        .target(name: "JSONCore", dependencies: ["CJSONScan"]),
        .target(name: "ECMARegex"),
        .target(name: "JSONFormats"),
        .target(name: "JSONSchema", dependencies: ["JSONCore", "ECMARegex", "JSONFormats"]),
        .target(name: "AssessmentModel", dependencies: ["JSONCore", "ECMARegex", "JSONSchema"]),
        .target(name: "AssessmentRunner", dependencies: ["JSONCore", "ECMARegex", "AssessmentModel"]),
        .target(name: "SurveyFlow", dependencies: ["JSONCore", "AssessmentModel", "AssessmentRunner"]),
        .target(name: "SeededRandom"),
        .target(name: "AssessVersion"),
        .target(name: "OrderedParallel"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(name: "ZipArchive", dependencies: ["CZlib"]),
        .target(name: "ResultArchive", dependencies: ["JSONCore", "JSONSchema", "AssessmentModel", "ZipArchive"]),
        .target(name: "Ingest", dependencies: ["JSONCore", "ResultArchive", "ZipArchive", "OrderedParallel"]),
        .target(name: "LanguageServer", dependencies: ["JSONCore", "JSONSchema", "AssessmentModel", "SurveyFlow"]),
        .target(name: "HTTPServer"),
        .target(name: "SurveyPreview", dependencies: ["JSONCore", "AssessmentModel", "AssessmentRunner", "SurveyFlow", "ResultArchive", "HTTPServer"]),
        .target(
            name: "AssessCLI",
            dependencies: ["JSONCore", "JSONSchema", "AssessmentModel", "AssessmentRunner", "ResultArchive", "ZipArchive", "SurveyFlow", "LanguageServer", "OrderedParallel", "Ingest", "CMalloc",
                           "AssessVersion", "HTTPServer", "SurveyPreview"]
        ),
        .target(
            name: "FuzzTargets",
            dependencies: ["JSONCore", "JSONSchema", "ECMARegex", "AssessmentModel", "AssessmentRunner", "ZipArchive", "ResultArchive", "SeededRandom", "LanguageServer", "Ingest", "HTTPServer", "SurveyPreview"]
        ),
        .executableTarget(name: "assess", dependencies: ["AssessCLI"]),
        .executableTarget(name: "assess-bowtie", dependencies: ["JSONCore", "JSONSchema", "AssessVersion"]),
        .executableTarget(
            name: "assess-bench",
            dependencies: ["JSONCore", "ECMARegex", "JSONSchema", "AssessmentModel", "AssessmentRunner", "ResultArchive", "SurveyFlow", "LanguageServer"],
            path: "Benchmarks/assess-bench"
        ),
        .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore", "CJSONScan", "SeededRandom"]),
        .testTarget(name: "ECMARegexTests", dependencies: ["ECMARegex", "SeededRandom"]),
        .testTarget(name: "JSONFormatsTests", dependencies: ["JSONFormats"]),
        .testTarget(name: "JSONSchemaTests", dependencies: ["JSONSchema", "JSONCore"]),
        .testTarget(name: "AssessmentModelTests", dependencies: ["AssessmentModel", "JSONCore", "JSONSchema"]),
        .testTarget(name: "AssessmentRunnerTests", dependencies: ["AssessmentRunner", "AssessmentModel", "JSONCore"]),
        .testTarget(name: "SurveyFlowTests", dependencies: ["SurveyFlow", "AssessmentModel", "AssessmentRunner", "JSONCore"]),
        .testTarget(name: "ZipArchiveTests", dependencies: ["ZipArchive", "SeededRandom"]),
        .testTarget(name: "ResultArchiveTests", dependencies: ["ResultArchive", "JSONCore", "JSONSchema", "AssessmentModel", "ZipArchive", "SeededRandom"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "ZipArchive"]),
        .testTarget(name: "OrderedParallelTests", dependencies: ["OrderedParallel"]),
        .testTarget(name: "IngestTests", dependencies: ["Ingest", "ResultArchive", "JSONCore", "JSONSchema", "AssessmentModel", "ZipArchive", "SeededRandom"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["LanguageServer", "AssessmentModel", "JSONCore", "SeededRandom"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        .testTarget(name: "SurveyPreviewTests", dependencies: ["SurveyPreview", "HTTPServer", "AssessmentModel", "AssessmentRunner", "SurveyFlow", "JSONCore"]),
        .testTarget(
            name: "AssessCLITests",
            dependencies: ["AssessCLI", "AssessVersion", "AssessmentModel", "JSONCore", "ResultArchive", "ZipArchive", "LanguageServer"],
            exclude: ["Fixtures"]
        ),
        // Conventions of the sources (doc comments on public declarations); reads Sources/ as text, links no module.
        .testTarget(name: "SourceConventionsTests"),
    ],
    swiftLanguageModes: [.v6]
)
