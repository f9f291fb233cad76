import ZipArchive

/// Any bytes inflated as a raw DEFLATE stream of a declared size: our inflate (`CInflate`, its fastest and its
/// portable decoder) and zlib's agree on every input. Both give the same bytes, of the declared size, or both refuse: with the same size error
/// (the same count of bytes produced before the input ended), or both with a corrupt stream.
/// Input: the declared size (the first three bytes, little-endian, at most 1 MiB), then the stream.
enum InflateTarget {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        guard bytes.count >= 3 else { return }
        let declared = (Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16) & 0xF_FFFF
        let stream = bytes[3...]
        let ours = Result(catching: { () throws(ZipError) -> [UInt8] in try Deflate.decompress(stream, expectedSize: declared, name: "e") })
        let portable = Result(catching: { () throws(ZipError) -> [UInt8] in
            try Deflate.decompress(stream, expectedSize: declared, name: "e", portable: true)
        })
        try FuzzFailure.check(ours == portable, "the portable decoder gives \(portable) where the fastest gives \(ours)")
        let zlib = Result(catching: { () throws(ZipError) -> [UInt8] in
            try Deflate.decompressWithZlib(stream, expectedSize: declared, name: "e")
        })
        switch (ours, zlib) {
        case (.success(let inflated), .success(let reference)):
            try FuzzFailure.check(inflated == reference, "inflated \(inflated.count) bytes unlike zlib's \(reference.count)")
            try FuzzFailure.check(inflated.count == declared, "inflated \(inflated.count) bytes, \(declared) declared")
        case (.failure(.corruptData), .failure(.corruptData)):
            break
        case (.failure(let error), .failure(let reference)):
            try FuzzFailure.check(error == reference, "refused with \(error) where zlib gives \(reference)")
        default:
            throw FuzzFailure("inflate gives \(ours) where zlib gives \(zlib)")
        }
    }
}
