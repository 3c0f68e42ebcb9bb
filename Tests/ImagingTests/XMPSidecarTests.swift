import Foundation
import Testing
import TestSupport
@testable import Imaging

/// XMP sidecars: what digiKam and darktable write is read, what Photolala writes reads back, and
/// a merge keeps everything another program put there but the properties Photolala owns.
@Suite struct XMPSidecarTests {
    /// A sidecar as darktable writes one: one Description, its simple properties as attributes,
    /// the edit history as a sequence of attribute-only items.
    static let darktable = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:darktable="http://darktable.sf.net/"
            xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:lr="http://ns.adobe.com/lightroom/1.0/"
            xmp:Rating="2"
            darktable:xmp_version="5"
            darktable:history_end="2">
           <darktable:history>
            <rdf:Seq>
             <rdf:li darktable:num="0" darktable:operation="exposure" darktable:enabled="1" darktable:params="0000000000"/>
             <rdf:li darktable:num="1" darktable:operation="colorin" darktable:enabled="1" darktable:params="gz48eJxjZBgFo2AUjAIAADQAAQ=="/>
            </rdf:Seq>
           </darktable:history>
           <dc:subject>
            <rdf:Bag>
             <rdf:li>holiday</rdf:li>
             <rdf:li>night &amp; day</rdf:li>
            </rdf:Bag>
           </dc:subject>
           <lr:hierarchicalSubject>
            <rdf:Bag>
             <rdf:li>places|holiday</rdf:li>
            </rdf:Bag>
           </lr:hierarchicalSubject>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """

    /// What exiftool reads of a sidecar, as JSON.
    static func exiftool(_ bytes: [UInt8]) throws -> [String: Any] {
        let path = NSTemporaryDirectory() + "sidecar-\(UUID().uuidString).xmp"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try Spawn.run("/usr/bin/env", ["exiftool", "-j", "-G1", "-struct", path])
        #expect(outcome.ending.status == 0, "\(String(decoding: outcome.errors, as: UTF8.self))")
        let list = try JSONSerialization.jsonObject(with: Data(outcome.output)) as? [[String: Any]]
        return list?.first ?? [:]
    }

    /// A sidecar written by exiftool as digiKam's are shaped: a Description for each namespace,
    /// properties as elements, a colour label.
    static func digiKam() throws -> [UInt8] {
        let path = NSTemporaryDirectory() + "digikam-\(UUID().uuidString).xmp"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try TestImages.run("exiftool", ["-q", "-XMP-xmp:Rating=4", "-XMP-dc:Subject=Beach", "-XMP-dc:Subject=Family & Friends",
                                        "-XMP-digiKam:TagsList=People/Family", "-XMP-dc:Description=Summer", "-XMP-xmp:Label=Red", path])
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func whatPhotolalaWritesReadsBack() throws {
        let curation = XMPSidecar.Curation(rating: 5, tags: ["Beach", "<sea> & \"sun\""], caption: "Ada's first\nswim", rotation: 90,
                                           favoriteOf: ["ada", "bob"], label: XMPSidecar.favoriteLabel, privateTo: "Zoë & co")
        let bytes = try #require(XMPSidecar.merged(curation, fileOrientation: 1, into: nil))
        var read = XMPSidecar.read(bytes)
        #expect(read.orientation == 6)
        read.orientation = nil
        #expect(read == curation)
        // and exiftool reads it as the same
        let tags = try Self.exiftool(bytes)
        #expect(tags["XMP-xmp:Rating"] as? Int == 5)
        #expect(tags["XMP-dc:Subject"] as? [String] == ["Beach", "<sea> & \"sun\""])
        #expect(tags["XMP-dc:Description"] as? String == "Ada's first\nswim")
        #expect(tags["XMP-tiff:Orientation"] != nil && tags["XMP-xmp:Label"] as? String == "Favorite")
        // and written again over itself it is the same bytes
        #expect(XMPSidecar.merged(curation, fileOrientation: 1, into: bytes) == bytes)
        // and what is not XMP is neither merged into nor written over (another program's file)
        #expect(XMPSidecar.merged(curation, into: Array("not xml at all".utf8)) == nil)
    }

    @Test func darktablesSidecarIsReadAndItsHistoryKept() throws {
        let original = Array(Self.darktable.utf8)
        // what darktable said is read
        let read = XMPSidecar.read(original)
        #expect(read.rating == 2 && read.tags == ["holiday", "night & day"] && read.caption == nil && read.rotation == nil)
        // merged with the household's curation
        let merged = try #require(XMPSidecar.merged(XMPSidecar.Curation(rating: 4, tags: ["holiday", "Paris"], caption: "Eiffel", rotation: 0,
                                                                        favoriteOf: []), into: original))
        let again = XMPSidecar.read(merged)
        #expect(again.rating == 4 && again.tags == ["holiday", "Paris"] && again.caption == "Eiffel")
        // the history, its version and the hierarchical subjects are as they were
        let text = String(decoding: merged, as: UTF8.self)
        #expect(text.contains(#"<rdf:li darktable:num="1" darktable:operation="colorin" darktable:enabled="1" darktable:params="gz48eJxjZBgFo2AUjAIAADQAAQ=="/>"#))
        #expect(!text.contains(#"xmp:Rating="2""#))
        let tags = try Self.exiftool(merged)
        #expect(tags["XMP-xmp:Rating"] as? Int == 4)
        #expect(tags["XMP-darktable:Xmp_version"] as? Int == 5)
        #expect((tags["XMP-darktable:History"] as? [[String: Any]])?.count == 2)
        #expect(tags["XMP-lr:HierarchicalSubject"] as? [String] == ["places|holiday"])
        #expect(tags["XMP-dc:Subject"] as? [String] == ["holiday", "Paris"])
    }

    @Test func digiKamsSidecarIsReadAndItsTagsListAndColourLabelKept() throws {
        let original = try Self.digiKam()
        let read = XMPSidecar.read(original)
        #expect(read.rating == 4 && read.tags == ["Beach", "Family & Friends"] && read.caption == "Summer" && read.label == "Red")
        // merged with a favorite: the colour label another program set is kept
        let merged = try #require(XMPSidecar.merged(XMPSidecar.Curation(rating: 1, tags: [], caption: "", rotation: 180, favoriteOf: ["ada"],
                                                                        label: XMPSidecar.favoriteLabel), fileOrientation: 1, into: original))
        let tags = try Self.exiftool(merged)
        #expect(tags["XMP-xmp:Rating"] as? Int == 1)
        #expect(tags["XMP-xmp:Label"] as? String == "Red")
        #expect(tags["XMP-digiKam:TagsList"] as? [String] ?? (tags["XMP-digiKam:TagsList"] as? String).map { [$0] } == ["People/Family"])
        #expect(tags["XMP-dc:Subject"] == nil && tags["XMP-dc:Description"] == nil, "emptied: no tags, no caption")
        #expect(tags["XMP-tiff:Orientation"] != nil)
        let again = XMPSidecar.read(merged)
        #expect(again.rotation == 180 && again.favoriteOf == ["ada"] && again.orientation == 3)
    }

    @Test func aFavoriteLabelComesAndGoesWithTheFavorite() throws {
        let favorite = try #require(XMPSidecar.merged(XMPSidecar.Curation(rating: 0, favoriteOf: ["ada"], label: XMPSidecar.favoriteLabel), into: nil))
        #expect(XMPSidecar.read(favorite).label == "Favorite")
        let unmarked = try #require(XMPSidecar.merged(XMPSidecar.Curation(rating: 0, favoriteOf: []), into: favorite))
        #expect(XMPSidecar.read(unmarked).label == nil && XMPSidecar.read(unmarked).favoriteOf == nil)
    }

    @Test func turnsComposeWithTheFilesOwnOrientation() {
        #expect(XMPSidecar.orientation(1, turned: 90) == 6)
        #expect(XMPSidecar.orientation(6, turned: 90) == 3)
        #expect(XMPSidecar.orientation(8, turned: 180) == 6)
        #expect(XMPSidecar.orientation(2, turned: 90) == nil, "a mirrored file is left alone")
        #expect(XMPSidecar.rotation(from: 6, to: 3) == 90)
        #expect(XMPSidecar.rotation(from: 1, to: 8) == 270)
        #expect(XMPSidecar.rotation(from: 1, to: 5) == nil)
    }

    @Test func anyBytesAreReadAndMergedWithoutACrash() {
        // given hostile bytes: random, cut XMP, unclosed elements and quotes
        var generator = SeededGenerator(seed: 2029)
        let pieces = ["<rdf:Description", ">", "/>", "\"", "'", "<dc:subject>", "</dc:subject>", "<rdf:li>", "</rdf:li>", "xmp:Rating=",
                      "<xmp:Rating>", "</xmp:Rating>", " ", "\n", "é", "<photolala:Rotation>90", "&amp;", "<", "="]
        let ours = XMPSidecar.Curation(rating: 3, tags: ["a"], caption: "c", rotation: 90, favoriteOf: ["ada"])
        var mergedInto = 0
        for round in 0..<2_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            } else {
                // (most of them inside the start of a packet, so that they are merged into)
                let start = round % 4 == 1 ? "<x:xmpmeta><rdf:RDF><rdf:Description rdf:about=\"\">" : ""
                bytes = Array((start + (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()).utf8)
            }
            _ = XMPSidecar.read(bytes)
            // then what is merged into them says what Photolala wrote, or they are left alone,
            // and what is not an XMP packet always is
            let merged = XMPSidecar.merged(ours, into: bytes)
            if !bytes.isEmpty, !XMPSidecar.isPacket(bytes) { #expect(merged == nil, "round \(round)") }
            guard let merged else { continue }
            mergedInto += 1
            let read = XMPSidecar.read(merged)
            #expect(read.rating == 3 && read.rotation == 90 && read.tags == ["a"], "round \(round)")
        }
        #expect(mergedInto > 400)
    }

    @Test func aFileNamedLikeASidecarThatIsNoXMPPacketIsLeftAlone() {
        // given a text file, an empty description-less packet, and another program's XML
        let ours = XMPSidecar.Curation(rating: 2)
        for text in ["notes about the trip\n", "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"></x:xmpmeta>", "<?xml version=\"1.0\"?><gpx><trk/></gpx>"] {
            // when Photolala would write its curation there
            // then it does not, whatever the file says
            #expect(XMPSidecar.merged(ours, into: Array(text.utf8)) == nil, "\(text)")
        }
        // and an empty file or none is written afresh
        #expect(XMPSidecar.merged(ours, into: []).map { XMPSidecar.read($0).rating } == 2)
        #expect(XMPSidecar.merged(ours, into: nil).map { XMPSidecar.read($0).rating } == 2)
    }

    @Test func aValueXMPCannotHoldIsWrittenAsTheRestOfItAndNeverHoldsThePhotoBack() throws {
        // given a tag, a caption and an account name with characters XML 1.0 cannot hold
        let ours = XMPSidecar.Curation(tags: ["be\u{1}ach", "sun"], caption: "first\u{0B} swim\u{FFFF}", favoriteOf: ["a\u{7}da"])
        // when it is merged into a sidecar
        let merged = XMPSidecar.merged(ours, into: nil)
        // then it is written, and reads back as those values without the characters
        let read = XMPSidecar.read(try #require(merged))
        #expect(read.tags == ["beach", "sun"] && read.caption == "first swim" && read.favoriteOf == ["ada"])
    }
}
