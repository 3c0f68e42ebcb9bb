import Catalog
import Foundation
import Imaging

/// The photo page's view model from what `PhotoController` read: the photo, where it stands in
/// its group, and who is looking. It reads nothing itself, so a unit test builds it from values
/// (`PhotoPageModelTests`).
struct PhotoPageBuilder {
    var photo: PhotoDetail
    var group: PhotoGroup
    var sort: PhotoSort
    var around: PhotoNeighbors
    var pageSize: Int
    /// The link's title and scope on a share link's page, and whether it shows where photos were
    /// taken; nil in the gallery.
    var shared: (title: Phrase, scope: SiteURL.Scope, places: Bool)?
    var visitor: Visitor
    var csrf = ""
    /// The albums holding the photo, and every album's name (for the add form), when the panel shows.
    var albums: [Album] = []
    var albumNames: [String] = []
    /// The players the controller prepared (a video's playable rendition may be under way).
    var video: VideoPlayer?
    var live: VideoPlayer?
    /// The name of the place the photo was taken at ("Paris, Île-de-France, France"), when named.
    var placeName: String?
    /// The zone server times (the file's change) are written in: the viewer's, else the server's.
    var timeZone = TimeZone(secondsFromGMT: 0)!
    /// Seen in an album: its name and who put the photo in it, when known (the household's page only).
    var albumAdder: (album: String, adder: Uploader)?

    var scope: SiteURL.Scope { shared?.scope ?? .gallery }
    /// The favorite, stars, tags and albums panel: the household's, never a link's holders'.
    var showsCuration: Bool { shared == nil && visitor.can(.viewer) }
    private var groupPage: Int { around.page ?? (around.position - 1) / pageSize + 1 }
    private var groupTitle: Phrase {
        if shared == nil, case .filtered(.all, let filter) = group, let month = GroupTitles.monthTitle(filter) { return month }
        if let shared { return shared.title }
        return group.parts.filter.isEmpty ? GroupTitles.title(group) : Phrase("\(GroupTitles.title(group)) (filtered)")
    }

    /// Where the page sits: its folder's crumbs in the gallery, else its group's; then its own name.
    var crumbs: [Crumb] {
        var crumbs: [Crumb]
        if shared != nil {
            crumbs = [Crumb(name: groupTitle, url: scope.group(group, sort: sort))]
        } else if case .folder = group.parts.base, group.parts.filter.isEmpty {
            crumbs = ChromeBuilder.crumbs(forFolder: photo.folder, linkLast: true)
            if photo.folder.isEmpty { crumbs.append(Crumb(name: Phrase("All folders"), url: SiteURL.folder(""))) }
        } else {
            crumbs = [Crumb(name: groupTitle, url: SiteURL.group(group, sort: sort))]
        }
        return crumbs + [Crumb(name: .verbatim(photo.card.name), url: nil)]
    }

    func build(chrome: PageChrome) -> PhotoView {
        let inGroup = group.linkContext  // filtered folders keep their filters
        let fitted = Self.fittedSize(width: photo.card.width, height: photo.card.height, box: SiteURL.Rendition.screen.rawValue)
        let photoURL = { (key: String) in scope.photo(key, sort: sort, in: inGroup, sharedGroup: group) }
        return PhotoView(
            chrome: chrome,
            name: photo.card.name,
            isPrivate: photo.card.privateTo != nil,
            imageURL: scope.thumbnail(photo.card.picture, .screen),
            width: fitted.width, height: fitted.height,
            previousURL: around.previous.map { photoURL($0.key) },
            nextURL: around.next.map { photoURL($0.key) },
            positionText: Phrase("\(around.position) of \(around.total)"),
            backURL: scope.group(group, sort: sort, page: groupPage).fragment("p\(photo.card.fileId)"),
            backLabel: groupPage > 1 ? Phrase("Back to \(groupTitle) (page \(groupPage))") : Phrase("Back to \(groupTitle)"),
            facts: facts,
            downloadURL: withholds(photo.format) ? nil : scope.original(photo.card.key),
            downloadName: photo.card.name,
            downloadNote: withholds(photo.format)
                ? Phrase("The original file is not offered here: it keeps where it was taken, and this link does not share places.") : nil,
            curation: showsCuration
                ? {
                    var panel = CurationPanel(photo: photo, csrf: csrf, back: SiteURL.photo(photo.card.key, sort: sort, in: inGroup).path,
                                              canCurate: visitor.can(.member), albums: albums, albumNames: albumNames)
                    panel.privacy = PrivacyBox(privateTo: photo.card.privateTo, visitor: visitor)
                    return panel
                }()
                : nil,
            nextImage: around.next.map { scope.thumbnail($0.picture, .screen) },
            caption: photo.caption.isEmpty ? nil : photo.caption,
            slideshowURL: scope.slideshow(photo.card.key, sort: sort, in: inGroup, sharedGroup: group),
            video: video,
            live: live,
            alsoDownloads: alsoDownloads)
    }

