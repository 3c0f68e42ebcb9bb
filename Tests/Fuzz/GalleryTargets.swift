import Foundation

/// Targets for what the web app reads from requests: form bodies, headers, paths and query values.
enum GalleryTargets {
    /// Form bodies: any text gives fields, and fields written back out read the same again.
    static func form(_ bytes: [UInt8]) {
        let fields = URLEncodedForm.fields(String(decoding: bytes, as: UTF8.self))
        var again: [String] = []
        for (name, values) in fields {
            for value in values { again.append(formEncoded(name) + "=" + formEncoded(value)) }
        }
        check(URLEncodedForm.fields(again.joined(separator: "&")) == fields, "fields do not survive being written back")
    }

    /// `Range` headers against sizes from empty to Int.max (and nonsense below zero).
    static func byteRange(_ bytes: [UInt8]) {
        let header = String(decoding: bytes, as: UTF8.self)
        var sizes = [0, 1, 2, 10, 4096, 1 << 31, 1 << 53, Int.max - 1, Int.max, -1, Int.min]
        if bytes.count >= 8 { sizes.append(bytes.suffix(8).reduce(0) { $0 << 8 | Int($1) }) }
        for size in sizes {
            guard let range = ByteRange.parse(header, size: size) else { continue }
            check(size > 0 && range.lowerBound >= 0 && range.upperBound < size, "\(range) of a file of \(size) bytes")
        }
    }

    /// `Cookie` headers (one a line): every pair found is found again by its name, in order; a
    /// value taken as a time zone (`tz`) is one of the few characters the zone names use.
    static func cookie(_ bytes: [UInt8]) {
        let headers = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let pairs = CookieHeader.pairs(in: headers)
        var byName: [String: [String]] = [:]
        var names: [String] = []
        for pair in pairs {
            // Bytes, not Characters: U+037E (Greek question mark) is canonically a semicolon.
            check(!pair.name.isEmpty && !pair.name.utf8.contains(0x3B) && !pair.name.utf8.contains(0x3D), "name \(pair.name.debugDescription)")
            check(!pair.value.utf8.contains(0x3B), "value \(pair.value.debugDescription)")
            if TimeZoneCookie.zone(pair.value) != nil {
                check(pair.value.utf8.count <= TimeZoneCookie.maxLength && !pair.value.utf8.contains(0x2E), "zone \(pair.value.debugDescription)")
            }
            if byName[pair.name] == nil { names.append(pair.name) }
            byName[pair.name, default: []].append(pair.value)
        }
        // The first few names (each lookup parses every header again) and the names the gallery reads.
        for name in names.prefix(4) + ["photolala_csrf", "photolala_session", TimeZoneCookie.name, ""] {
            let values = CookieHeader.values(named: name, in: headers)
            check(values == (name.isEmpty ? [] : byName[name] ?? []), "the values of \(name.debugDescription)")
            check(CookieHeader.value(named: name, in: headers) == values.first, "the first value of \(name.debugDescription)")
        }
    }

