import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import Imaging
import TestSupport
import Testing
@testable import Gallery

/// Curation written back to XMP sidecars through the real application, and read back by scans:
/// a catalog made anew gets the household's curation back, an edit made elsewhere arrives, a
/// conflict is reported, a read-only library says so, and other programs' sidecars are read.
@Suite struct SidecarRouteTests {
    private func curated(_ kind: SourceKind) async throws -> (GalleryFixture, originals: [Data?]) {
        let f = try GalleryFixture(kind)
        f.writeSidecars = true
        try f.addJPEG("trip/a.jpg", seed: 1)
        try f.addJPEG("trip/b.jpg", seed: 2)
        try await f.scan()
        try await f.addAccount("ada", role: .admin)
        let originals = [try await f.bytes("trip/a.jpg"), try await f.bytes("trip/b.jpg")]
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            for (uri, fields) in [("/actions/rate", [("key", "trip/a.jpg"), ("rating", "4")]),
                                  ("/actions/tag", [("key", "trip/a.jpg"), ("tags", "Beach, Family & friends")]),
                                  ("/actions/caption", [("key", "trip/a.jpg"), ("caption", "First swim <of> the summer")]),
                                  ("/actions/rotate", [("key", "trip/a.jpg"), ("turn", "right")]),
                                  ("/actions/favorite", [("key", "trip/b.jpg"), ("value", "on")]),
                                  ("/actions/private", [("key", "trip/b.jpg"), ("value", "on")])] {
                #expect(try await ada.post(uri, fields + [("back", "/photos/trip/a.jpg")]).status == .seeOther, "\(uri)")
            }
        }
        try await f.writeSidecarsNow()
        return (f, originals)
    }

    @Test(arguments: SourceKind.allCases)
    func curationWrittenToSidecarsComesBackIntoACatalogMadeAnew(_ kind: SourceKind) async throws {
        // given a household's curation made through the pages, written to sidecars
        let (f, originals) = try await curated(kind)
        // then each file has its sidecar, saying what the household said, and the originals are untouched
        let a = XMPSidecar.read(Array(try #require(try await f.bytes("trip/a.jpg.xmp"))))
        #expect(a.rating == 4 && a.tags == ["Beach", "Family & friends"] && a.caption == "First swim <of> the summer" && a.rotation == 90)
        let b = XMPSidecar.read(Array(try #require(try await f.bytes("trip/b.jpg.xmp"))))
        #expect(b.favoriteOf == ["ada"] && b.label == "Favorite" && b.privateTo == "ada")
        #expect([try await f.bytes("trip/a.jpg"), try await f.bytes("trip/b.jpg")] == originals)
        // and nothing more is written while nothing changes
        #expect(try await f.writeSidecarsNow() == 0)
        // when a catalog is made anew over the same library (its accounts made again) and scanned
        let g = try GalleryFixture(sharing: f)
        try await g.addAccount("ada", role: .admin)
        try await g.scan()
        // then the curation is back
        let store = try await g.openCatalog()
        let ada = try #require(try await store.accounts().first { $0.name == "ada" })
        let photo = try #require(try await store.photo(key: "trip/a.jpg", viewer: .account(ada.id)))
        #expect(photo.card.rating == 4 && photo.caption == "First swim <of> the summer" && photo.card.rotation == .right)
        #expect(Set(photo.tags) == ["Beach", "Family & friends"])
        #expect(try await store.photo(key: "trip/b.jpg", viewer: .account(ada.id))?.isFavorite == true)
        // and what ada kept private is private to her again, never shown to anyone else
        #expect(try await store.photo(key: "trip/b.jpg", viewer: .account(ada.id), sight: .owner(ada.id))?.card.privateTo == ada.id)
        #expect(try await store.photo(key: "trip/b.jpg", viewer: .guest, sight: .publicOnly) == nil)
        // and the sidecars were not taken for photos
        #expect(try await store.scanIssues().isEmpty)
        #expect(try await store.photo(key: "trip/a.jpg.xmp") == nil)
    }

    @Test func anEditMadeElsewhereArrivesAndAConflictIsReported() async throws {
        let (f, _) = try await curated(.folder)
        let path = f.library + "/trip/a.jpg.xmp"
        // when another program rewrites the sidecar (a new rating and tags) and the library is scanned
        let edited = try #require(XMPSidecar.merged(XMPSidecar.Curation(rating: 5, tags: ["Edited"], caption: "First swim <of> the summer",
                                                                        rotation: 90, favoriteOf: []),
                                                    into: Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        try Data(edited + Array("<!-- elsewhere -->".utf8)).write(to: URL(fileURLWithPath: path))
        try await f.scan()
        // then the catalog has the edit, with no conflict
        let store = try await f.openCatalog()
        #expect(try await store.photo(key: "trip/a.jpg")?.card.rating == 5)
        #expect(try await store.photo(key: "trip/a.jpg")?.tags == ["Edited"])
        #expect(try await store.scanIssues().isEmpty)
        // and the sidecar is written again from the catalog, keeping the other program's words
        try await f.writeSidecarsNow()
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self).contains("<!-- elsewhere -->"))
        // when stars are set here, and before they are written the sidecar is changed elsewhere
        try await store.setRating(photoId: try #require(try await store.photoId(forKey: "trip/a.jpg")), 1)
        let elsewhere = try #require(XMPSidecar.merged(XMPSidecar.Curation(rating: 3, tags: ["Edited"], caption: "First swim <of> the summer",
                                                                           rotation: 90, favoriteOf: []), into: nil))
        try Data(elsewhere).write(to: URL(fileURLWithPath: path))
        // then the sidecar is not written over
        try await f.writeSidecarsNow()
        #expect(XMPSidecar.read(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).rating == 3)
        // and the next scan takes the sidecar's word and reports what it replaced
        try await f.scan()
        #expect(try await store.photo(key: "trip/a.jpg")?.card.rating == 3)
        let issues = try await store.scanIssues()
        #expect(issues.map(\.key) == ["trip/a.jpg.xmp"])
        #expect(issues.first?.reason.contains("stars") == true && issues.first?.reason.contains("replaced") == true)
        try await f.withClient { client in
            let page = try await client.execute(uri: "/scan", method: .get).text
            #expect(page.contains("trip/a.jpg.xmp") && page.contains("Files and sidecars to look at"))
            #expect(page.contains("written to XMP sidecars beside the files"))
        }
        // and once the sidecar and the catalog agree, it is written again and the report goes at the next change
        try await f.writeSidecarsNow()
        let agreed = try #require(XMPSidecar.merged(XMPSidecar.Curation(rating: 2, tags: ["Edited"], caption: "First swim <of> the summer",
                                                                        rotation: 90, favoriteOf: []), into: nil))
        try Data(agreed).write(to: URL(fileURLWithPath: path))
        try await f.scan()
        #expect(try await store.scanIssues().isEmpty)
        #expect(try await store.photo(key: "trip/a.jpg")?.card.rating == 2)
    }

    @Test(arguments: SourceKind.allCases)
    func aSidecarFollowsItsPhotoToTheTrashAndBack(_ kind: SourceKind) async throws {
        // given b, private to ada, favorite of hers, and its sidecar saying so
        let (f, _) = try await curated(kind)
        try await f.addAccount("max", role: .member)
        #expect(try await f.exists("trip/b.jpg.xmp"))
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let max = try await FormPoster.signIn(client, "max")
            // when ada moves b to the trash
            #expect(try await ada.post("/actions/delete", [("key", "trip/b.jpg")]).status == .seeOther)
            // then its sidecar went with it
            #expect(try await !f.exists("trip/b.jpg.xmp"))
            // and a new photo put at the same place is the household's, with nothing of b's
            try f.addJPEG("trip/b.jpg", seed: 77)
            try await f.scan()
            let store = try await f.openCatalog()
            #expect(try await max.get("/photos/trip/b.jpg").status == .ok)
            let newcomer = try #require(try await store.photo(key: "trip/b.jpg"))
            #expect(newcomer.card.privateTo == nil && newcomer.caption.isEmpty)
            // when the newcomer goes too and b comes back from the trash
            #expect(try await ada.post("/actions/delete", [("key", "trip/b.jpg")]).status == .seeOther)
            let trashed = try await store.trashItems(sight: .everything)
            let first = try #require(trashed.last)
            #expect(try await ada.post("/actions/restore", [("id", String(first.id))]).status == .seeOther)
            // then b is back with its own sidecar, still ada's alone
            #expect(XMPSidecar.read(Array(try #require(try await f.bytes("trip/b.jpg.xmp")))).privateTo == "ada")
            #expect(try await max.get("/photos/trip/b.jpg").status == .notFound)
            // and emptying the trash takes the newcomer's sidecar with its file, if it had one
            #expect(try await ada.post("/actions/empty-trash", []).status == .seeOther)
            #expect(try await store.trashItems(sight: .everything).isEmpty)
        }
    }

    @Test func aFileNamedLikeASidecarThatIsNoXMPIsLeftAloneAndSaid() async throws {
        // given a's sidecar replaced by someone's notes, read by a scan
        let (f, _) = try await curated(.folder)
        let notes = Array("notes about the trip, not XMP\n".utf8)
        try f.addBytes("trip/a.jpg.xmp", notes)
        try await f.scan()
        // when the household changes a's stars and sidecars are written
        let store = try await f.openCatalog()
        try await store.setRating(photoId: try #require(try await store.photoId(forKey: "trip/a.jpg")), 2)
        try await f.writeSidecarsNow()
        // then the notes are as they were, and the scan page says why
        #expect(try await f.bytes("trip/a.jpg.xmp") == Data(notes))
        #expect(try await store.scanIssues().contains { $0.key == "trip/a.jpg.xmp" && $0.reason.contains("not an XMP packet") })
    }

    @Test func aReadOnlyLibraryKeepsTheCurationInTheCatalogAndSaysSo() async throws {
        let f = try GalleryFixture()
        f.writeSidecars = true
        f.readOnlyLibrary = true
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        let store = try await f.openCatalog()
        try await store.setRating(photoId: try #require(try await store.photoId(forKey: "trip/a.jpg")), 3)
        #expect(try await f.writeSidecarsNow() == 0)
        #expect(try await f.keys() == ["trip/a.jpg"])
        #expect(try await store.photo(key: "trip/a.jpg")?.card.rating == 3)
        try await f.withClient { client in
            let page = try await client.execute(uri: "/scan", method: .get).text
            #expect(page.contains("Sidecars are not written: the library is read-only"))
        }
    }

    @Test func otherProgramsSidecarsAreReadByEveryScanAndNothingIsWrittenUnasked() async throws {
        // given darktable's sidecar named after the file's stem and digiKam's after the whole name
        let f = try GalleryFixture()
        try f.addJPEG("roll/IMG_1.jpg", seed: 1)
        try f.addJPEG("roll/IMG_2.jpg", seed: 2)
        try f.addBytes("roll/IMG_1.xmp", Array(Self.darktableShaped.utf8))
        let digiKam = NSTemporaryDirectory() + "digikam-\(UUID().uuidString).xmp"
        defer { try? FileManager.default.removeItem(atPath: digiKam) }
        try TestImages.run("exiftool", ["-q", "-XMP-xmp:Rating=4", "-XMP-dc:Subject=Beach", "-XMP-dc:Description=Summer",
                                        "-XMP-digiKam:TagsList=People/Family", digiKam])
        try f.addBytes("roll/IMG_2.jpg.xmp", Array(try Data(contentsOf: URL(fileURLWithPath: digiKam))))
        // when the library is scanned
        try await f.scan()
        // then each file has what its sidecar said, and no sidecar is a photo or an error
        let store = try await f.openCatalog()
        let one = try #require(try await store.photo(key: "roll/IMG_1.jpg"))
        #expect(one.card.rating == 2 && Set(one.tags) == ["holiday", "night & day"])
        let two = try #require(try await store.photo(key: "roll/IMG_2.jpg"))
        #expect(two.card.rating == 4 && two.tags == ["Beach"] && two.caption == "Summer")
        #expect(try await store.scanIssues().isEmpty)
        #expect(try await store.count(.folder("roll")) == 2)
        // and with the setting off, curation made here is never written to a file
        try await store.setRating(photoId: one.photoId, 5)
        #expect(try await f.writeSidecarsNow() == 0)
        #expect(String(decoding: try #require(try await f.bytes("roll/IMG_1.xmp")), as: UTF8.self) == Self.darktableShaped)
        #expect(try await f.keys() == ["roll/IMG_1.jpg", "roll/IMG_1.xmp", "roll/IMG_2.jpg", "roll/IMG_2.jpg.xmp"])
    }

    @Test func aSidecarsNameIsMatchedWithoutCaseAsPairsAre() async throws {
        // given a camera's upper-case files, a stem sidecar in lower case, a whole-name one in
        // another case, and a folder of another case that holds no file
        let f = try GalleryFixture()
        try f.addJPEG("cam/IMG_7.JPG", seed: 1)
        try f.addJPEG("cam/IMG_8.JPG", seed: 2)
        try f.addBytes("cam/img_7.xmp", Array(Self.darktableShaped.utf8))
        try f.addBytes("cam/IMG_8.jpg.xmp", Array(XMPSidecar.merged(XMPSidecar.Curation(rating: 5), into: nil)!))
        try f.addBytes("CAM/IMG_7.xmp", Array(XMPSidecar.merged(XMPSidecar.Curation(rating: 1), into: nil)!))
        // when the library is scanned
        try await f.scan()
        // then each file has its own sidecar's word, and the other folder's says nothing to them
        let store = try await f.openCatalog()
        #expect(try await store.photo(key: "cam/IMG_7.JPG")?.card.rating == 2)
        #expect(try await store.photo(key: "cam/IMG_8.JPG")?.card.rating == 5)
        #expect(try await store.scanIssues().isEmpty)
    }

    static let darktableShaped = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:darktable="http://darktable.sf.net/"
            xmlns:dc="http://purl.org/dc/elements/1.1/" xmp:Rating="2" darktable:history_end="1">
           <darktable:history><rdf:Seq><rdf:li darktable:num="0" darktable:operation="exposure"/></rdf:Seq></darktable:history>
           <dc:subject><rdf:Bag><rdf:li>holiday</rdf:li><rdf:li>night &amp; day</rdf:li></rdf:Bag></dc:subject>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """
}
