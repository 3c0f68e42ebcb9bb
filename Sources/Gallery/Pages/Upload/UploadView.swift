/// The upload page, and what an upload did.
struct UploadView: PageModel {
    static let template = "upload"
    struct Line: Encodable {
        var name: String
        var detail: String
        var url: SiteURL?
    }
    struct Result: Encodable {
        var added: [Line] = []
        var skipped: [Line] = []
        var refused: [Line] = []
        var summary = ""
        var hasAdded = false
        var hasSkipped = false
        var hasRefused = false

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
    var folderText: String
    var result: Result?
    let action = SiteURL.upload
}
