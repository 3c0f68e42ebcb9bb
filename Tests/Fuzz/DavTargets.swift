import Foundation

/// Targets for what WebDAV reads from requests: XML bodies, the `If` header and the small headers.
enum DavTargets {
    /// Bodies: a document that reads gives, for every element, a fragment that reads back as the
    /// same tree (names, attributes, text; not the prefixes or where they are declared).
    static func xml(_ bytes: [UInt8]) {
        guard let root = try? DavXML.parse(bytes) else { return }
        // A fragment declares every namespace of its tree on its root and may lengthen names by
        // a prefix, so it is read back under limits that allow for both.
        var roomy = DavXML.Limits()
        roomy.maxBytes = Int.max
        roomy.maxAttributes = Int.max
        roomy.maxNameLength = DavXML.Limits().maxNameLength + 32
        var stack = [root]
        while let element = stack.popLast() {
            let fragment = DavXML.fragment(element)
            let again: XMLElement
            do { again = try DavXML.parse(Array(fragment.utf8), limits: roomy) } catch {
                check(false, "\(fragment.debugDescription) does not read: \(error.reason)")
                return
            }
            check(bare(again) == bare(element), "\(fragment.debugDescription) reads as another tree")
            stack += element.elements
        }
    }

    /// `If` headers: whatever reads names only non-empty tokens, and written out the canonical
    /// way reads back the same.
    static func ifHeader(_ bytes: [UInt8]) {
        let header = String(decoding: bytes, as: UTF8.self)
        guard let parsed = DavIf.parse(header) else { return }
        check(!parsed.lists.isEmpty && parsed.lists.allSatisfy { !$0.conditions.isEmpty }, "an empty list in \(header.debugDescription)")
        check(parsed.tokens.allSatisfy { !$0.isEmpty }, "an empty token in \(header.debugDescription)")
        check(Set(parsed.lists.map { $0.resource == nil }).count == 1, "tagged and untagged lists in \(header.debugDescription)")
        let written = canonical(parsed)
        check(written.utf8.count > DavIf.maxBytes || DavIf.parse(written) == parsed, "\(written.debugDescription) reads back differently")
    }

    /// The small headers, one a line: each value read is one the header's grammar allows.
    static func headers(_ bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in lines {
            if let depth = DavDepth.parse(line, absent: .zero) { check(DavDepth.parse(line, absent: .one) == depth, "depth \(line.debugDescription)") }
            for maximum in [0, 600, Int.max] {
                if let seconds = DavHeaders.timeout(line, maximum: maximum) { check((0...maximum).contains(seconds), "timeout \(line.debugDescription)") }
            }
            if let overwrite = DavHeaders.overwrite(line) {
                check(["T", "t", "F", "f"].contains(DavHeaders.trimmed(line)) && overwrite == "Tt".contains(DavHeaders.trimmed(line)), "overwrite \(line.debugDescription)")
            }
            if let token = DavHeaders.lockToken(line) {
                check(DavHeaders.lockToken("<" + token + ">") == token && DavIf.parse("(<" + token + ">)")?.tokens == [token], "token \(token.debugDescription)")
            }
            if let destination = DavHeaders.destination(line) { checkDestination(destination, line) }
        }
    }

    /// A destination's parts are clean, and its path percent-encoded again reads the same.
    private static func checkDestination(_ destination: DavDestination, _ line: String) {
        check(destination.host.map { !$0.isEmpty && !$0.contains("@") && !$0.contains("/") } ?? true, "host of \(line.debugDescription)")
        check(destination.segments.allSatisfy { !$0.isEmpty && !$0.utf8.contains(0) }, "segments of \(line.debugDescription)")
        guard !destination.segments.isEmpty || destination.trailingSlash else { return }
        let encoded = destination.segments.map { KeyEncoding.encode($0, keepingSlashes: false) }.joined(separator: "/")
        let path = "/" + encoded + (destination.trailingSlash && !encoded.isEmpty ? "/" : "")
        let again = DavHeaders.destination(path)
        check(again?.segments == destination.segments && again?.trailingSlash == destination.trailingSlash, "\(path) reads differently")
    }

    /// The tree under `element` without declarations and prefixes, for comparing.
    private static func bare(_ element: XMLElement) -> XMLElement {
        var out = element
        out.declarations = [:]
        out.prefix = ""
        out.children = element.children.map { if case .element(let child) = $0 { .element(bare(child)) } else { $0 } }
        return out
    }

    /// `header` written the one way: single spaces, `Not ` capitalized, a tag once per run of
    /// lists about the same resource.
    private static func canonical(_ header: DavIf) -> String {
        var out: [String] = []
        var previous: String?
        for (index, list) in header.lists.enumerated() {
            if let resource = list.resource, index == 0 || resource != previous { out.append("<" + resource + ">") }
            previous = list.resource
            let conditions = list.conditions.map { condition in
                switch condition {
                case .token(let token, let not): (not ? "Not " : "") + "<" + token + ">"
                case .etag(let tag, let not): (not ? "Not " : "") + "[" + tag + "]"
                }
            }
            out.append("(" + conditions.joined(separator: " ") + ")")
        }
        return out.joined(separator: " ")
    }
}
