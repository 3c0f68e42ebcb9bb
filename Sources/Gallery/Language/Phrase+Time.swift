import Foundation

extension Phrase {
    /// A moment the server keeps the time of (a link's end, when a file went to the trash or was
    /// changed), as a clock in `zone` read it then, followed by that zone's offset then:
    /// "4 Jul 2021, 12:20 +02:00". `zone` is the viewer's when their browser named it, else the
    /// server's (`GalleryContext.timeZone`); the moment is never said in a zone it does not name.
    static func instant(_ seconds: Int64, in zone: TimeZone) -> Phrase {
        let east = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        let (local, overflow) = seconds.addingReportingOverflow(Int64(east))
        guard !overflow else { return .date(seconds, .time) }
        return .joined([.date(local, .time), .verbatim(offset(minutes: east / 60))], separator: " ")
    }

    /// An offset from UTC as a clock's setting and the camera's EXIF write it, the same in every
    /// language: "+02:00", "−05:30", and "+00:00" for none (the photo's clock said that offset;
    /// it names no zone, so no zone's name is put on it). Isolated left to right (U+2066 … U+2069),
    /// so that a right-to-left page does not carry its sign to the other end.
    static func offset(minutes: Int) -> String {
        let sign = minutes < 0 ? "−" : "+", whole = min(abs(minutes), 99 * 60 + 59)
        return "\u{2066}" + sign + String(format: "%02d:%02d", whole / 60, whole % 60) + "\u{2069}"
    }
}
