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
        while let found = xml.range(of: name, range: cursor..<xml.endIndex) {
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
        guard let start = xml.range(of: "<dc:subject"), let end = xml.range(of: "</dc:subject>", range: start.upperBound..<xml.endIndex) else {
            return []
        }
        let body = xml[start.upperBound..<end.lowerBound]
        var out: [String] = []
        var cursor = body.startIndex
        while let open = body.range(of: "<rdf:li", range: cursor..<body.endIndex),
              let close = body.range(of: ">", range: open.upperBound..<body.endIndex),
              let finish = body.range(of: "</rdf:li>", range: close.upperBound..<body.endIndex) {
            out.append(unescape(String(body[close.upperBound..<finish.lowerBound])))
            cursor = finish.upperBound
        }
        return out
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

    /// Clean, unique keywords from every source, in order.
    static func keywords(_ lists: [String]...) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for word in lists.joined() {
            let clean = word.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !clean.isEmpty, clean.count <= 100, seen.insert(clean.lowercased()).inserted else { continue }
            out.append(clean)
        }
        return out
    }

    private static func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