    /// Request paths to library keys: a key that passes is clean, and its link leads back to it.
    static func pathKey(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for (path, prefix) in [(text, "/originals/"), ("/photos/" + text, "/photos/")] {
            guard let decoded = KeyEncoding.decode(rawPath: path, prefix: prefix), SourceKey.isValid(decoded) else { continue }
            // As bytes, as the file system reads it (a `/` and a combining mark are one Character).
            check(!decoded.utf8.contains(0) && !decoded.utf8.contains(UInt8(ascii: "\\")), "key \(decoded.debugDescription)")
            for part in Array(decoded.utf8).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                check(!part.isEmpty && !part.elementsEqual(".".utf8) && !part.elementsEqual("..".utf8), "key \(decoded.debugDescription)")
            }
            let link = prefix + KeyEncoding.encode(decoded, keepingSlashes: true)
            check(KeyEncoding.decode(rawPath: link, prefix: prefix) == decoded, "the link \(link) leads elsewhere")
            check(!KeyEncoding.encode(decoded, keepingSlashes: false).contains("/"), "a segment kept a slash")
        }
    }

    /// Rendition file names: a name that reads is the one name of its picture and turn.
    static func thumbnailName(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let (sha256, rotation) = ThumbnailName.parse(Substring(text)) else { return }
        check(sha256.utf8.count == 64 && Rotation.allCases.contains(rotation), "\(sha256) \(rotation)")
        check(ThumbnailName.name(sha256: sha256, rotation: rotation) == text, "\(text.debugDescription) is not its picture's one name")
    }

    /// Flash cookie values: whatever reads, writes back to a value that reads the same.
    static func flashCookie(_ bytes: [UInt8]) {
        let value = String(decoding: bytes, as: UTF8.self)
        guard let flash = FlashCookie.parse(value) else { return }
        check(!flash.text.isEmpty && flash.text.count <= FlashCookie.maxText, "text \(flash.text.debugDescription)")
        check(flash.undoToken.map(FlashCookie.isToken) ?? true, "token \(flash.undoToken.debugDescription)")
        let written = flash.value
        check(!written.contains(" ") && !written.contains(";") && !written.contains(","), "value \(written.debugDescription)")
        check(FlashCookie.parse(written) == flash, "\(written.debugDescription) reads back differently")
    }

    /// `Accept-Encoding` headers: gzip is allowed only where the header names it or `*`, and a
    /// list that says more than once the same never changes its mind by repetition.
    static func acceptEncoding(_ bytes: [UInt8]) {
        let header = String(decoding: bytes, as: UTF8.self)
        let allowed = AcceptEncoding.allowsGzip(header)
        let lower = header.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        let gzip = Array("gzip".utf8)
        let namesGzip = lower.count >= 4 && (0...(lower.count - 4)).contains { Array(lower[$0..<$0 + 4]) == gzip }
        if allowed { check(lower.contains(0x2A) || namesGzip, "gzip allowed by \(header.debugDescription)") }
        if header.utf8.count <= 2_000 { check(AcceptEncoding.allowsGzip(header + "," + header) == allowed, "\(header.debugDescription) twice") }
    }

    /// A browser's Accept-Language: at most 32 ranges, heaviest first, each a lowercase tag with a weight.
    static func acceptLanguage(_ bytes: [UInt8]) {
        let header = String(decoding: bytes, as: UTF8.self)
        let ranges = AcceptLanguage.parse(header)
        check(ranges.count <= 32, "\(ranges.count) ranges")
        for (range, next) in zip(ranges, ranges.dropFirst()) { check(range.weight >= next.weight, "order of \(header.debugDescription)") }
        for range in ranges {
            check((1...1000).contains(range.weight) && !range.tag.isEmpty && range.tag == range.tag.lowercased(), "range \(range)")
        }
    }

    /// A message catalog (PO) and the plural rule in its header: entries or an error, never a
    /// trap; every plural form a rule picks is one it has; a message quoted and read back is itself.
    static func poFile(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let catalog = try? POFile.parse(text) else { return }
        for entry in catalog.entries {
            check(entry.strings.count <= 16, "\(entry.strings.count) forms")
            check((try? POFile.unquote(Substring(POFile.quote(entry.id)), line: 1)) == entry.id, "quote of \(entry.id.debugDescription)")
        }
        if let header = catalog.header["Plural-Forms"], let rule = try? PluralForms(header: header) {
            for n in [0, 1, 2, 5, 11, 100, 1_000_000, Int.max, Int.min] {
                check((0..<rule.count).contains(rule.form(for: n)), "form of \(n) under \(header.debugDescription)")
            }
        }
    }

    /// Search filter values typed into a query string: a day and a size.
    static func filterValue(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let day = FilterValue.day(text) {
            // 1800-01-01 to 3000-12-31, at midnight.
            check((-5_364_662_400...32_535_129_600).contains(day) && day % 86_400 == 0, "day \(day)")
        }
        if let size = FilterValue.bytes(text) { check((0...FilterValue.maxBytes).contains(size), "size \(size)") }
    }

    /// Search text to FTS5: only quoted prefix terms come out, whatever the text.
    static func ftsQuery(_ bytes: [UInt8]) {
        guard let query = FTSQuery.terms(String(decoding: bytes, as: UTF8.self)) else { return }
        // Read it back as FTS5 would: `"…"*` terms, `""` inside a term being one quote, one space between.
        let scalars = Array(query.unicodeScalars)
        var at = 0
        var terms = 0
        while at < scalars.count {
            if terms > 0 { check(scalars[at] == " ", "no space between terms in \(query.debugDescription)"); at += 1 }
            check(at < scalars.count && scalars[at] == "\"", "a term that is not quoted in \(query.debugDescription)")
            at += 1
            var length = 0
            while true {
                check(at < scalars.count, "an unterminated term in \(query.debugDescription)")
                if scalars[at] == "\"" {
                    if at + 1 < scalars.count, scalars[at + 1] == "\"" { at += 2; length += 1; continue }
                    break
                }
                check(scalars[at] != "\0", "a NUL in \(query.debugDescription)")
                at += 1
                length += 1
            }
            check(length > 0, "an empty term in \(query.debugDescription)")
            check(at + 1 < scalars.count && scalars[at + 1] == "*", "a term without its * in \(query.debugDescription)")
            at += 2
            terms += 1
        }
        check((1...FTSQuery.maxTerms).contains(terms), "\(terms) terms")
    }

    /// A name or value written back out: unreserved bytes as they are, every other byte as `%XX`.
    private static func formEncoded(_ text: String) -> String {
        KeyEncoding.encode(text, keepingSlashes: false)
    }
}
