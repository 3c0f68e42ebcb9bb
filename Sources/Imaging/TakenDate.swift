/// Where a photo's date taken was read, and the time zone its maker wrote beside it.
public enum DateSource: String, Sendable, Codable, CaseIterable {
    /// The camera's EXIF `DateTimeOriginal`.
    case exif
    /// XMP, as editors and exporters write it (`exif:DateTimeOriginal`, `xmp:CreateDate`, `photoshop:DateCreated`).
    case xmp
    /// IPTC's date and time created, as news and archive tools write them.
    case iptc
    /// A video's QuickTime or container creation date.
    case quicktime
}

/// Time zone offsets as files write them.
enum TimeOffset {
    /// Minutes east of UTC from "+02:00", "-0530", "+01" or "Z" at the end of `text` (EXIF's
    /// `OffsetTimeOriginal` is the offset alone; ISO 8601 dates carry it after the clock); nil
    /// when there is none or it is no real offset (past ±14 hours).
    static func minutes(_ text: String) -> Int? {
        var bytes = Array(text.utf8.prefix(64))
        while let last = bytes.last, last == 0 || last == 0x20 { bytes.removeLast() }
        if bytes.last == 0x5A { return 0 }  // "Z"
        guard let sign = bytes.lastIndex(where: { $0 == 0x2B || $0 == 0x2D }) else { return nil }
        let digits = bytes[(sign + 1)...].filter { $0 != 0x3A }
        // (a date's own hyphens are followed by more than an offset's four digits and a colon)
        guard [2, 4].contains(digits.count), digits.count == bytes.count - sign - 1 - (bytes[(sign + 1)...].contains(0x3A) ? 1 : 0),
              digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let values = digits.map { Int($0 - 0x30) }
        let hours = values[0] * 10 + values[1]
        let minutes = values.count == 4 ? values[2] * 10 + values[3] : 0
        guard minutes < 60, hours * 60 + minutes <= 14 * 60 else { return nil }
        return (bytes[sign] == 0x2D ? -1 : 1) * (hours * 60 + minutes)
    }
}
