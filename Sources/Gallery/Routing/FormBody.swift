import Foundation
import Hummingbird

/// A small `application/x-www-form-urlencoded` body, read with a size cap and CSRF-checked.
struct FormBody {
    private var fields: [String: [String]] = [:]

    /// Reads and parses the body (at most 64 KiB) and checks its `csrf` field against the cookie token.
    init(_ request: Request, context: GalleryContext) async throws {
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/x-www-form-urlencoded" else {
            throw PageError(.unsupportedMediaType, message: Phrase("This address takes only a form sent from one of the gallery’s pages."))
        }
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: 64 * 1024) } catch {
            throw PageError(.contentTooLarge, message: Phrase("The form was too large."))
        }
        fields = URLEncodedForm.fields(String(buffer: buffer))
        let sent = fields["csrf"]?.first ?? ""
        guard !context.csrfToken.isEmpty, Self.constantTimeEqual(sent, context.csrfToken) else {
            throw PageError(.forbidden, message: Phrase("This form has expired or did not come from this site. Reload the page and try again."))
        }
    }

    subscript(_ name: String) -> String? { fields[name]?.first }

    /// Every value sent under `name` (checkboxes of one name), in the order sent.
    func values(_ name: String) -> [String] { fields[name] ?? [] }

    /// A required field, or a 400 naming it.
    func require(_ name: String) throws -> String {
        guard let value = self[name] else { throw PageError(.badRequest, message: Phrase("The form is missing its “\(name)” field.")) }
        return value
    }

    /// Where to send the browser afterwards: a local path only, never another site.
    func returnPath(default fallback: SiteURL) -> String {
        guard let back = self["back"], SiteURL.isLocal(back) else { return fallback.path }
        return back
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
