/// The single-photo view.
struct PhotoView: PageModel {
    static let template = "photo"
    struct Fact: Encodable {
        var label: String
        var value: String
        var url: SiteURL?
    }
    var chrome: PageChrome
    var name: String
    var imageURL: SiteURL
    var width: Int
    var height: Int
    var previousURL: SiteURL?
    var nextURL: SiteURL?
    var positionText: String
    var backURL: SiteURL
    var backLabel: String
    var facts: [Fact]
    var downloadURL: SiteURL
    var downloadName: String
    var curation: CurationPanel?
}