    /// Where the date taken was read, in words.
    static func describe(_ source: DateSource) -> Phrase {
        switch source {
        case .exif: Phrase("the camera's EXIF")
        case .xmp: Phrase("XMP, as an editor or exporter wrote it")
        case .iptc: Phrase("IPTC, as an archive or news tool wrote it")
        case .quicktime: Phrase("the video's own creation date")
        }
    }

    /// What the page says of the photo; on a share link, nothing of the library around it.
    var facts: [PhotoView.Fact] {
        var facts: [PhotoView.Fact] = []
        if let taken = photo.takenAt {
            let when = Phrase.Argument.date(taken, .time)
            facts.append(.init(label: Phrase("Taken"), value: photo.takenOffset.map { Phrase("\(when) (\(Phrase.offset(minutes: $0)))") } ?? .date(taken, .time)))
            if let source = photo.takenSource { facts.append(.init(label: Phrase("Date from"), value: Self.describe(source))) }
        } else {
            let modified = Phrase.instant(photo.mtimeNs / 1_000_000_000, in: timeZone)
            facts.append(.init(label: Phrase("Taken"), value: Phrase("Unknown (file modified \(modified))")))
        }
        if let camera = Self.cameraName(make: photo.cameraMake, model: photo.cameraModel) {
            facts.append(.init(label: Phrase("Camera"), value: .verbatim(camera)))
        }
        // The sides as digits alone ("6000 × 4000"), and the megapixels as the camera's box says them.
        let w = String(photo.card.width), h = String(photo.card.height)
        let megapixels = Double(photo.card.width * photo.card.height) / 1_000_000
        let mp = megapixels < 10 ? String(format: "%.1f", megapixels) : String(Int(megapixels.rounded()))
        facts.append(.init(label: Phrase("Dimensions"), value: Phrase("\(w) × \(h) (\(mp) MP)")))
        if photo.card.kind == .video {
            let length = photo.card.durationMs.map { Phrase.verbatim(Formatting.playTime(milliseconds: $0)) } ?? Phrase("Unknown")
            facts.append(.init(label: Phrase("Length"), value: length))
            facts.append(.init(label: Phrase("Codecs"), value: Self.codecs(video: photo.videoCodec, audio: photo.audioCodec)))
        }
        facts.append(.init(label: Phrase("File size"), value: .bytes(photo.fileSize)))
        facts.append(.init(label: Phrase("Format"), value: .verbatim(photo.format.rawValue.uppercased())))
        for file in photo.companions {
            facts.append(.init(label: file.role == .raw ? Phrase("RAW file") : Phrase("Live clip"),
                               value: Phrase("\(file.name) (\(Phrase.Argument.bytes(file.size)))")))
        }
        if let length = photo.card.motionLength {
            facts.append(.init(label: Phrase("Motion clip"), value: Phrase("inside the file (\(Phrase.Argument.bytes(length)))")))
        }
        // Where it was taken is the household's: a link's holders see neither place nor position
        // unless the link's maker said they may (and then no way into the gallery's places).
        if let location = photo.location, shared?.places ?? true {
            if let place = location.place, let placeName {
                facts.append(.init(label: Phrase("Place"), value: .verbatim(placeName),
                                   url: shared == nil ? SiteURL.group(.filtered(.all, SearchFilter(place: .place(place.id)))) : nil))
            }
            facts.append(.init(label: Phrase("Position"), value: Self.position(location.latitude, location.longitude),
                               external: Self.mapLink(location.latitude, location.longitude)))
        }
        if shared != nil { return facts }
        let folder = photo.folder.isEmpty ? Phrase("All folders") : .verbatim(photo.folder)
        facts.append(.init(label: Phrase("Folder"), value: folder, url: SiteURL.folder(photo.folder)))
        for copy in photo.copies {
            facts.append(.init(label: Phrase("Same bytes at"), value: .verbatim(copy), url: SiteURL.photo(copy)))
        }
        switch photo.uploader {
        case .account(let name)?:
            facts.append(.init(label: Phrase("Uploaded by"), value: .verbatim(name), url: SiteURL.group(.filtered(.all, SearchFilter(addedBy: name)))))
        case .device(let name, let label)?:
            facts.append(.init(label: Phrase("Uploaded by"), value: Phrase("\(name), from \(label)"),
                               url: SiteURL.group(.filtered(.all, SearchFilter(addedBy: name)))))
        case let uploader?:
            facts.append(.init(label: Phrase("Uploaded by"), value: Self.describe(uploader)))
        case nil:
            break
        }
        if let (album, adder) = albumAdder {
            facts.append(.init(label: Phrase("Added to \(album) by"), value: Self.describe(adder)))
        }
        return facts
    }

