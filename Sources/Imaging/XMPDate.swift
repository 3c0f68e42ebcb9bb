import Foundation

/// The date a photo was taken as editors and exporters write it into XMP when EXIF has none:
/// `exif:DateTimeOriginal`, then `xmp:CreateDate`, then `photoshop:DateCreated`, each an
/// attribute or an element. Total: any bytes give a date or nil.
enum XMPDate {
    static let names = ["exif:DateTimeOriginal", "xmp:CreateDate", "photoshop:DateCreated"]

    /// The first of `names` the packet holds that reads as a date.
    static func taken(inXMP bytes: [UInt8]) -> Date? { takenWithOffset(inXMP: bytes)?.date }

    /// That date and the time zone written with it (minutes east of UTC), if any.
    static func takenWithOffset(inXMP bytes: [UInt8]) -> (date: Date, offset: Int?)? {
        guard bytes.count <= 1 << 20 else { return nil }
        let xml = String(decoding: bytes, as: UTF8.self)
        for name in names {
            if let text = EmbeddedCuration.property(name, in: xml), let date = parse(text) {
                // (a day alone, "2019-12-31", has hyphens but no zone)
                return (date, text.utf8.count > 16 ? TimeOffset.minutes(text) : nil)
            }
        }
        return nil
    }

    /// ISO 8601 as XMP writes it: "2019-12-31T23:59:59", with seconds, a fraction or a zone or
    /// not ("2019-12-31T23:59", "2019-12-31T23:59:59.25+02:00"), or a day alone ("2019-12-31",
    /// noon-less midnight). The clock is kept as the camera showed it, the zone dropped, as EXIF
    /// dates are kept (`ExifDate`), so both sort together.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8.prefix(40))
        guard bytes.count >= 10 else { return nil }
        var clock = Array("00:00:00".utf8)
        if bytes.count > 10 {
            guard bytes[10] == 0x54 || bytes[10] == 0x20, bytes.count >= 16 else { return nil }
            clock = Array(bytes[11..<16]) + Array(":00".utf8)
            if bytes.count >= 19, bytes[16] == 0x3A { clock = Array(bytes[11..<19]) }
        }
        var exif = Array(bytes[0..<10])
        guard exif[4] == 0x2D, exif[7] == 0x2D else { return nil }
        exif[4] = 0x3A
        exif[7] = 0x3A
        return ExifDate.parse(String(decoding: exif + [0x20] + clock, as: UTF8.self))
    }
}
