import Foundation
import SeededRandom
import XCTest

/// The seed of a randomized test: its own fixed seed, or the value of `ASSESS_TEST_SEED` when that is set, so a
/// failing run can be repeated exactly and other sequences tried (`ASSESS_TEST_SEED=7 swift test --filter …`).
public enum TestSeed {
    /// The environment variable that replaces every randomized test's fixed seed.
    public static let variable = "ASSESS_TEST_SEED"

    /// `ASSESS_TEST_SEED` (decimal, or hexadecimal after `0x`) when it is set and not empty, else `fixed`;
    /// a value that is not a 64-bit unsigned number is an error.
    public static func resolve(_ fixed: UInt64, environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<UInt64, SeedError> {
        guard let text = environment[variable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return .success(fixed) }
        let lowered = text.lowercased().replacingOccurrences(of: "_", with: "")
        let parsed = lowered.hasPrefix("0x") ? UInt64(lowered.dropFirst(2), radix: 16) : UInt64(lowered)
        guard let parsed else { return .failure(SeedError(text: text)) }
        return .success(parsed)
    }
}

/// `ASSESS_TEST_SEED` holds something that is not a 64-bit unsigned number.
public struct SeedError: Error, Equatable, CustomStringConvertible {
    /// What the variable held.
    public let text: String

    /// The error for the variable holding `text`.
    public init(text: String) {
        self.text = text
    }

    /// The message the test failure shows.
    public var description: String {
        "\(TestSeed.variable)=\(text) is not a seed (a whole number from 0 to 2^64-1, decimal or 0x-hexadecimal)"
    }
}

extension XCTestCase {
    /// The seed for a randomized test: `fixed`, or `ASSESS_TEST_SEED` when set (an unusable value fails the test).
    /// When the test fails, one more failure, at the line that asked for the seed, names the seed and the command
    /// that repeats the run.
    public func randomSeed(_ fixed: UInt64, file: StaticString = #filePath, line: UInt = #line) -> UInt64 {
        let seed: UInt64
        switch TestSeed.resolve(fixed) {
        case .success(let value):
            seed = value
        case .failure(let error):
            XCTFail(error.description, file: file, line: line)
            seed = fixed
        }
        let name = self.name
        addTeardownBlock { [weak self] in
            guard let run = self?.testRun, run.totalFailureCount > 0 else { return }
            XCTFail("random seed \(seed); \(TestSeed.variable)=\(seed) swift test --filter '\(name)' repeats this run", file: file, line: line)
        }
        return seed
    }

    /// A `SplitMix64` generator seeded with ``randomSeed(_:file:line:)``.
    public func seededGenerator(_ fixed: UInt64, file: StaticString = #filePath, line: UInt = #line) -> SplitMix64 {
        SplitMix64(seed: randomSeed(fixed, file: file, line: line))
    }
}
