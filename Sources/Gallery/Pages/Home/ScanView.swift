/// Live scan progress.
struct ScanView: PageModel {
    static let template = "scan"
    struct Issue: Encodable {
        var key: String
        var reason: String
    }
    var chrome: PageChrome
    var heading: String
    var running: Bool
    var failure: String?
    var percent: Int
    var processedText: String
    var totalText: String
    var rateText: String
    var errorsText: String
    var current: String?
    var folders: [FolderCard]
    var issues: [Issue]
    var hasIssues: Bool
}
