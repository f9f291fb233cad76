/// RFC 3492 Punycode, used to turn A-labels into U-labels and to measure U-labels as A-labels.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128

    /// Decodes the ASCII after `xn--`, or nil when it is not well-formed Punycode.
    static func decode(_ input: [UInt8]) -> [Unicode.Scalar]? {
        var output: [UInt32] = []
        var position = 0
        if let delimiter = input.lastIndex(of: UInt8(ascii: "-")) {
            for byte in input[..<delimiter] {
                guard byte < 0x80 else { return nil }
                output.append(UInt32(byte))
            }
            position = delimiter + 1
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        while position < input.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < input.count, let digit = digitValue(input[position]) else { return nil }
                position += 1
                let (product, productOverflow) = digit.multipliedReportingOverflow(by: weight)
                let (sum, sumOverflow) = i.addingReportingOverflow(product)
                guard !productOverflow, !sumOverflow else { return nil }
                i = sum
                let t = threshold(k, bias: bias)
                if digit < t { break }
                let (nextWeight, weightOverflow) = weight.multipliedReportingOverflow(by: base - t)
                guard !weightOverflow else { return nil }
                weight = nextWeight
                k += base
            }
            let length = output.count + 1
            bias = adapt(i - oldI, pointCount: length, firstTime: oldI == 0)
            let increment = i / length
            guard increment <= 0x10FFFF - n else { return nil }
            n += increment
            i %= length
            // Basic code points must be literal, and the result must be a real scalar.
            guard n >= initialN, n <= 0x10FFFF, !(0xD800...0xDFFF).contains(n) else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        return output.compactMap(Unicode.Scalar.init)
    }

    /// Encodes `scalars` as Punycode ASCII (without the `xn--` prefix).
    static func encode(_ scalars: [Unicode.Scalar]) -> [UInt8] {
        let input = scalars.map { Int($0.value) }
        var output = input.filter { $0 < initialN }.map { UInt8($0) }
        let basicCount = output.count
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        var handled = basicCount
        while handled < input.count {
            let next = input.filter { $0 >= n }.min() ?? n
            delta += (next - n) * (handled + 1)
            n = next
            for value in input {
                if value < n { delta += 1 }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = threshold(k, bias: bias)
                    if q < t { break }
                    output.append(digitCharacter(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digitCharacter(q))
                bias = adapt(delta, pointCount: handled + 1, firstTime: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    /// The digit threshold `t` for position `k`, clamped to `tMin...tMax`.
    private static func threshold(_ k: Int, bias: Int) -> Int {
        if k <= bias { return tMin }
        if k >= bias + tMax { return tMax }
        return k - bias
    }

    /// The bias adaptation function of RFC 3492 section 6.1.
    private static func adapt(_ delta: Int, pointCount: Int, firstTime: Bool) -> Int {
        var delta = firstTime ? delta / damp : delta / 2
        delta += delta / pointCount
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// The value of a Punycode digit (`a`–`z` either case are 0–25, `0`–`9` are 26–35).
    private static func digitValue(_ byte: UInt8) -> Int? {
        if ASCII.isAlpha(byte) { return Int((byte | 0x20) - UInt8(ascii: "a")) }
        if let digit = ASCII.digit(byte) { return digit + 26 }
        return nil
    }

    /// The lower-case ASCII for a digit value 0–35.
    private static func digitCharacter(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }
}
