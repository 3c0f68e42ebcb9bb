/// The household's curation in an XMP sidecar beside a file (`name.ext.xmp`, as darktable and
/// digiKam write them; `name.xmp` read too): read from what any tool wrote, and merged into what
/// is there, so that a sidecar another tool keeps (darktable's edit history, digiKam's face
/// regions and colour labels) keeps everything but the properties Photolala owns.
///
/// Photolala owns `xmp:Rating`, `dc:subject` (tags), `dc:description` (the caption),
/// `tiff:Orientation` (written only when the household turned the picture and the file's own
/// orientation is a plain turn), `photolala:Rotation`, `photolala:FavoriteOf` (the accounts
/// that keep it as a favorite) and `photolala:PrivateTo` (the account that keeps it private), and `xmp:Label` only while it is absent or "Favorite" (a label
/// another tool set is kept). Reading and merging are total: any bytes give a value, never a crash.
public enum XMPSidecar {
    /// Photolala's own XMP namespace (a name, never fetched).
    public static let namespace = "http://ns.photolala.org/xmp/1.0/"
    /// The most of a sidecar that is read; a larger one is not a sidecar of ours to keep.
    public static let largest = 1 << 20
    /// What the label says of a favorite, for tools that show labels.
    public static let favoriteLabel = "Favorite"

    /// What a sidecar says; nil where it says nothing.
    public struct Curation: Equatable, Sendable {
        public var rating: Int?
        public var tags: [String]?
        public var caption: String?
        /// Quarter turns clockwise in degrees, from `photolala:Rotation`.
        public var rotation: Int?
        /// `tiff:Orientation`, as another tool may have turned the picture.
        public var orientation: Int?
        public var favoriteOf: [String]?
        public var label: String?
        /// The account that keeps the photo private, by name (`photolala:PrivateTo`).
        public var privateTo: String?

        public init(rating: Int? = nil, tags: [String]? = nil, caption: String? = nil, rotation: Int? = nil,
                    orientation: Int? = nil, favoriteOf: [String]? = nil, label: String? = nil, privateTo: String? = nil) {
            (self.rating, self.tags, self.caption, self.rotation) = (rating, tags, caption, rotation)
            (self.orientation, self.favoriteOf, self.label, self.privateTo) = (orientation, favoriteOf, label, privateTo)
        }
    }

    /// The key of the sidecar Photolala writes for the file at `key`.
    public static func sidecarKey(for key: String) -> String { key + ".xmp" }

    /// Reads a sidecar's curation.
    public static func read(_ bytes: [UInt8]) -> Curation {
        let xml = String(decoding: bytes.prefix(largest), as: UTF8.self)
        var out = Curation()
        out.rating = EmbeddedCuration.rating(value(of: "xmp:Rating", in: xml))
        if has("dc:subject", in: xml) { out.tags = EmbeddedCuration.keywords(items(of: "dc:subject", in: xml)) }
        if has("dc:description", in: xml) {
            out.caption = items(of: "dc:description", in: xml).first.map { String($0.prefix(2_000)) } ?? ""
        }
        if let text = value(of: "photolala:Rotation", in: xml), let turn = Int(text), [0, 90, 180, 270].contains(turn) {
            out.rotation = turn
        }
        if let text = value(of: "tiff:Orientation", in: xml), let orientation = Int(text), (1...8).contains(orientation) {
            out.orientation = orientation
        }
        if has("photolala:FavoriteOf", in: xml) { out.favoriteOf = items(of: "photolala:FavoriteOf", in: xml) }
        out.label = value(of: "xmp:Label", in: xml)
        out.privateTo = value(of: "photolala:PrivateTo", in: xml).map { String($0.prefix(100)) }.flatMap { $0.isEmpty ? nil : $0 }
        return out
    }

