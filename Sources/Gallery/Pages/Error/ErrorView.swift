/// Any error, with the status it was answered with.
struct ErrorView: PageModel {
    static let template = "error"
    var chrome: PageChrome
    var status: Int
    var heading, message: Phrase
}
