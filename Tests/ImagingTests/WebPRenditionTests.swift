import Foundation
import Testing

@testable import Imaging

/// Grid renditions in WebP: the same pixels as the JPEG, stored in fewer bytes.
@Suite("WebP renditions")
struct WebPRenditionTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    /// A photograph-like picture: a gradient with noise, so the encoders have detail to keep.
    private func photo(_ name: String) throws -> String {
        try workspace.convert(name, ["-size", "1200x900", "-seed", "7", "plasma:", "-blur", "0x1", "-quality", "92"])
    }

    @Test("a JPEG's grid rendition in WebP is WebP, of the box's size, and smaller than its JPEG", arguments: [true, false])
    func webpFromJPEG(turbo: Bool) throws {
        // given
        let path = try photo("a.jpg")
        // when
        let webp = try Imaging.renderJPEGHere(fileAt: path, format: .jpeg, width: 256, height: 256, fit: .cover,
                                              quality: RenditionEncoding.webp.quality, turbo: turbo, encoding: .webp)
        let jpeg = try Imaging.renderJPEGHere(fileAt: path, format: .jpeg, width: 256, height: 256, fit: .cover,
                                              quality: RenditionEncoding.jpeg.quality, turbo: turbo)
        // then
        #expect(ImageFormat.sniff(webp) == .webp && ImageFormat.sniff(jpeg) == .jpeg)
        let out = try workspace.write("out-\(turbo).webp", webp)
        #expect(try Tool.dimensions(of: out) == (256, 256))
        #expect(webp.count < jpeg.count, "WebP \(webp.count) bytes, JPEG \(jpeg.count)")
        // and it shows the same picture: the mean colours of the two agree closely
        let jpegPath = try workspace.write("out-\(turbo).jpg", jpeg)
        let means = try [out, jpegPath].map { try Tool.run("convert", [$0, "-format", "%[fx:int(255*mean)]", "info:"]) }
        let (a, b) = (Int(means[0].trimmingCharacters(in: .whitespacesAndNewlines)) ?? -99, Int(means[1].trimmingCharacters(in: .whitespacesAndNewlines)) ?? 99)
        #expect(abs(a - b) <= 3, "mean \(a) against \(b)")
    }

    @Test("a PNG with transparency becomes a WebP on white, like its JPEG")
    func webpFromPNG() throws {
        // given a transparent picture with one opaque red square
        let path = try workspace.convert("a.png", ["-size", "300x300", "xc:none", "-fill", "red", "-draw", "rectangle 0,0 149,299"])
        // when
        let webp = try Imaging.renderJPEGHere(fileAt: path, format: .png, width: 256, height: 256, fit: .cover, encoding: .webp)
        // then the right half is white, not black or see-through
        let out = try workspace.write("png.webp", webp)
        #expect(ImageFormat.sniff(webp) == .webp)
        let right = try Tool.run("convert", [out, "-crop", "100x256+156+0", "-alpha", "off", "-format", "%[fx:int(255*mean)]", "info:"])
        #expect(Int(right.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 250)
    }

    @Test("the encoding crosses the decoder workers' wire")
    func workerRenders() throws {
        // given
        let path = try photo("w.jpg")
        let request = DecoderWire.Request(op: "render", path: path, format: .jpeg, width: 512, height: 512, encoding: .webp)
        // when the request goes over the wire and back
        let decoded = try DecoderWire.decodeRequest(Array(try DecoderWire.encode(request).dropLast()))
        // then the encoding survives it; and a request without one is a JPEG's
        #expect(decoded.encoding == .webp)
        let line = try DecoderWire.encode(DecoderWire.Request(op: "render", path: path, format: .jpeg, width: 512, height: 512))
        #expect(!String(decoding: line, as: UTF8.self).contains("encoding"), "a JPEG request says nothing of it")
        #expect(try DecoderWire.decodeRequest(Array(line.dropLast())).encoding == nil)
    }
}
