/// Helpers for the `/`-separated keys of folder-like sources.
public enum SourceKey {
    /// The folder part of a key: `"a/b"` for `"a/b/c.jpg"`, `""` for a top-level item.
    ///
    /// Keys are read as the file system reads paths, byte by byte, never as characters: a `/`
    /// followed by a combining mark is one Character to Swift (`"/\u{301}"`), and a key split by
    /// characters would not be split there, though the file system splits it.
    public static func folder(of key: String) -> String {
        guard let slash = lastSlash(in: key) else { return "" }
        return String(key[..<slash])
    }

    /// The last component of a key.
    public static func name(of key: String) -> String {
        guard let slash = lastSlash(in: key) else { return key }
        return String(key[key.utf8.index(after: slash)...])
    }

    /// Where a key's folder ends and its name begins: its last `/` byte; nil for a top-level item.
    public static func lastSlash(in key: String) -> String.Index? {
        key.utf8.lastIndex(of: UInt8(ascii: "/"))
    }

    /// The parent of a folder key, or nil for the root `""`.
    public static func parent(ofFolder folder: String) -> String? {
        folder.isEmpty ? nil : self.folder(of: folder)
    }

    /// Whether a key is a clean relative path: no empty, `.` or `..` component, no NUL, no backslash, not absolute.
    ///
    /// Read as bytes, as the file system will read it: by characters, `"../\u{301}x"` is one
    /// component (the `/` and the combining mark after it are one Character) and would pass,
    /// though on disk it climbs out of the library; and `"\\\u{301}"` holds no `"\\"` Character.
    public static func isValid(_ key: String, allowEmpty: Bool = false) -> Bool {
        let bytes = key.utf8
        if bytes.isEmpty { return allowEmpty }
        var partLength = 0
        var dots = 0
        for byte in bytes {
            switch byte {
            case 0, UInt8(ascii: "\\"):
                return false
            case UInt8(ascii: "/"):
                // An empty part (a leading `/` among them), `.` or `..` before this slash.
                if partLength == 0 || partLength == dots && dots <= 2 { return false }
                partLength = 0
                dots = 0
            default:
                if byte == UInt8(ascii: ".") { dots += 1 }
                partLength += 1
            }
        }
        return !(partLength == 0 || partLength == dots && dots <= 2)
    }

    /// Whether a valid key names an XMP sidecar: its name ends in `.xmp` (in any case) after a
    /// name of its own.
    public static func isSidecar(_ key: String) -> Bool {
        isValid(key) && hasSidecarName(key)
    }

    /// `isSidecar` without the key's check, for a walk's million keys: the last five bytes are
    /// `/` or more of a name, then `.xmp` in any case.
    public static func hasSidecarName(_ key: String) -> Bool {
        let bytes = key.utf8
        guard bytes.count > 4 else { return false }
        var tail = bytes.suffix(5).makeIterator()
        let before = tail.next()!
        guard before != UInt8(ascii: "/"), tail.next() == UInt8(ascii: "."),
              tail.next().map({ $0 | 0x20 }) == UInt8(ascii: "x"), tail.next().map({ $0 | 0x20 }) == UInt8(ascii: "m"),
              tail.next().map({ $0 | 0x20 }) == UInt8(ascii: "p") else { return false }
        return !name(of: key).hasPrefix(".")
    }

    /// A sort key that orders embedded numbers by value ("img2" before "img10") and ignores case.
    /// A run of digits becomes its length (as one character, `@` plus the length, at most 60) and
    /// the digits without leading zeros, so a longer number sorts after a shorter one.
    public static func naturalSortKey(_ name: String) -> String {
        // Almost every name is ASCII: its key is made from bytes, as the scan's writer makes a
        // hundred thousand of them, and comes out the same as the general way's (a test holds both to it).
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiSortKey(name) }
        return generalSortKey(name)
    }

    static func generalSortKey(_ name: String) -> String {
        var out = ""
        out.reserveCapacity(name.count + 8)
        var digits = ""
        func flush() {
            guard !digits.isEmpty else { return }
            let trimmed = digits.drop(while: { $0 == "0" })
            let body = trimmed.isEmpty ? "0" : String(trimmed)
            // Length first, so longer numbers sort after shorter ones, then the digits.
            out += String(UnicodeScalar(UInt8(min(body.count, 60) + 64)))
            out += body
            digits = ""
        }
        for ch in name.lowercased() {
            if ch.isASCII, ch.isNumber { digits.append(ch) } else { flush(); out.append(ch) }
        }
        flush()
        return out
    }

    static func asciiSortKey(_ name: String) -> String {
        let bytes = Array(name.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x30 && byte <= 0x39 else {
                out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, bytes[end] >= 0x30 && bytes[end] <= 0x39 { end += 1 }
            var start = index
            while start < end - 1, bytes[start] == 0x30 { start += 1 }
            // A run of zeros keeps one.
            out.append(UInt8(min(end - start, 60) + 64))
            out.append(contentsOf: bytes[start..<end])
            index = end
        }
        return String(decoding: out, as: UTF8.self)
    }
}
