// swift-tools-version: 6.0
// The libFuzzer executables of `assess`, one per fuzz target. Build only with the fuzzer sanitizer
// (see README.md); the targets' logic lives in the main package's FuzzTargets library.
import PackageDescription

let targets = ["parser", "schema", "regex", "lint", "runner", "zip", "archive", "pipeline", "lsp", "http", "inflate", "line", "minified", "locator"]

let package = Package(
    name: "assess-fuzz",
    dependencies: [.package(name: "assess", path: "..")],
    targets: [
        .systemLibrary(name: "CFuzzer", path: "Sources/CFuzzer"),
        .target(name: "FuzzDriver", dependencies: ["CFuzzer", .product(name: "_FuzzTargets", package: "assess")]),
    ] + targets.map { name in
        .executableTarget(
            name: "fuzz-\(name)",
            dependencies: ["FuzzDriver", .product(name: "_FuzzTargets", package: "assess")],
            path: "Sources/fuzz-\(name)"
        )
    },
    swiftLanguageModes: [.v6]
)
