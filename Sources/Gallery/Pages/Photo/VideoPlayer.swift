import Catalog
import Imaging

/// The `<video>` on a video's page: the original as its source (served with Range, so phones seek),
/// the poster frame shown before it plays, and a download link for a browser that cannot play it.
struct VideoPlayer: Encodable {
    /// The original file.
    var src: SiteURL
    /// The media type for `<source type>`; nil where browsers disagree on a name (Matroska, AVI),
    /// so the browser tries the file itself.
    var type: String?
    /// The screen rendition: the poster frame.
    var poster: SiteURL

    init(_ photo: PhotoDetail, scope: SiteURL.Scope) {
        src = scope.original(photo.card.key)
        poster = scope.thumbnail(photo.card.picture, .screen)
        type = Self.sourceType(photo.format)
    }

    /// MOV and M4V holding H.264 play as MP4 does; browsers refuse their own media type names.
    static func sourceType(_ format: ImageFormat) -> String? {
        switch format {
        case .mp4, .mov, .m4v: "video/mp4"
        case .threeGP: "video/3gpp"
        case .webm: "video/webm"
        default: nil
        }
    }
}
