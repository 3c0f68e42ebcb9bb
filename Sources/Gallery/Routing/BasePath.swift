/// The prefix the gallery is served under (`/photos`), or none: the one place it is put on links
/// and redirects and taken off requests. Inside the app every path stays root-relative.
struct BasePath: Sendable, Equatable {
    /// `/photos`: a leading slash, no trailing one; "" for none.
    let prefix: String

    static let none = BasePath(prefix: "")

    var isEmpty: Bool { prefix.isEmpty }

    /// A root-relative path as the browser must see it: `/folders/a` becomes `/photos/folders/a`.
    func apply(to path: String) -> String {
        prefix.isEmpty ? path : prefix + path
    }

    /// A redirect's `Location` as the browser must see it: root-relative ones get the prefix,
    /// anything else (another scheme, `//host`) is left alone.
    func applyToLocation(_ location: String) -> String {
        location.hasPrefix("/") && !location.hasPrefix("//") ? apply(to: location) : location
    }

    /// The path (with its query) inside the gallery, or nil when `path` lies outside the prefix.
    func strip(_ path: String) -> String? {
        guard !prefix.isEmpty else { return path }
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count)
        guard rest.isEmpty || rest.hasPrefix("/") || rest.hasPrefix("?") else { return nil }
        return rest.isEmpty || rest.hasPrefix("?") ? "/" + rest : String(rest)
    }

    /// Checks and normalises a configured prefix: "" for none, else `/a/b`; a `SettingProblem` says what is wrong.
    static func normalise(_ raw: String) throws -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed == "/" { return "" }
        let segments = trimmed.split(separator: "/")
        guard trimmed.hasPrefix("/"), !segments.isEmpty,
              segments.allSatisfy({ $0 != "." && $0 != ".." && $0.unicodeScalars.allSatisfy { c in
                  c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "-._~".unicodeScalars.contains(c))
              } }) else {
            throw SettingProblem("must look like /photos (letters, digits, - . _ ~ between slashes), not “\(raw)”")
        }
        return "/" + segments.joined(separator: "/")
    }
}
