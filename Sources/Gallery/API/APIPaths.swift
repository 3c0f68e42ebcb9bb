import HTTPTypes

/// The document's paths and the methods each answers, read from the document itself, so a
/// method the document does not name on a path it does name is refused with 405 and `Allow`
/// (the router alone would say 404). Reads the server's own document (`API/openapi.yaml`): its
/// `paths` entries at two spaces, their operations at four.
struct APIPaths: Sendable {
    /// Each path as its segments, `nil` where the document has a `{parameter}`.
    private var templates: [(segments: [String?], methods: [String])] = []

    init(document: String) {
        var inPaths = false
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") { inPaths = line.hasPrefix("paths:"); continue }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), let colon = line.lastIndex(of: ":") {
                let path = line.dropFirst(2)[..<colon].trimmingCharacters(in: .whitespaces)
                let segments = path.split(separator: "/").map { $0.hasPrefix("{") ? nil : String($0) }
                templates.append((segments, []))
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), !templates.isEmpty {
                let key = line.dropFirst(4).prefix { $0 != ":" }
                if ["get", "put", "post", "delete", "patch", "head", "options"].contains(String(key)) {
                    templates[templates.count - 1].methods.append(key.uppercased())
                }
            }
        }
    }

    /// The methods the document names for `path` (below `/api/v1`); nil for a path it does not have.
    func methods(for path: String) -> [String]? {
        let asked = path.split(separator: "/")
        for template in templates where template.segments.count == asked.count {
            if zip(template.segments, asked).allSatisfy({ $0 == nil || $0! == $1 }) {
                return template.methods.contains("GET") ? template.methods + ["HEAD"] : template.methods
            }
        }
        return nil
    }
}
