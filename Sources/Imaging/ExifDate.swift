import Foundation

/// Parses EXIF's "YYYY:MM:DD HH:MM:SS" timestamps.
enum ExifDate {
    /// The instant the text names when read as UTC; nil for blanks, zeros and impossible dates.
    ///
    /// Done by hand rather than with DateFormatter, which is costly to build and not Sendable.
    static func parse(_ text: String) -> Date? {
        // Trimmed of ASCII whitespace and NULs by hand: Foundation's trimming is slow on Linux.
        let all = Array(text.utf8)
        func isBlank(_ byte: UInt8) -> Bool { byte == 0 || byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = all.firstIndex(where: { !isBlank($0) }), let last = all.lastIndex(where: { !isBlank($0) }) else { return nil }
        let chars = Array(all[first...last])
        guard chars.count >= 19 else { return nil }
        let separators: [(Int, UInt8)] = [(4, 0x3A), (7, 0x3A), (10, 0x20), (13, 0x3A), (16, 0x3A)]
        guard separators.allSatisfy({ chars[$0.0] == $0.1 || (chars[$0.0] == 0x2D && $0.0 < 10) }) else {
            return nil
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for c in chars[range] {
                guard (0x30...0x39).contains(c) else { return nil }
                value = value * 10 + Int(c - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...9999).contains(year), (1...12).contains(month),
            (1...daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Howard Hinnant's days_from_civil: proleptic Gregorian, no calendar object needed.
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
