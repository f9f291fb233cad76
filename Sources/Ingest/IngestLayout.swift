import FoundationEssentials
import JSONCore

/// Where a record's rows go: Sage's partitioned layout
/// `dataset=D/assessmentid=A/year=Y/month=M/day=D/RECORDID.ndjson` (month and day unpadded, as theirs).
public struct Partition: Sendable, Equatable {
    /// The assessment the record answers (`assessmentid=`).
    public let assessmentId: String
    /// The upload's date in UTC (`year=`, `month=`, `day=`).
    public let year: Int, month: Int, day: Int
    /// The folders below the dataset's, made once for every dataset of the record.
    private let below: String

    /// The partition of a record uploaded (or, failing that, started) at `date`, in UTC.
    public init(assessmentId: String, date: Date) {
        (year, month, day) = Partition.civilDate(date) ?? Partition.calendarDate(date)
        self.assessmentId = assessmentId
        // Made in one string (no interpolation, no intermediate strings).
        let component = SafeName.component(assessmentId)
        var below = "/assessmentid="
        below.reserveCapacity(48 + component.utf8.count)
        below += component
        below += "/year="
        below += String(year)
        below += "/month="
        below += String(month)
        below += "/day="
        below += String(day)
        self.below = below
    }

    /// The UTC year, month and day of `date` from Foundation's Gregorian calendar (Julian before 1582-10-15).
    static func calendarDate(_ date: Date) -> (year: Int, month: Int, day: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// The UTC year, month and day of `date` by arithmetic on its day number (the proleptic Gregorian
    /// calendar, H. Hinnant's `civil_from_days`), for the years 1583 to 9999, where it equals
    /// `calendarDate(_:)` at a fraction of its cost; `nil` outside them.
    static func civilDate(_ date: Date) -> (year: Int, month: Int, day: Int)? {
        let days = (date.timeIntervalSince1970 / 86_400).rounded(.down)
        // 1583-01-01 and 10000-01-01, as days since 1970-01-01.
        guard days >= -141_349, days < 2_932_897 else { return nil }
        let shifted = Int(days) + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    }

    /// The folder of `dataset` for this partition, relative to the output folder.
    public func folder(dataset: String) -> String {
        let component = SafeName.component(dataset)
        var folder = "dataset="
        folder.reserveCapacity(8 + component.utf8.count + below.utf8.count)
        folder += component
        folder += below
        return folder
    }

    /// ``fields`` and `recordid` (`recordId`) as written members, without braces
    /// (`"assessmentid":"A","year":2026,"month":1,"day":2,"recordid":"R"`): the bytes `JSONBytes` writes for them.
    func writtenMembers(recordId: String) -> [UInt8] {
        var out = ByteOutput(capacity: 80 + assessmentId.utf8.count + recordId.utf8.count)
        out.append(#""assessmentid":"#)
        out.appendString(assessmentId)
        out.append(#","year":"#)
        out.appendDecimal(year)
        out.append(#","month":"#)
        out.appendDecimal(month)
        out.append(#","day":"#)
        out.appendDecimal(day)
        out.append(#","recordid":"#)
        out.appendString(recordId)
        return out.bytes
    }

    /// The names of ``fields``, in order: known without making a partition.
    public static let fieldNames = ["assessmentid", "year", "month", "day"]

    /// The fields Sage inserts into every object: `assessmentid`, `year`, `month`, `day`.
    public var fields: [(String, JSONValue)] {
        let values: [JSONValue] = [.string(assessmentId), .number(JSONNumber(year)), .number(JSONNumber(month)), .number(JSONNumber(day))]
        return Array(zip(Partition.fieldNames, values))
    }
}

/// File and folder names made from data (record ids, dataset names): safe on every file system.
public enum SafeName {
    /// `text` when it is made of letters, digits, `-`, `_` and `.` (and does not start with `.`); otherwise
    /// those characters kept, the rest `_`, and a hash of the original appended so names stay distinct.
    public static func component(_ text: String) -> String {
        let allowed = text.withUTF8Bytes { bytes in bytes.allSatisfy(isAllowed) }
        if allowed, !text.isEmpty, !text.hasPrefix(".") { return text }
        let kept = String(text.unicodeScalars.map { $0.isASCII && isLetterOrDigit(UInt8($0.value)) ? Character($0) : "_" })
        return kept + "-" + hash(text)
    }

    /// Whether `byte` is a letter, a digit, `-`, `_` or `.`: bits of the ASCII table.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        let digitsDashDot: UInt64 = 0x03FF_6000_0000_0000, lettersUnderscore: UInt64 = 0x07FF_FFFE_87FF_FFFE
        return byte < 64 ? (digitsDashDot >> UInt64(byte)) & 1 == 1 : byte < 128 && (lettersUnderscore >> UInt64(byte - 64)) & 1 == 1
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A stable 64-bit FNV-1a hash of `text`, in hex.
    public static func hash(_ text: String) -> String {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return String(value, radix: 16)
    }

    /// The object's file name for a record: `RECORDID.ndjson`, Sage's name, or `RECORDID@QUALIFIER.ndjson` for one
    /// of several objects of a record in one folder (two motion files of one dataset). A name is prefixed
    /// with `0` when it would start with `_` or `.` (which Glue and Spark skip), as Sage's job does, and also
    /// when it starts with zeros then `_` or `.`, so that the prefix never makes two names equal (Sage's
    /// `_x` and `0_x` would be). Distinct (record, qualifier) pairs never get one name: a part made of
    /// letters, digits, `-`, `_` and `.` is kept as it is, any other is `unique(_:)`'s (with a `~`, which no
    /// kept part holds), and no part holds the `@` that separates them.
    public static func objectName(record: String, qualifier: String? = nil) -> String {
        let base = unique(record), tail = qualifier.map(unique)
        var name = ""
        name.reserveCapacity(base.utf8.count + (tail.map { $0.utf8.count + 1 } ?? 0) + 8)
        // The byte after the name's leading zeros: the record part's first other byte (an `@` or nothing after
        // a record part of zeros only, which needs no prefix).
        let next = base.utf8.first { $0 != UInt8(ascii: "0") }
        if next == UInt8(ascii: "_") || next == UInt8(ascii: ".") { name += "0" }
        name += base
        if let tail {
            name += "@"
            name += tail
        }
        name += ".ndjson"
        return name
    }

    /// `text` when it is made of letters, digits, `-`, `_` and `.` only (and is not empty); otherwise its
    /// letters and digits with `_` for the rest, then `~` and a hash of `text`.
    public static func unique(_ text: String) -> String {
        let allowed = text.withUTF8Bytes { bytes in bytes.allSatisfy(isAllowed) }
        if allowed, !text.isEmpty { return text }
        let kept = String(text.unicodeScalars.map { $0.isASCII && isLetterOrDigit(UInt8($0.value)) ? Character($0) : "_" })
        return kept + "~" + hash(text)
    }
}

/// Dataset names: Sage names a dataset after the `$id` of the file's schema through their
/// `schema_mapping.json` (`"…/v2/MotionRecord.json": "MotionRecord_v1"`); give that file to get their
/// names. Without an entry, the name is the schema URI's last path component without `.json`.
public struct DatasetNames: Sendable, Equatable {
    /// Schema URI → dataset name.
    public let mapping: [String: String]

    /// Names from `mapping`; every other schema keeps its URI's last path component.
    public init(mapping: [String: String] = [:]) {
        self.mapping = mapping
    }

    /// The dataset for files following `schema`.
    public func name(for schema: String) -> String {
        if let named = mapping[schema] { return named }
        if let name = schema.withUTF8Bytes(DatasetNames.asciiName) { return name }
        // The last non-empty path component (the URI itself when it has none).
        let utf8 = schema.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: "/") { end = utf8.index(before: end) }
        guard end > utf8.startIndex else { return schema }
        let start = utf8[..<end].lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        let last = Substring(schema.utf8[start..<end])
        return String(last.hasSuffix(".json") ? last.dropLast(5) : last)
    }

    /// `name(for:)` without `mapping` of a URI whose last non-empty path component is ASCII (its bytes are
    /// its characters), read backwards over that component alone; `nil` for any other URI (and for one
    /// without such a component).
    static func asciiName(_ uri: UnsafeBufferPointer<UInt8>) -> String? {
        var end = uri.count
        while end > 0, uri[end - 1] == UInt8(ascii: "/") { end -= 1 }
        guard end > 0 else { return nil }
        var start = end
        while start > 0, uri[start - 1] != UInt8(ascii: "/") {
            guard uri[start - 1] < 0x80 else { return nil }
            start -= 1
        }
        let json = ".json".utf8
        if end - start >= json.count, uri[(end - json.count)..<end].elementsEqual(json) { end -= json.count }
        return String(decoding: UnsafeBufferPointer(rebasing: uri[start..<end]), as: UTF8.self)
    }

    /// Whether `dataset` holds archive manifests (Sage puts every upload field into those rows).
    public static func isArchiveMetadata(_ dataset: String) -> Bool {
        // An ASCII name (its bytes are its characters): its first non-empty piece between `_`s, on its bytes.
        let ascii = dataset.withUTF8Bytes { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let piece = bytes.drop { $0 == UInt8(ascii: "_") }.prefix { $0 != UInt8(ascii: "_") }
            return piece.elementsEqual("ArchiveMetadata".utf8)
        }
        return ascii ?? (dataset.split(separator: "_").first == "ArchiveMetadata")
    }
}

/// Our own tables, beside Sage's datasets, under names of our own.
public enum OwnTable: String, Sendable, CaseIterable {
    /// One row per ingested archive.
    case runs = "assess_runs"
    /// One row per answer of `assessmentResult.json`.
    case answers = "assess_answers"
    /// One row per step shown (`stepHistory`, sections included).
    case steps = "assess_steps"
    /// One row per file of each archive, with its verdict.
    case files = "assess_files"
    /// Invalid and duplicate inputs, one file each, with every reason.
    case rejected = "assess_rejected"
}

extension JSONValue {
    /// The value with `fields` set on it (an object) or on each object of it (an array), as Sage's job does.
    func inserting(_ fields: [(String, JSONValue)]) -> JSONValue {
        switch self {
        case .object(var object):
            for (key, value) in fields { object[key] = value }
            return .object(object)
        case .array(let items):
            return .array(items.map { $0.objectValue != nil ? $0.inserting(fields) : $0 })
        default:
            return self
        }
    }
}
