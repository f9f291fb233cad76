import ECMARegex
import Foundation

/// Hostile patterns of at most 100 characters against 10,000-scalar subjects: each search must
/// answer (or the pattern be refused) within 100 ms. Prints every pattern's worst search and the worst overall.
enum RegexBenchmark {
    /// Counters, nested counters, counters over captures and lookarounds, backreferences, `{n,}`, Unicode classes.
    static let patterns: [String] = [
        "(?:a|b){0,9000}$", "(?:.*a){0,9000}x", "(?:.*a){0,90}x", "((a{0,100}){0,100}){0,100}",
        "(?:.?.?.?.?.?.?.?.?.?){100}$", "(?:a?){1000}a{1000}", "(?:a?){60}a{60}$", "(?:a{2,5}?){0,300}$",
        "(a|b|ab|ba){0,500}c", "((a)|(b)|(ab)){0,100}$", "(?:(a)|b){50}(?:c|d){50}$", ".{0,9000}x", "^.{5000,}!$",
        "(?:ab){2,}c", "a{5000,}b", "(?:a|b){100,}c", "(.*)*x", "^(a+)+$", "^(a|aa)+$", "(?:a|a)*b", "(x+x+)+y",
        "(?=.*z)\\w", "(?=(?:a|b)*c)", "(?:(?=a*b)a){0,90}", "(?<=a.*)b", "(?<!x.{0,9000})y", "(?:(?<=a{0,500})a){0,90}b",
        "(?<=(?:a|b){0,90}c)d", "(?:(?!.*x).){0,90}y", "(?=(a+)+$)b", "(?<=^(?:a?){90})z",
        "(a*)*\\1b", "^(a+)\\1*$", "(.*)\\1\\1x", "((a)|b)*\\2c", "(?:(a)\\1){0,9000}x", "(.{0,5000})\\1!", "(a|b)*\\1\\1\\1y",
        "(?<=(a+)\\1)b", "(\\w+)\\s+\\1x", "^(?:(a)|\\1b)*$",
        "[\\p{L}\\p{N}]{0,9000}$", "\\p{L}*\\P{L}x", "(?:\\p{Lu}|\\p{Ll}|\\p{Nd}){2,}!", "(?:[\\p{L}\\p{M}\\p{N}\\p{P}]?){90}$",
        "(?:\\p{Alphabetic}|\\p{White_Space})*\\p{Emoji}x", "\\b(?:\\w+\\s*){0,90}\\b!", "^(?:(?:a|b)(?:c|d)?){0,100}$",
        "(?:[^a][^b][^c]){0,200}$", "(?:\\d+\\.?){0,90}x", "(?:a|b?){0,300}c",
        // 100 characters that compile to nearly the largest program allowed (100 + 3 per character).
        "(?:\\w+\\s*){0,100}!" + String(repeating: "z", count: 82),
        "(?:.?.?.?.?.?.?.?.?.?){12}$" + String(repeating: "z", count: 73),
    ]

    static func subjects() -> [(String, String)] {
        var random = UInt64(0x5EED)
        func next() -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(random >> 33)
        }
        let words = String((0..<10_000).map { _ in Character(Unicode.Scalar(UInt8(next() % 6 == 0 ? 32 : 97 + next() % 26))) })
        return [
            ("a×10000", String(repeating: "a", count: 10_000)),
            ("a×9999 !", String(repeating: "a", count: 9_999) + "!"),
            ("ab×5000", String(repeating: "ab", count: 5_000)),
            ("random words", words),
            ("unicode", String(repeating: "é日🐲 a1", count: 1_250)),
            ("lines", String(repeating: "aaaa\n", count: 2_000)),
        ]
    }

    /// Runs every pattern, or only `only` when given.
    static func run(only: String? = nil) {
        let clock = CPUClock()
        let subjects = subjects()
        var worst: (Duration, String) = (.zero, "")
        for pattern in only.map({ [$0] }) ?? patterns {
            precondition(pattern.count <= 100, "benchmark patterns are at most 100 characters")
            let start = clock.now
            let regex: ECMARegex
            do {
                regex = try ECMARegex(pattern)
            } catch {
                let elapsed = clock.now - start
                print("\(pattern.padding(toLength: 48, withPad: " ", startingAt: 0)) refused in \(ms(elapsed)): \(error)")
                if elapsed > worst.0 { worst = (elapsed, pattern + " (compile)") }
                continue
            }
            var slowest: (Duration, String, RegexSearchOutcome) = (clock.now - start, "compile", .noMatch)
            for (name, subject) in subjects {
                let searchStart = clock.now
                let outcome = regex.search(subject)
                let elapsed = clock.now - searchStart
                if elapsed > slowest.0 { slowest = (elapsed, name, outcome) }
            }
            print("\(pattern.padding(toLength: 48, withPad: " ", startingAt: 0)) worst \(ms(slowest.0)) on \(slowest.1) (\(slowest.2))")
            if slowest.0 > worst.0 { worst = (slowest.0, "\(pattern) on \(slowest.1)") }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print("worst (CPU time of the searching thread): \(ms(worst.0)) (\(worst.1)); \(patterns.count) patterns × \(subjects.count) subjects; peak RSS \(usage.ru_maxrss / 1024) MB")
    }

    /// The calling thread's CPU time: other processes on a busy machine do not count.
    struct CPUClock {
        var now: Duration {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
        }
    }

    private static func ms(_ duration: Duration) -> String {
        String(format: "%.2f ms", Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15)
    }
}
