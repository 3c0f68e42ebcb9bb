/// The upload page, and what an upload did.
struct UploadView: PageModel {
    static let template = "upload"
    struct Line: Encodable {
        var name, detail: String
        var url: SiteURL?
    }
    struct Result: Encodable {
        var added: [Line] = [], skipped: [Line] = [], refused: [Line] = []
        var summary = ""
        var hasAdded = false, hasSkipped = false, hasRefused = false

        func finished() -> Result {
            var copy = self
            (copy.hasAdded, copy.hasSkipped, copy.hasRefused) = (!added.isEmpty, !skipped.isEmpty, !refused.isEmpty)
            copy.summary = "\(Formatting.plural(added.count, "photo", "photos")) added, \(skipped.count) skipped as already in the library, \(refused.count) refused."
            return copy
        }
    }
    var chrome: PageChrome
    var csrf: String
    var readOnly: Bool
    var limitText: String
    /// Where the photos go, in words.
    var hint: String
    var result: Result?
    var action = SiteURL.upload
    var heading = "Upload photos"
    var dataAction = "upload"
    /// A way back to the shared album (share links only).
    var back: SiteURL?
}
