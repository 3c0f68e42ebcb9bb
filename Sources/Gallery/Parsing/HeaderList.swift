/// A comma-separated header list (RFC 9110, 5.6.1: `Vary`, `Cache-Control`), read over bytes:
/// whether one of its items, without the spaces and tabs around it, is `token` regardless of
/// ASCII case. With `namesOnly`, an item counts by what comes before its first `=` (a
/// `Cache-Control` directive's name). Any text gives an answer. Every answer passes here, so the
/// list is walked in place, with nothing allocated.
enum HeaderList {
    static func contains(_ value: String, _ token: String, namesOnly: Bool = false) -> Bool {
        let bytes = value.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.endIndex
            if matches(bytes[start..<end], token, namesOnly: namesOnly) { return true }
            start = end == bytes.endIndex ? end : bytes.index(after: end)
        }
        return false
    }

    private static func matches(_ item: Substring.UTF8View, _ token: String, namesOnly: Bool) -> Bool {
        var name = item
        if namesOnly, let equals = name.firstIndex(of: UInt8(ascii: "=")) { name = name[..<equals] }
        while let first = name.first, first == 0x20 || first == 0x09 { name = name.dropFirst() }
        while let last = name.last, last == 0x20 || last == 0x09 { name = name.dropLast() }
        return name.elementsEqual(token.utf8) { lowered($0) == lowered($1) }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}
