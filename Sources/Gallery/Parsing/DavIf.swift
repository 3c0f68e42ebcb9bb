import Foundation

/// The `If` request header (RFC 4918, 10.4): lists of conditions on state tokens and entity
/// tags, each list untagged or tagged with the resource it is about. Reading is total: a header
/// that does not follow the grammar, or goes past the caps, gives nil (the server answers 400).
struct DavIf: Sendable, Equatable {
    /// One condition of a list, negated by `Not`.
    enum Condition: Sendable, Equatable {
        /// A state token as written between `<` and `>`, such as `urn:uuid:…`.
        case token(String, not: Bool)
        /// An entity tag exactly as sent, quotes and any `W/` included.
        case etag(String, not: Bool)
    }

    /// Conditions that must all hold, about `resource` (a tagged list's URI) or, when nil, the
    /// resource the request is for.
    struct List: Sendable, Equatable {
        var resource: String?
        var conditions: [Condition]
    }

    var lists: [List]

    /// The longest header read, in bytes.
    static let maxBytes = 8_192
    /// The most lists, and the most conditions over all of them, a header may have.
    static let maxLists = 64
    static let maxConditions = 64
    /// The longest state token or resource tag, in bytes.
    static let maxTokenBytes = 1_024

    /// Every state token the header names, negated or not, in order: those a request submits.
    var tokens: [String] {
        lists.flatMap(\.conditions).compactMap { if case .token(let token, _) = $0 { token } else { nil } }
    }

    /// The header's lists, or nil when it is malformed, mixes tagged and untagged lists, or
    /// goes past a cap.
    static func parse(_ header: String) -> DavIf? {
        let bytes = Array(header.utf8)
        guard bytes.count <= maxBytes else { return nil }
        var at = 0
        var lists: [List] = []
        var tagged: Bool?
        var resource: String?
        // A resource tag must be followed by at least one list of its own.
        var tagHasList = true
        var conditions = 0
        while true {
            skipSpace(bytes, &at)
            guard at < bytes.count else { break }
            if bytes[at] == UInt8(ascii: "<") {
                guard tagged != false, tagHasList, let tag = angled(bytes, &at) else { return nil }
                tagged = true
                resource = tag
                tagHasList = false
            } else if bytes[at] == UInt8(ascii: "(") {
                if tagged == nil { tagged = false }
                guard let list = list(bytes, &at) else { return nil }
                conditions += list.count
                lists.append(List(resource: resource, conditions: list))
                guard lists.count <= maxLists, conditions <= maxConditions else { return nil }
                tagHasList = true
            } else {
                return nil
            }
        }
        guard !lists.isEmpty, tagHasList else { return nil }
        return DavIf(lists: lists)
    }

    /// A state token or tag without its angle brackets, or nil when it is empty, too long, or
    /// holds white space, control characters, `<` or `>` (none of which a URI has).
    static func token(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.isEmpty, bytes.count <= maxTokenBytes,
              bytes.allSatisfy({ $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The conditions of a list at `(`, past its `)`.
    private static func list(_ bytes: [UInt8], _ at: inout Int) -> [Condition]? {
        at += 1
        var conditions: [Condition] = []
        while true {
            skipSpace(bytes, &at)
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: ")") {
                at += 1
                return conditions.isEmpty ? nil : conditions
            }
            var not = false
            if at + 2 < bytes.count, bytes[at...(at + 2)].map({ $0 | 0x20 }) == Array("not".utf8) {
                not = true
                at += 3
                skipSpace(bytes, &at)
                guard at < bytes.count else { return nil }
            }
            if bytes[at] == UInt8(ascii: "<") {
                guard let token = angled(bytes, &at) else { return nil }
                conditions.append(.token(token, not: not))
            } else if bytes[at] == UInt8(ascii: "[") {
                at += 1
                skipSpace(bytes, &at)
                guard let tag = entityTag(bytes, &at) else { return nil }
                skipSpace(bytes, &at)
                guard at < bytes.count, bytes[at] == UInt8(ascii: "]") else { return nil }
                at += 1
                conditions.append(.etag(tag, not: not))
            } else {
                return nil
            }
            guard conditions.count <= maxConditions else { return nil }
        }
    }

    /// What is between `<` at `at` and the next `>`, past the `>`.
    private static func angled(_ bytes: [UInt8], _ at: inout Int) -> String? {
        let start = at + 1
        guard let end = bytes[start...].prefix(maxTokenBytes + 1).firstIndex(of: UInt8(ascii: ">")),
              let token = token(bytes[start..<end]) else { return nil }
        at = end + 1
        return token
    }

    /// An entity tag (RFC 9110, 8.8.3) at `at`, as written: `"…"` or `W/"…"`, anything but
    /// quotes and control characters between the quotes.
    private static func entityTag(_ bytes: [UInt8], _ at: inout Int) -> String? {
        let start = at
        if bytes[at...].starts(with: "W/".utf8) { at += 2 }
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
        at += 1
        while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
            guard bytes[at] >= 0x20, bytes[at] != 0x7F, at - start < maxTokenBytes else { return nil }
            at += 1
        }
        guard at < bytes.count else { return nil }
        at += 1
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    /// Skips spaces and tabs.
    private static func skipSpace(_ bytes: [UInt8], _ at: inout Int) {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 { at += 1 }
    }
}
