import Catalog
import Imaging

/// The `<video>` on a video's page: the original as its source (served with Range, so phones
/// seek) when browsers play it, a playable rendition beside or instead of it once one is made,
/// the poster frame shown before it plays, and a download link for a browser that cannot play it.
/// A video no browser plays and without a rendition shows its poster and a link that has one made.
struct VideoPlayer: Encodable {
    /// One `<source>`.
    struct Source: Encodable {
        var src: SiteURL
        /// The media type (with codecs where browsers decide by them); nil where browsers disagree
        /// on a name (Matroska, AVI), so the browser tries the file itself.
        var type: String?
    }

    /// Tried in order; empty when nothing here plays (the poster stands in the player's place).
    var sources: [Source]
    var plays: Bool
    /// The screen rendition: the poster frame.
    var poster: SiteURL
    /// The original file.
    var downloadURL: SiteURL
    /// The page that has a playable rendition made; nil when there is one, none is needed or it failed.
    var prepareURL: SiteURL?
    /// What the page says about playing it in a browser; nil when it plays everywhere.
    var note: Phrase?

    /// The player for `photo`; `rendition` is where its playable rendition stands, nil where none is offered.
    init(_ photo: PhotoDetail, scope: SiteURL.Scope, rendition: PlayableStore.State?) {
        let key = photo.card.key
        downloadURL = scope.original(key)
        poster = scope.thumbnail(photo.card.picture, .screen)
        let playability = Playability(photo)
        let original = Source(src: downloadURL, type: Self.sourceType(photo.format, videoCodec: photo.videoCodec))
        sources = playability == .nowhere ? [] : [original]
        switch (playability, rendition) {
        case (.everywhere, _):
            break
        case (_, .ready?):
            sources.append(Source(src: scope.playable(sha256: photo.card.sha256), type: "video/mp4"))
        case (_, .failed?):
            note = Phrase("A version that plays in every browser could not be made.")
        case (_, .absent?), (_, .preparing?), (_, .overLimit?), (_, .awaitingHousehold?):
            prepareURL = scope.play(key)
            note = playability == .nowhere ? Phrase("Browsers cannot play this video's format.") : Phrase("Not every browser plays this video's format.")
        case (_, nil):
            note = playability == .nowhere ? Phrase("Browsers cannot play this video's format.") : nil
        }
        plays = !sources.isEmpty
    }

    /// The player of a motion photo's clip: the end of the JPEG itself, served as an MP4.
    init(motionOf photo: PhotoDetail, scope: SiteURL.Scope) {
        downloadURL = scope.motion(photo.card.key)
        poster = scope.thumbnail(photo.card.picture, .screen)
        sources = [Source(src: downloadURL, type: "video/mp4")]
        plays = true
    }

    /// MOV and M4V holding H.264 play as MP4 does (browsers refuse their own media type names);
    /// HEVC says so, for the browsers that decide by codec and go on to the next source.
    static func sourceType(_ format: ImageFormat, videoCodec: String?) -> String? {
        switch format {
        case .mp4, .mov, .m4v: videoCodec == "hevc" ? #"video/mp4; codecs="hvc1""# : "video/mp4"
        case .threeGP: "video/3gpp"
        case .webm: "video/webm"
        default: nil
        }
    }
}
