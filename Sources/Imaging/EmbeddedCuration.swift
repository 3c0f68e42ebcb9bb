import Foundation

/// Stars and keywords other tools (Lightroom, digiKam, darktable) wrote into a file:
/// XMP `xmp:Rating` and `dc:subject`, and IPTC keywords.
enum EmbeddedCuration {
    /// `xmp:Rating` as 0...5; rejected (-1) and nonsense values are nil.
    static func rating(_ raw: String?) -> Int? {
        guard let raw, let value = Double(raw), value >= 0, value <= 5 else { return nil }
        return Int(value.rounded())
    }

    /// The text of `xmp:Rating` in an XMP packet, written as an attribute (`xmp:Rating="4"`, as
    /// Lightroom does) or as an element (`<xmp:Rating>4</xmp:Rating>`, as exiftool does).
    static func ratingText(inXMP bytes: [UInt8]) -> String? {
        property("xmp:Rating", in: String(decoding: bytes, as: UTF8.self))
    }

    /// The text of the property `name` (with its prefix) in XMP, as an attribute or an element;
    /// only the name itself, not a longer one such as `MicrosoftPhoto:Rating` or `xmp:RatingX`.
    static func property(_ name: String, in xml: String) -> String? {
        var cursor = xml.startIndex
        while let found = find(name, in: xml[cursor...]) {
            cursor = found.upperBound
            if found.lowerBound > xml.startIndex {
                let before = xml[xml.index(before: found.lowerBound)]
                guard before == "<" || before.isWhitespace else { continue }
            }
            let rest = xml[found.upperBound...].drop(while: \.isWhitespace)
            if rest.first == "=" {
                let value = rest.dropFirst().drop(while: \.isWhitespace)
                guard let quote = value.first, quote == "\"" || quote == "'" else { continue }
                return String(value.dropFirst().prefix { $0 != quote })
            }
            if rest.first == ">" {
                return String(rest.dropFirst().prefix { $0 != "<" }).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return nil
    }

    /// The `rdf:li` entries of `dc:subject` in an XMP packet.
    static func subjects(inXMP bytes: [UInt8]) -> [String] {
        let xml = String(decoding: bytes, as: UTF8.self)
        guard let start = find("<dc:subject", in: xml[...]), let end = find("</dc:subject>", in: xml[start.upperBound...]) else {
            return []
        }
        let body = xml[start.upperBound..<end.lowerBound]
        var out: [String] = []
        var cursor = body.startIndex
        while let open = find("<rdf:li", in: body[cursor...]),
              let close = find(">", in: body[open.upperBound...]),
              let finish = find("</rdf:li>", in: body[close.upperBound...]) {
            out.append(unescape(String(body[close.upperBound..<finish.lowerBound])))
            cursor = finish.upperBound
        }
        return out
    }

    /// Where `needle` (ASCII, as every name looked for here) first occurs in `text`, found by
    /// comparing UTF-8 bytes: Foundation's `range(of:)` bridged the whole packet to UTF-16 at
    /// every call, a tenth of a scan's analysis of files that carry XMP.
    static func find(_ needle: String, in text: Substring) -> Range<String.Index>? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return nil }
        let bytes = text.utf8
        var start = bytes.startIndex
        while let hit = bytes[start...].firstIndex(of: first) {
            var end = hit
            var matched = true
            for byte in pattern {
                guard end < bytes.endIndex, bytes[end] == byte else { matched = false; break }
                bytes.formIndex(after: &end)
            }
            if matched { return hit..<end }
            start = bytes.index(after: hit)
        }
        return nil
    }

    /// IPTC keywords (record 2, dataset 25) from the raw IPTC-IIM profile: `1C 02 19 len(2) bytes`.
    static func iptcKeywords(_ bytes: [UInt8]?) -> [String] {
        guard let bytes else { return [] }
        var out: [String] = []
        var i = 0
        while i + 5 <= bytes.count {
            guard bytes[i] == 0x1C else { i += 1; continue }
            let record = bytes[i + 1], dataset = bytes[i + 2]
            let length = Int(bytes[i + 3]) << 8 | Int(bytes[i + 4])
            guard length < 0x8000, i + 5 + length <= bytes.count else { break }  // extended lengths: not keywords
            if record == 2, dataset == 25 {
                out.append(String(decoding: bytes[(i + 5)..<(i + 5 + length)], as: UTF8.self))
            }
            i += 5 + length
        }
        return out
    }

    /// IPTC's date created (record 2, dataset 55, "YYYYMMDD") and time created (dataset 60,
    /// "HHMMSS" and an optional "±HHMM"), as the camera's clock and the zone written with it; a
    /// day alone is its midnight. Nil without a real date.
    static func iptcDate(_ bytes: [UInt8]?) -> (date: Date, offset: Int?)? {
        guard let bytes else { return nil }
        var day: [UInt8]?, time: [UInt8]?
        var i = 0
        while i + 5 <= bytes.count {
            guard bytes[i] == 0x1C else { i += 1; continue }
            let record = bytes[i + 1], dataset = bytes[i + 2]
            let length = Int(bytes[i + 3]) << 8 | Int(bytes[i + 4])
            guard length < 0x8000, i + 5 + length <= bytes.count else { break }
            if record == 2, dataset == 55, day == nil { day = Array(bytes[(i + 5)..<(i + 5 + length)]) }
            if record == 2, dataset == 60, time == nil { time = Array(bytes[(i + 5)..<(i + 5 + length)]) }
            i += 5 + length
        }
        guard let day, day.count == 8, day.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        var clock: [UInt8] = Array("000000".utf8)
        var offset: Int?
        if let time, time.count >= 6, time[0..<6].allSatisfy({ (0x30...0x39).contains($0) }) {
            clock = Array(time[0..<6])
            if time.count > 6 { offset = TimeOffset.minutes(String(decoding: time[6...], as: UTF8.self)) }
        }
        let (d, c) = (String(decoding: day, as: UTF8.self), String(decoding: clock, as: UTF8.self))
        let text = "\(d.prefix(4)):\(d.dropFirst(4).prefix(2)):\(d.suffix(2)) \(c.prefix(2)):\(c.dropFirst(2).prefix(2)):\(c.suffix(2))"
        return ExifDate.parse(text).map { ($0, offset) }
    }

    /// Clean, unique keywords from every source, in order.
    static func keywords(_ lists: [String]...) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for word in lists.joined() {
            guard let clean = spaced(word), !clean.isEmpty, clean.count <= 100, seen.insert(clean.lowercased()).inserted else { continue }
            out.append(clean)
        }
        return out
    }

    /// `word` with its runs of whitespace made one space and none at its ends, as it reads the
    /// same once more; nil for a word that does not settle. Joining its pieces can make a
    /// character anew: a space before a piece that begins with a combining mark becomes one
    /// character with it, no longer whitespace, and the word reads differently the next time.
    /// A keyword does not need such bytes, so one that is still changing after a few passes is
    /// dropped.
    static func spaced(_ word: String) -> String? {
        var clean = word
        for _ in 0..<4 {
            let next = clean.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if next == clean { return clean }
            clean = next
        }
        return nil
    }

    static func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
