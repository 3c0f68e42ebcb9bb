/// The upload page, and what an upload did.
struct UploadView: PageModel {
    static let template = "upload"
    struct Line: Encodable {
        var name: String
        var detail: Phrase
        var url: SiteURL?
    }
    struct Result: Encodable {
        var added: [Line] = [], skipped: [Line] = [], refused: [Line] = []
        var summary = Phrase.verbatim("")
        var hasAdded = false, hasSkipped = false, hasRefused = false

        func finished() -> Result {
            var copy = self
            (copy.hasAdded, copy.hasSkipped, copy.hasRefused) = (!added.isEmpty, !skipped.isEmpty, !refused.isEmpty)
            let (added, skipped, refused) = (added.count, skipped.count, refused.count)
            copy.summary = Phrase(count: added, "\(added) photo added, \(skipped) skipped as already in the library, \(refused) refused.", "\(added) photos added, \(skipped) skipped as already in the library, \(refused) refused.")
            return copy
        }
    }
    var chrome: PageChrome
    var csrf: String
    var readOnly: Bool
    var limitText: Phrase
    /// Where the photos go, in words.
    var hint: Phrase
    var result: Result?
    var action = SiteURL.upload
    var heading = Phrase("Upload photos")
    var dataAction = "upload"
    /// A way back to the shared album (share links only).
    var back: SiteURL?
}
