import CFuzzer
import Foundation
import FuzzTargets

/// What every fuzz executable shares: running libFuzzer, calling a target, byte mutation.
public enum FuzzDriver {
    /// Runs libFuzzer with the process's arguments; `testOne` must be the executable's
    /// `LLVMFuzzerTestOneInput` (libFuzzer's runtime refers to that symbol).
    public static func main(_ testOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOne))
    }

    /// Runs `target` on one input; a broken invariant aborts, which libFuzzer records as a crash.
    public static func test(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        do {
            try target.run(bytes)
        } catch {
            FileHandle.standardError.write(Data("fuzz target \(target.rawValue): invariant broken: \(error)\n".utf8))
            abort()
        }
        return 0
    }

    /// libFuzzer's own mutation of `bytes`, at most `maxSize` long.
    public static func mutateBytes(_ bytes: [UInt8], maxSize: Int) -> [UInt8] {
        var buffer = bytes + [UInt8](repeating: 0, count: max(maxSize - bytes.count, 0))
        guard !buffer.isEmpty else { return [] }
        let size = buffer.withUnsafeMutableBufferPointer { LLVMFuzzerMutate($0.baseAddress, bytes.count, $0.count) }
        return Array(buffer.prefix(size))
    }

    /// A structure-aware mutation (see `ZipMutator`) written over libFuzzer's buffer; the new size.
    public static func mutateZip(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32,
                                 resultArchive: Bool) -> Int {
        guard let data else { return 0 }
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        let mutated = ZipMutator.mutate(bytes, seed: seed, maxSize: maxSize, resultArchive: resultArchive) { mutateBytes($0, maxSize: $1) }
        let count = min(mutated.count, maxSize)
        mutated.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { data.update(from: base, count: count) }
        }
        return count
    }
}
