/// Puts a marker segment into a JPEG by hand, for shapes the tools do not write.
enum JPEGSegment {
    /// `jpeg` with a segment of `marker` and `body` right after its SOI.
    static func inserting(_ marker: UInt8, _ body: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let length = body.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body + Array(jpeg.dropFirst(2))
    }

    /// An APP1 XMP segment's body holding `packet`.
    static func xmp(_ packet: String) -> [UInt8] {
        Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(packet.utf8)
    }
}
