/// The single-photo view.
struct PhotoView: PageModel {
    static let template = "photo"
    struct Fact: Encodable {
        var label, value: Phrase
        var url: SiteURL?
        /// A link off the gallery (a map at the photo's position).
        var external: String?
    }
    var chrome: PageChrome
    var name: String
    /// Whether the photo is private (only its owner, and admins where they see private photos, get here).
    var isPrivate = false
    var imageURL: SiteURL
    var width, height: Int
    var previousURL, nextURL: SiteURL?
    var positionText: Phrase
    var backURL: SiteURL
    var backLabel: Phrase
    var facts: [Fact]
    /// Nil when the file is not handed out here (a link without places, a file that keeps its place).
    var downloadURL: SiteURL?
    var downloadName: String
    /// Why the original is not offered, in its place.
    var downloadNote: Phrase?
    var curation: CurationPanel?
    /// The next photo's rendition, fetched ahead by the browser (no script) so "Next" shows it at once.
    var nextImage: SiteURL?
    /// The household's caption, shown to everyone who sees the photo (share links too).
    var caption: String?
    /// The slideshow from this photo, in the same group and order; nil on share links.
    var slideshowURL: SiteURL?
    /// For a video, the player that takes the picture's place (nil for a photo); for a Live or
    /// motion photo, the player of its clip, shown beside the still on asking.
    var video, live: VideoPlayer?
    /// The other files of the shot (its RAW, its Live clip), each with a download link.
    var alsoDownloads: [Download] = []

    struct Download: Encodable {
        var label: Phrase
        var url: SiteURL
        /// The name the browser saves it as.
        var name: String
    }
}