    /// Who added a photo, as its page says it: an account's name, or a share link's holders.
    static func describe(_ uploader: Uploader) -> Phrase {
        switch uploader {
        case .account(let name): .verbatim(name)
        case .device(let name, let label): Phrase("\(name), from \(label)")
        case .link(let maker?): Phrase("a share link's holders (a link of \(maker)'s)")
        case .link(nil): Phrase("a share link's holders")
        }
    }

    /// A video's codecs as its page says them: "H264 video, AAC sound"; nothing when neither is known.
    static func codecs(video: String?, audio: String?) -> Phrase {
        switch (video?.uppercased(), audio?.uppercased()) {
        case let (video?, audio?): Phrase("\(video) video, \(audio) sound")
        case let (video?, nil): Phrase(context: "codec", "\(video) video")
        case let (nil, audio?): Phrase("\(audio) sound")
        case (nil, nil): .verbatim("")
        }
    }

    /// Whether a file of `format` is withheld from this page's visitor whatever its bytes: a
    /// link that does not share places hands out only what can be made to say nothing of where it
    /// was taken (`PlaceTreatment`; a RAW, a WebM, Matroska or AVI never can). One of another
    /// format is offered, and withheld when read if its bytes cannot be vouched for.
    func withholds(_ format: ImageFormat) -> Bool {
        guard let shared, !shared.places else { return false }
        return !PlaceRedaction.handled(format)
    }

    /// The other files of the shot, each to download: its RAW, its Live clip, a motion photo's clip.
    var alsoDownloads: [PhotoView.Download] {
        var out = photo.companions.filter { !withholds($0.format) }.map { file in
            let (format, size) = (file.format.rawValue.uppercased(), Phrase.Argument.bytes(file.size))
            let label = file.role == .raw ? Phrase("Download RAW (\(format), \(size))") : Phrase("Download Live clip (\(format), \(size))")
            return PhotoView.Download(label: label, url: scope.original(file.key), name: file.name)
        }
        if let length = photo.card.motionLength {
            let stem = photo.card.name.lastIndex(of: ".").map { String(photo.card.name[..<$0]) } ?? photo.card.name
            out.append(PhotoView.Download(label: Phrase("Download motion clip (MP4, \(Phrase.Argument.bytes(length)))"),
                                          url: scope.motion(photo.card.key), name: stem + ".mp4"))
        }
        return out
    }

    /// "48.85840° N, 2.29450° E": five decimals, about a metre.
    static func position(_ latitude: Double, _ longitude: Double) -> Phrase {
        let (lat, lon) = (String(format: "%.5f", abs(latitude)), String(format: "%.5f", abs(longitude)))
        switch (latitude < 0, longitude < 0) {
        case (false, false): return Phrase("\(lat)° N, \(lon)° E")
        case (false, true): return Phrase("\(lat)° N, \(lon)° W")
        case (true, false): return Phrase("\(lat)° S, \(lon)° E")
        case (true, true): return Phrase("\(lat)° S, \(lon)° W")
        }
    }

    /// The position on openstreetmap.org, marked, at street level.
    static func mapLink(_ latitude: Double, _ longitude: Double) -> String {
        let lat = String(format: "%.5f", latitude), lon = String(format: "%.5f", longitude)
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=16/\(lat)/\(lon)"
    }

    /// "Canon EOS R6" rather than "Canon Canon EOS R6".
    static func cameraName(make: String?, model: String?) -> String? {
        switch (make, model) {
        case (nil, nil): return nil
        case (let m?, nil): return m
        case (nil, let model?): return model
        case (let m?, let model?):
            let brand = m.split(separator: " ").first.map(String.init) ?? m
            return model.lowercased().hasPrefix(brand.lowercased()) ? model : "\(m) \(model)"
        }
    }

    /// A picture's size shown within a square `box`, never larger than it is, as the decoders
    /// make its rendition.
    static func fittedSize(width: Int, height: Int, box: Int) -> (width: Int, height: Int) {
        Imaging.fittedSize(width: width, height: height, boxWidth: box, boxHeight: box)
    }
}