    /// The text of a simple property: an element's text (whatever attributes its start tag
    /// has), else an attribute's value.
    static func value(of name: String, in xml: String) -> String? {
        if let element = elementRange(name, in: xml, from: xml.startIndex),
           let end = tagEnd(in: xml, from: xml.index(element.lowerBound, offsetBy: name.count + 1)),
           xml[xml.index(before: end)] != "/" {
            let closing = xml.index(element.upperBound, offsetBy: -(name.count + 3))
            let start = xml.index(after: end)
            if start <= closing {
                let text = xml[start..<closing]
                if !text.contains("<") { return EmbeddedCuration.unescape(text.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
        }
        return EmbeddedCuration.property(name, in: xml).map { EmbeddedCuration.unescape($0) }
    }

    /// Quarter turns (degrees clockwise) that take a file shown by `fileOrientation` to
    /// `orientation`, when both are plain turns; nil otherwise (mirrored ones are left alone).
    public static func rotation(from fileOrientation: Int, to orientation: Int) -> Int? {
        guard let from = angle(fileOrientation), let to = angle(orientation) else { return nil }
        return (to - from + 360) % 360
    }

    /// The orientation of a file shown by `fileOrientation` once turned `rotation` degrees more.
    public static func orientation(_ fileOrientation: Int, turned rotation: Int) -> Int? {
        guard let from = angle(fileOrientation) else { return nil }
        return [0: 1, 90: 6, 180: 3, 270: 8][(from + rotation) % 360]
    }

    private static func angle(_ orientation: Int) -> Int? { [1: 0, 6: 90, 3: 180, 8: 270][orientation] }

    /// `existing` (nil or empty: none) with Photolala's properties replaced by `curation`'s. A
    /// value that is nil (or empty) is removed. `fileOrientation` is the file's own orientation,
    /// for `tiff:Orientation`. Nil when `existing` is not XMP that can hold them: the result
    /// would not read back as `curation` (broken markup another program left), so it is not
    /// written over.
    public static func merged(_ curation: Curation, fileOrientation: Int = 1, into existing: [UInt8]?) -> [UInt8]? {
        // Only an XMP packet is merged into: anything else named like a sidecar is another's file.
        if let existing, !existing.isEmpty, !isPacket(existing) { return nil }
        let bytes = merging(curation, fileOrientation: fileOrientation, into: existing)
        return owned(read(bytes)) == owned(curation) ? bytes : nil
    }

    /// Whether `bytes` are an XMP packet Photolala may merge into: XMP's `x:xmpmeta` or an RDF
    /// document, with a description to hold its properties, within the size a sidecar may have.
    public static func isPacket(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= largest else { return false }
        let xml = String(decoding: bytes, as: UTF8.self)
        return (find("<x:xmpmeta", in: xml) != nil || find("<rdf:RDF", in: xml) != nil) && find("<rdf:Description", in: xml) != nil
    }

    /// What of a curation Photolala writes, with what it leaves out (nothing, 0, empty) made one.
    private static func owned(_ c: Curation) -> [String] {
        [String(c.rating ?? 0), (c.tags ?? []).map(holdable).joined(separator: "\u{1}"), holdable(c.caption ?? ""), String(c.rotation ?? 0),
         (c.favoriteOf ?? []).map(holdable).joined(separator: "\u{1}"), holdable(c.privateTo ?? "")]
    }

    private static func merging(_ curation: Curation, fileOrientation: Int, into existing: [UInt8]?) -> [UInt8] {
        let body = properties(curation, fileOrientation: fileOrientation)
        guard let existing, !existing.isEmpty, existing.count <= largest else { return fresh(body) }
        var xml = String(decoding: existing, as: UTF8.self)
        guard find("<rdf:Description", in: xml) != nil else { return fresh(body) }
        var owned = ["xmp:Rating", "dc:subject", "dc:description", "tiff:Orientation", "photolala:Rotation", "photolala:FavoriteOf",
                     "photolala:PrivateTo"]
        let label = value(of: "xmp:Label", in: xml)
        if label == nil || label == favoriteLabel { owned.append("xmp:Label") }
        for name in owned { xml = removing(name, from: xml) }
        guard let start = find("<rdf:Description", in: xml), let end = tagEnd(in: xml, from: start.upperBound) else { return fresh(body) }
        let selfClosing = xml[xml.index(before: end)] == "/"
        if selfClosing {
            xml.replaceSubrange(xml.index(before: end)...end, with: ">" + body + "\n  </rdf:Description>")
        } else {
            xml.insert(contentsOf: body, at: xml.index(after: end))
        }
        return Array(xml.utf8)
    }

    /// Photolala's properties as elements, each declaring its own namespace so that it is whole
    /// wherever it is put.
    static func properties(_ c: Curation, fileOrientation: Int) -> String {
        let xmp = #"xmlns:xmp="http://ns.adobe.com/xap/1.0/""#
        let dc = #"xmlns:dc="http://purl.org/dc/elements/1.1/""#
        let own = #"xmlns:photolala=""# + namespace + #"""#
        var out = ""
        if let rating = c.rating { out += "\n   <xmp:Rating \(xmp)>\(max(0, min(5, rating)))</xmp:Rating>" }
        if let label = c.label, !label.isEmpty { out += "\n   <xmp:Label \(xmp)>\(escaped(label))</xmp:Label>" }
        if let tags = c.tags, !tags.isEmpty {
            out += "\n   <dc:subject \(dc)><rdf:Bag>" + tags.map { "<rdf:li>\(escaped($0))</rdf:li>" }.joined() + "</rdf:Bag></dc:subject>"
        }
        if let caption = c.caption, !caption.isEmpty {
            out += "\n   <dc:description \(dc)><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(caption))</rdf:li></rdf:Alt></dc:description>"
        }
        if let rotation = c.rotation, rotation != 0 {
            out += "\n   <photolala:Rotation \(own)>\(rotation)</photolala:Rotation>"
            if let turned = orientation(fileOrientation, turned: rotation) {
                out += "\n   <tiff:Orientation xmlns:tiff=\"http://ns.adobe.com/tiff/1.0/\">\(turned)</tiff:Orientation>"
            }
        }
        if let names = c.favoriteOf, !names.isEmpty {
            out += "\n   <photolala:FavoriteOf \(own)><rdf:Bag>" + names.map { "<rdf:li>\(escaped($0))</rdf:li>" }.joined() + "</rdf:Bag></photolala:FavoriteOf>"
        }
        if let name = c.privateTo, !name.isEmpty { out += "\n   <photolala:PrivateTo \(own)>\(escaped(name))</photolala:PrivateTo>" }
        return out
    }

    private static func fresh(_ body: String) -> [UInt8] {
        Array("""
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about="">\(body)
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>

            """.utf8)
    }

    /// Whether the property `name` is there, as an element or an attribute.
    private static func has(_ name: String, in xml: String) -> Bool {
        elementRange(name, in: xml, from: xml.startIndex) != nil || EmbeddedCuration.property(name, in: xml) != nil
    }

    /// The text of each `rdf:li` inside the element `name` (a Bag, Seq or Alt).
    static func items(of name: String, in xml: String) -> [String] {
        guard let element = elementRange(name, in: xml, from: xml.startIndex) else {
            // A single value written as an attribute.
            return EmbeddedCuration.property(name, in: xml).map { [EmbeddedCuration.unescape($0)] } ?? []
        }
        let body = xml[element]
        var out: [String] = []
        var cursor = body.startIndex
        while let open = EmbeddedCuration.find("<rdf:li", in: body[cursor...]),
              let close = EmbeddedCuration.find(">", in: body[open.upperBound...]) {
            if body[body.index(before: close.lowerBound)] == "/" { cursor = close.upperBound; continue }
            guard let finish = EmbeddedCuration.find("</rdf:li>", in: body[close.upperBound...]) else { break }
            out.append(EmbeddedCuration.unescape(String(body[close.upperBound..<finish.lowerBound])))
            cursor = finish.upperBound
        }
        return out
    }

    /// The whole element `<name …>…</name>` or `<name …/>` first found from `from`.
    private static func elementRange(_ name: String, in xml: String, from: String.Index) -> Range<String.Index>? {
        var cursor = from
        while let open = EmbeddedCuration.find("<" + name, in: xml[cursor...]) {
            cursor = open.upperBound
            guard let next = xml[open.upperBound...].first, next.isWhitespace || next == ">" || next == "/" else { continue }
            guard let end = tagEnd(in: xml, from: open.upperBound) else { return nil }
            if xml[xml.index(before: end)] == "/" { return open.lowerBound..<xml.index(after: end) }
            guard let close = EmbeddedCuration.find("</" + name + ">", in: xml[end...]) else { return nil }
            return open.lowerBound..<close.upperBound
        }
        return nil
    }

    /// Where the tag begun before `from` ends: its `>`, outside quoted values.
    private static func tagEnd(in xml: String, from: String.Index) -> String.Index? {
        var quote: Character?
        var index = from
        while index < xml.endIndex {
            let character = xml[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return index
            } else if character == "<" {
                return nil
            }
            index = xml.index(after: index)
        }
        return nil
    }

    /// `xml` without the property `name`, as elements and as attributes, wherever it is.
    private static func removing(_ name: String, from xml: String) -> String {
        var xml = xml
        var cursor = xml.startIndex
        while let element = elementRange(name, in: xml, from: cursor) {
            // The line's indentation goes with it.
            var start = element.lowerBound
            while start > xml.startIndex, let before = xml[..<start].last, before == " " || before == "\t" { start = xml.index(before: start) }
            if start > xml.startIndex, xml[xml.index(before: start)] == "\n" { start = xml.index(before: start) }
            let offset = xml.distance(from: xml.startIndex, to: start)
            xml.removeSubrange(start..<element.upperBound)
            cursor = xml.index(xml.startIndex, offsetBy: offset)
        }
        cursor = xml.startIndex
        while let found = EmbeddedCuration.find(name, in: xml[cursor...]) {
            let offset = xml.distance(from: xml.startIndex, to: found.lowerBound)
            cursor = found.upperBound
            guard found.lowerBound > xml.startIndex, xml[xml.index(before: found.lowerBound)].isWhitespace else { continue }
            let rest = xml[found.upperBound...].drop(while: \.isWhitespace)
            guard rest.first == "=" else { continue }
            let value = rest.dropFirst().drop(while: \.isWhitespace)
            guard let quote = value.first, quote == "\"" || quote == "'",
                  let close = value.dropFirst().firstIndex(of: quote) else { continue }
            var start = found.lowerBound
            while start > xml.startIndex, xml[xml.index(before: start)].isWhitespace { start = xml.index(before: start) }
            let startOffset = xml.distance(from: xml.startIndex, to: start)
            xml.removeSubrange(start...close)
            cursor = xml.index(xml.startIndex, offsetBy: min(startOffset, offset, xml.count))
        }
        return xml
    }

    private static func find(_ needle: String, in xml: String) -> Range<String.Index>? {
        EmbeddedCuration.find(needle, in: xml[...])
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for character in holdable(text) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }

    /// `text` as XML 1.0 can hold it: the characters it cannot (controls but tab, line feed and
    /// carriage return; U+FFFE and U+FFFF) left out. What is written is this, and what is read
    /// back is compared with this, so a value with such a character is written as the rest of it
    /// and never holds its photo back.
    static func holdable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let control = scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r"
            if control || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
