import Foundation

/// Motion photos made at test time: a JPEG (ImageMagick) whose XMP (exiftool) names the MP4
/// appended after it, in either of the two forms phones write.
public enum TestMotionPhotos {
    /// How the XMP names the clip.
    public enum Form: Sendable, CaseIterable {
        /// `GCamera:MicroVideoOffset`, the older form.
        case microVideo
        /// A `Container:Directory` with a `MotionPhoto` item.
        case container
    }

    /// A JPEG of `seed` with `clip` appended and named by the XMP; `claimed` overrides the length
    /// the XMP gives (to make one that lies).
    public static func jpeg(seed: Int, clip: [UInt8], form: Form = .microVideo, claimed: Int? = nil) throws -> [UInt8] {
        let folder = NSTemporaryDirectory() + "photolala-motion-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/motion.jpg"
        let length = claimed ?? clip.count
        switch form {
        case .microVideo:
            try TestImages.writeJPEG(to: path, seed: seed, exif: ["-XMP-GCamera:MicroVideo=1", "-XMP-GCamera:MicroVideoVersion=1",
                                                                    "-XMP-GCamera:MicroVideoOffset=\(length)"])
        case .container:
            try TestImages.writeJPEG(to: path, seed: seed)
            let packet = """
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
                <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" \
                xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/" \
                GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1"><Container:Directory><rdf:Seq>\
                <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>\
                <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(length)" Item:Padding="0"/></rdf:li>\
                </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
                """
            try Data(packet.utf8).write(to: URL(fileURLWithPath: folder + "/packet.xmp"))
            try TestImages.run("exiftool", ["-q", "-overwrite_original", "-xmp<=\(folder)/packet.xmp", path])
        }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) + clip
    }
}
