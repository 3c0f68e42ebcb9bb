import Catalog
import Imaging

extension SiteURL {
    /// Where a page's links may lead: the gallery itself, or inside one share link, whose pages
    /// must never link anywhere the link does not open.
    struct Scope: Sendable {
        /// `/share/<token>` on share pages; nil in the gallery.
        let sharePrefix: String?

        static let gallery = Scope(sharePrefix: nil)
        static func share(_ token: String) -> Scope { Scope(sharePrefix: SiteURL.share(token).path) }

        func group(_ group: PhotoGroup, sort: PhotoSort? = nil, page: Int = 1) -> SiteURL {
            guard let prefix = sharePrefix else { return SiteURL.group(group, sort: sort, page: page) }
            return SiteURL(prefix + SiteURL.query(sort: sort ?? group.defaultSort, defaultSort: group.defaultSort, page: page))
        }

        /// A photo's page; in a share the group is the link's own, so it is not repeated in the URL.
        func photo(_ key: String, sort: PhotoSort? = nil, in group: PhotoGroup?, sharedGroup: PhotoGroup? = nil) -> SiteURL {
            guard let prefix = sharePrefix else { return SiteURL.photo(key, sort: sort, in: group) }
            let defaultSort = (sharedGroup ?? group)?.defaultSort ?? .default
            return SiteURL(prefix + SiteURL.photoPrefix + SiteURL.encodeKey(key)
                           + SiteURL.query(sort: sort ?? defaultSort, defaultSort: defaultSort, page: 1))
        }

        /// The slideshow at a photo (as `SiteURL.slideshow`); in a share the group is the link's own.
        func slideshow(_ key: String, sort: PhotoSort? = nil, in group: PhotoGroup?, sharedGroup: PhotoGroup? = nil, paused: Bool = false,
                       every: Int? = nil, frame: Bool = false) -> SiteURL {
            guard let prefix = sharePrefix else { return SiteURL.slideshow(key, sort: sort, in: group, paused: paused, every: every, frame: frame) }
            let photo = photo(key, sort: sort, in: group, sharedGroup: sharedGroup).path.dropFirst(prefix.count + SiteURL.photoPrefix.count)
            return SiteURL(prefix + SiteURL.slideshowPrefix + photo).appending(SiteURL.showParameters(paused: paused, every: every, frame: frame))
        }

        /// The key of a slideshow's request path in this scope, or nil when it names none.
        func slideshowKey(fromPath rawPath: String) -> String? {
            SiteURL.decodeKey(rawPath: rawPath, prefix: (sharePrefix ?? "") + SiteURL.slideshowPrefix)
        }

        func thumbnail(_ picture: Picture, _ rendition: Rendition, _ encoding: RenditionEncoding = .jpeg) -> SiteURL {
            SiteURL((sharePrefix ?? "") + SiteURL.thumbnail(picture, rendition, encoding).path)
        }

        /// A share link's upload form's target (an album's link that takes photos).
        var upload: SiteURL? { sharePrefix.map { SiteURL($0 + SiteURL.shareUploadSuffix) } }
        /// All of a share link's photos as one zip.
        var zip: SiteURL? { sharePrefix.map { SiteURL($0 + SiteURL.shareZipSuffix) } }

        func original(_ key: String) -> SiteURL {
            SiteURL((sharePrefix ?? "") + SiteURL.original(key).path)
        }

        func motion(_ key: String) -> SiteURL {
            SiteURL((sharePrefix ?? "") + SiteURL.motion(key).path)
        }

        /// The key of a motion clip's request path in this scope, or nil when it names none.
        func motionKey(fromPath rawPath: String) -> String? {
            SiteURL.decodeKey(rawPath: rawPath, prefix: (sharePrefix ?? "") + SiteURL.motionPrefix)
        }

        /// The page that has a video's playable rendition made.
        func play(_ key: String) -> SiteURL {
            SiteURL((sharePrefix ?? "") + SiteURL.play(key).path)
        }

        /// A video's playable rendition.
        func playable(sha256: String) -> SiteURL {
            SiteURL((sharePrefix ?? "") + SiteURL.playable(sha256: sha256).path)
        }

        /// The key of a play page's request path in this scope, or nil when it names none.
        func playKey(fromPath rawPath: String) -> String? {
            SiteURL.decodeKey(rawPath: rawPath, prefix: (sharePrefix ?? "") + SiteURL.playPrefix)
        }

        /// The key of a photo page's request path in this scope, or nil when it names none.
        func photoKey(fromPath rawPath: String) -> String? {
            SiteURL.decodeKey(rawPath: rawPath, prefix: (sharePrefix ?? "") + SiteURL.photoPrefix)
        }

        /// The key of an original file's request path in this scope, or nil when it names none.
        func originalKey(fromPath rawPath: String) -> String? {
            SiteURL.decodeKey(rawPath: rawPath, prefix: (sharePrefix ?? "") + SiteURL.originalPrefix)
        }
    }
}
