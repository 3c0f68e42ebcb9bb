/// The cookies a browser sends in its `Cookie` header(s) (RFC 6265 §5.4: `a=1; b="2"`), read
/// byte by byte without trusting their shape: any text gives some pairs, never a trap.
enum CookieHeader {
    /// The value of the first cookie called `name`, or nil when none is sent.
    static func value(named name: String, in headers: [String]) -> String? {
        values(named: name, in: headers).first
    }

    /// Every value sent for `name`, in order. A browser sends the cookie with the longest path
    /// first, and a second one of the same name may have been set by a sibling site, so a caller
    /// guarding a token can refuse more than one.
    ///
    /// Read on most requests (the session cookie), so only the pairs of that name become strings:
    /// the others' names are compared as bytes where both are ASCII, and as strings (canonical
    /// equivalence, as `pairs` and a dictionary of them compare) where either is not.
    static func values(named name: String, in headers: [String]) -> [String] {
        guard !name.isEmpty else { return [] }
        let wanted = Array(name.utf8)
        let wantedIsASCII = wanted.allSatisfy { $0 < 0x80 }
        var out: [String] = []
        forEachPair(in: headers) { pairName, value in
            let same = wantedIsASCII && pairName.allSatisfy { $0 < 0x80 }
                ? pairName.elementsEqual(wanted)
                : String(decoding: pairName, as: UTF8.self) == name
            if same { out.append(String(decoding: value, as: UTF8.self)) }
        }
        return out
    }

    /// Every `name=value` pair, in order: split at `;`, blanks trimmed around names and values, one
    /// pair of double quotes taken off a value. Pieces without `=` or with an empty name are skipped.
    static func pairs(in headers: [String]) -> [(name: String, value: String)] {
        var out: [(name: String, value: String)] = []
        forEachPair(in: headers) { name, value in
            out.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }
        return out
    }

    /// The one reading of the pairs that `pairs` and `values` share: each pair's name and value as
    /// bytes, trimmed and unquoted.
    private static func forEachPair(in headers: [String], _ body: (ArraySlice<UInt8>, ArraySlice<UInt8>) -> Void) {
        for header in headers {
            let bytes = Array(header.utf8)
            for piece in bytes.split(separator: UInt8(ascii: ";")) {
                guard let equals = piece.firstIndex(of: UInt8(ascii: "=")) else { continue }
                let name = trimmed(piece[..<equals])
                var value = trimmed(piece[piece.index(after: equals)...])
                guard !name.isEmpty else { continue }
                if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                    value = value.dropFirst().dropLast()
                }
                body(name, value)
            }
        }
    }

    /// Without the spaces and tabs either side.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }) else {
            return []
        }
        return bytes[first...last]
    }
}
