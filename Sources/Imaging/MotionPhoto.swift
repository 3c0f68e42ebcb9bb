import Foundation

/// A motion photo: a JPEG with a short MP4 appended, as Android phones save them (Google's
/// Camera and others, Samsung's among them). Its XMP says how long the clip at the end is, in one
/// of two ways: `GCamera:MicroVideoOffset` (the older form: the clip's length, counted from the
/// end of the file), or a `Container:Directory` whose `MotionPhoto` item gives its `Item:Length`.
/// Pure and total; what it answers is checked against the file's bytes before it is believed
/// (`Imaging.motionClipLength`).
enum MotionPhoto {
    /// The clip's length in bytes as the XMP packet says it, or nil when it names no clip.
    static func clipLength(inXMP bytes: [UInt8]) -> Int64? {
        let xml = String(decoding: bytes, as: UTF8.self)
        if let text = EmbeddedCuration.property("GCamera:MicroVideoOffset", in: xml), let length = plausible(text) {
            return length
        }
        // The newer form: the item whose semantic is MotionPhoto, read within its own element.
        var cursor = xml.startIndex
        while let semantic = xml.range(of: "MotionPhoto", range: cursor..<xml.endIndex) {
            cursor = semantic.upperBound
            guard let open = xml[..<semantic.lowerBound].lastIndex(of: "<"),
                  let close = xml[semantic.upperBound...].firstIndex(of: ">") else { continue }
            let element = String(xml[open...close])
            guard EmbeddedCuration.property("Item:Semantic", in: element) == "MotionPhoto" else { continue }
            if let text = EmbeddedCuration.property("Item:Length", in: element), let length = plausible(text) { return length }
        }
        return nil
    }

    /// A length worth checking against the file: positive and below a terabyte.
    private static func plausible(_ text: String) -> Int64? {
        guard let value = Int64(text.trimmingCharacters(in: .whitespaces)), value > 8, value < 1 << 40 else { return nil }
        return value
    }
}
