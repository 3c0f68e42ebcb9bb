/// Where an XMP packet says a picture was taken, blanked with spaces in place: the value of
/// every element or attribute whose local name (after any prefix, since a namespace may be bound
/// to any prefix) names a position or a place: `GPS…` (exif:, exifEX:, Iptc4xmpExt:, a drone's
/// `GpsLatitude`), any `…Location…`, `…Latitude`/`…Longitude`/`…Altitude`, `City`, `State`,
/// `Country…`, `Sublocation`, `ProvinceState`, `WorldRegion`, Dublin Core's `coverage`. An
/// element is blanked from the end of its start tag to the start of its end tag, whatever it
/// holds (text, CDATA, an `rdf:Bag` of structures), so the packet stays well-formed. Pure and
/// total: nil when the packet is not UTF-8 or a place element is never closed.
enum XMPPlaces {
    /// The patches for the packet in `packet`.
    static func patches(_ data: JPEGHeader.Reader, packet: Range<Int>) -> [GPSRedaction.Patch]? {
        guard packet.lowerBound >= 0, packet.upperBound <= data.count else { return nil }
        // UTF-16 or UTF-32 (a BOM or NUL bytes): names would be spread over two bytes each.
        if data.starts(with: [0xFE, 0xFF], at: packet.lowerBound) || data.starts(with: [0xFF, 0xFE], at: packet.lowerBound) { return nil }
        // Zeros may pad a packet's end (they are outside any element); anywhere else, not UTF-8.
        var end = packet.upperBound
        while end > packet.lowerBound, data[end - 1] == 0 { end -= 1 }
        for at in packet.lowerBound..<end where data[at] == 0 { return nil }
        var scan = Scan(data: data, end: end)
        scan.at = packet.lowerBound
        return scan.run() ? scan.out : nil
    }

    /// Whether an XML name (with or without a prefix) names a position or a place.
    static func isPlace<Name: Collection>(_ name: Name) -> Bool where Name.Element == UInt8 {
        let local = name.split(separator: 0x3A, omittingEmptySubsequences: false).last.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let lower = local.lowercased()
        if lower.hasPrefix("gps") { return true }
        for part in ["location", "latitude", "longitude", "altitude", "city", "country", "sublocation", "worldregion"] where lower.contains(part) {
            return true
        }
        return lower.hasSuffix("state") || lower == "coverage"
    }

    /// Words that say a position is near: what is passed over unread may not hold them.
    static let positionWords = ["gps", "latitude", "longitude"]

    /// A walk over the packet's markup, keeping the open elements.
    private struct Scan {
        let data: JPEGHeader.Reader
        let end: Int
        var at = 0
        var out: [GPSRedaction.Patch] = []
        /// Open elements: where each name is, and for a place element where its content starts.
        var open: [(name: Range<Int>, content: Int?)] = []
        /// How many open place elements hold the scan (inside one, nothing more is patched).
        var inPlace = 0

        mutating func run() -> Bool {
            var steps = 0
            while at < end {
                steps += 1
                guard steps < 1_000_000 else { return false }
                guard data[at] == 0x3C else { at += 1; continue }  // "<"
                // What is passed over unread must not be markup, nor name a position: a reader less
                // strict than XML (a damaged packet's start, `?>` lost) would still find it there.
                // (inside a place element all of it is blanked anyway)
                let refused = inPlace > 0 ? [] : XMPPlaces.positionWords
                if starts("<?") { guard skip(past: "?>", refusing: refused + (inPlace > 0 ? [] : ["<"])) else { return false }; continue }
                if starts("<!--") { guard skip(past: "-->", refusing: refused) else { return false }; continue }
                if starts("<![CDATA[") { guard skip(past: "]]>", refusing: refused) else { return false }; continue }
                // A document type could declare entities that spell a value: not XMP.
                if starts("<!") { return false }
                if starts("</") {
                    guard closeTag() else { return false }
                    continue
                }
                guard openTag() else { return false }
            }
            return inPlace == 0
        }

        func starts(_ text: String) -> Bool { data.starts(with: Array(text.utf8), at: at) && at + text.utf8.count <= end }

        mutating func skip(past text: String, refusing words: [String] = []) -> Bool {
            let marker = Array(text.utf8)
            let start = at + 1
            while at + marker.count <= end {
                if data.starts(with: marker, at: at) {
                    let skipped = String(decoding: data.slice(start..<at), as: UTF8.self).lowercased()
                    at += marker.count
                    return !words.contains { skipped.contains($0) }
                }
                at += 1
            }
            return false
        }

        func isNameByte(_ byte: UInt8) -> Bool {
            !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x3E || byte == 0x2F || byte == 0x3D || byte == 0x3C)
        }

        /// The name starting at `at`, moved past.
        mutating func name() -> Range<Int> {
            let start = at
            while at < end, isNameByte(data[at]) { at += 1 }
            return start..<at
        }

        mutating func spaces() { while at < end, [0x20, 0x09, 0x0A, 0x0D].contains(data[at]) { at += 1 } }

        /// `</name>`: closes the innermost open element (which must be of that name); a place
        /// element closed has its whole content blanked.
        mutating func closeTag() -> Bool {
            let tagStart = at
            at += 2
            let closing = name()
            spaces()
            guard at < end, data[at] == 0x3E else { return false }
            at += 1
            // Markup outside any element (a packet cut short at its front) is left as it is.
            guard let last = open.last else { return inPlace == 0 }
            guard data.slice(last.name) == data.slice(closing) else { return false }
            open.removeLast()
            if let content = last.content {
                inPlace -= 1
                if inPlace == 0, tagStart > content { out.append(blank(content..<tagStart)) }
            }
            return true
        }

        /// `<name attr="value" …>` or `…/>`: attributes naming a place blanked, the element opened.
        mutating func openTag() -> Bool {
            at += 1
            let element = name()
            guard !element.isEmpty else { return false }
            let place = XMPPlaces.isPlace(data.slice(element))
            while true {
                spaces()
                guard at < end else { return false }
                if data[at] == 0x3E {  // ">"
                    at += 1
                    open.append((element, place ? at : nil))
                    if place { inPlace += 1 }
                    return true
                }
                if data[at] == 0x2F {  // "/>"
                    guard at + 1 < end, data[at + 1] == 0x3E else { return false }
                    at += 2
                    return true
                }
                let attribute = name()
                guard !attribute.isEmpty else { return false }
                spaces()
                guard at < end, data[at] == 0x3D else { return false }  // "="
                at += 1
                spaces()
                guard at < end, data[at] == 0x22 || data[at] == 0x27 else { return false }
                let quote = data[at]
                at += 1
                let start = at
                while at < end, data[at] != quote, data[at] != 0x3C { at += 1 }
                guard at < end, data[at] == quote else { return false }
                let bytes = data.slice(attribute)
                let declaration = bytes.starts(with: Array("xmlns".utf8))
                if inPlace == 0, !declaration, place || XMPPlaces.isPlace(bytes), at > start { out.append(blank(start..<at)) }
                at += 1
            }
        }

        func blank(_ range: Range<Int>) -> GPSRedaction.Patch {
            GPSRedaction.Patch(offset: range.lowerBound, bytes: [UInt8](repeating: 0x20, count: range.count))
        }
    }
}
