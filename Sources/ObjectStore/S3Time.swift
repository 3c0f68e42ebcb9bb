/// The two ways an S3 server writes a time, read into seconds since 1970, purely and totally:
/// a listing's `2009-10-12T17:50:30.000Z` and a header's `Mon, 12 Oct 2009 17:50:30 GMT`.
/// Fractions of a second are dropped, so a listing and a HEAD of one object agree.
public enum S3Time {
    /// `2009-10-12T17:50:30.000Z` (or without the fraction), or nil.
    public static func iso8601(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"), bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else { return nil }
        if bytes.count > 20 {
            // A fraction: a dot and digits only.
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21, bytes[20..<(bytes.count - 1)].allSatisfy(isDigit) else { return nil }
        }
        guard let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
              let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2) else { return nil }
        return seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// `Mon, 12 Oct 2009 17:50:30 GMT` (RFC 7231's IMF-fixdate), or nil.
    public static func httpDate(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), String(decoding: bytes[25...], as: UTF8.self) == " GMT",
              bytes[19] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":") else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard let monthIndex = months.firstIndex(of: String(decoding: bytes[8..<11], as: UTF8.self)),
              let day = number(bytes, 5, 2), let year = number(bytes, 12, 4),
              let hour = number(bytes, 17, 2), let minute = number(bytes, 20, 2), let second = number(bytes, 23, 2) else { return nil }
        return seconds(year: year, month: monthIndex + 1, day: day, hour: hour, minute: minute, second: second)
    }

    /// Seconds since 1970 for a checked civil time (days from civil, Howard Hinnant's method).
    static func seconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int64? {
        guard (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The decimal number in `count` bytes from `start`, or nil unless all are digits.
    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start >= 0, start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
