import Foundation
import Testing

@testable import Imaging

@Suite("Rendering JPEG renditions")
struct ImagingRenderTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    /// Renders, writes the result beside the source and returns its path.
    private func render(
        _ path: String, _ format: ImageFormat, _ width: Int, _ height: Int, _ fit: RenditionFit
    ) throws -> String {
        let jpeg = try Imaging.renderJPEG(fileAt: path, format: format, width: width, height: height, fit: fit)
        #expect(ImageFormat.sniff(jpeg) == .jpeg)
        return try workspace.write("out-\(width)x\(height).jpg", jpeg)
    }

    @Test("cover fills the box exactly", arguments: [(256, 256), (300, 100), (100, 300)])
    func coverFillsBox(width: Int, height: Int) throws {
        // given
        let path = try workspace.convert("a.jpg", ["-size", "640x480", "gradient:red-blue"])
        // when
        let out = try render(path, .jpeg, width, height, .cover)
        // then
        #expect(try Tool.dimensions(of: out) == (width, height))
    }

    @Test("fit keeps the aspect ratio and never upscales")
    func fitKeepsAspect() throws {
        // given
        let path = try workspace.convert("a.png", ["-size", "640x480", "gradient:red-blue"])
        // when
        let shrunk = try render(path, .png, 256, 256, .fit)
        let unscaled = try render(path, .png, 1000, 1000, .fit)
        // then
        #expect(try Tool.dimensions(of: shrunk) == (256, 192))
        #expect(try Tool.dimensions(of: unscaled) == (640, 480))
    }

    @Test("large renditions resize a shrunk-on-load JPEG to the exact size")
    func largeRendition() throws {
        // given
        let path = try workspace.convert("big.jpg", ["-size", "3000x2000", "gradient:white-black"])
        // when
        let out = try render(path, .jpeg, 1440, 1440, .fit)
        // then
        #expect(try Tool.dimensions(of: out) == (1440, 960))
    }

    @Test("EXIF orientation is applied: a sideways 640x480 renders portrait")
    func appliesOrientation() throws {
        // given
        let path = try workspace.taggedJPEG(orientation: 6)
        // when
        let fitted = try render(path, .jpeg, 240, 240, .fit)
        // then
        #expect(try Tool.dimensions(of: fitted) == (180, 240))
    }

    @Test("the rendition carries no metadata and uses 4:2:0 chroma")
    func stripsMetadata() throws {
        // given
        let path = try workspace.taggedJPEG(orientation: 6)
        // when
        let out = try render(path, .jpeg, 128, 128, .cover)
        // then
        let tags = try Tool.run("exiftool", ["-s", "-DateTimeOriginal", "-Make", "-Model", "-Orientation", out])
        #expect(tags.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "left: \(tags)")
        let sampling = try Tool.run("identify", ["-format", "%[jpeg:sampling-factor]", out])
        #expect(sampling == "2x2,1x1,1x1")
    }

    @Test("a multi-frame GIF renders its first frame")
    func animatedGIF() throws {
        // given
        let path = try workspace.convert(
            "anim.gif", ["-size", "200x100", "xc:red", "xc:lime", "xc:blue", "-loop", "0"])
        // when
        let out = try render(path, .gif, 64, 64, .cover)
        // then
        #expect(try Tool.dimensions(of: out) == (64, 64))
        let colour = try Tool.run("convert", [out, "-format", "%[fx:int(255*mean.r)] %[fx:int(255*mean.b)]", "info:"])
        let channels = colour.split(separator: " ").compactMap { Int($0) }
        #expect(channels.count == 2 && channels[0] > 200 && channels[1] < 50, "mean red/blue: \(colour)")
    }

    @Test("an AVIF is sniffed, probed and rendered through libheif")
    func avif() throws {
        // given an AV1 still made by ImageMagick, a red picture 320 wide
        let path = try workspace.convert("still.avif", ["-size", "320x200", "xc:red", "-quality", "60"])
        // when
        let format = try ImageFormat.sniff(fileAt: path)
        let probe = try Imaging.probe(fileAt: path, format: .avif)
        let out = try render(path, .avif, 256, 256, .fit)
        // then
        #expect(format == .avif && probe.width == 320 && probe.height == 200)
        #expect(try Tool.dimensions(of: out) == (256, 160))
        let red = try Tool.run("convert", [out, "-format", "%[fx:int(255*mean.r)]", "info:"])
        #expect((Int(red.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 200, "mean red: \(red)")
    }

    @Test("transparency becomes white, not black")
    func flattensAlpha() throws {
        // given
        let path = try workspace.convert("clear.png", ["-size", "50x50", "xc:none"])
        // when
        let out = try render(path, .png, 50, 50, .fit)
        // then
        let mean = try Tool.run("convert", [out, "-format", "%[fx:int(255*mean)]", "info:"])
        #expect(Int(mean) ?? 0 > 240)
    }

    @Test("a truncated JPEG renders what it can or is unreadable, never crashes")
    func truncatedJPEG() throws {
        // given
        let whole = try workspace.convert("whole.jpg", ["-size", "400x300", "plasma:fractal", "-quality", "90"])
        let bytes = try workspace.bytes(whole)
        let cut = try workspace.write("cut.jpg", Array(bytes.prefix(bytes.count / 2)))
        // when
        do {
            let jpeg = try Imaging.renderJPEG(fileAt: cut, format: .jpeg, width: 100, height: 100, fit: .cover)
            // then
            #expect(ImageFormat.sniff(jpeg) == .jpeg)
        } catch let error as ImagingError {
            // then
            guard case .unreadable = error else { Issue.record("unexpected \(error)"); return }
        }
    }

    @Test("a header past the pixel cap is refused before decoding")
    func pixelCap() throws {
        // given: 16000×16000 stays under ImageMagick's 16K side limit but over the 250 MP cap
        let path = try workspace.write("huge.png", PNGForge.header(width: 16_000, height: 16_000))
        // when / then
        #expect(throws: ImagingError.tooManyPixels(256_000_000)) {
            try Imaging.renderJPEG(fileAt: path, format: .png, width: 256, height: 256, fit: .cover)
        }
    }

    @Test("a box past the pixel cap is refused")
    func boxCap() throws {
        // given
        let path = try workspace.convert("small.png", ["-size", "10x10", "xc:gray"])
        // when / then
        #expect(throws: ImagingError.tooManyPixels(400_000_000)) {
            try Imaging.renderJPEG(fileAt: path, format: .png, width: 20_000, height: 20_000, fit: .cover)
        }
    }
}
