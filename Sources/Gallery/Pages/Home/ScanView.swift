/// Live scan progress.
struct ScanView: PageModel {
    static let template = "scan"
    struct Issue: Encodable {
        var key, reason: String
    }
    var chrome: PageChrome
    var heading: String
    var running: Bool
    var failure: String?
    var percent: Int
    var processedText, totalText, rateLabel, rateText, errorsText: String
    /// What the library holds, each kind counted: "1,234 photos · 56 videos".
    var kindsText: String
    var current: String?
    var folders: [FolderCard]
    var issues: [Issue]
    var hasIssues: Bool
}
