import Foundation
import Testing
import TestSupport

@testable import Imaging

@Suite("Grid and screen renditions through libjpeg-turbo")
struct TurboRenditionTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    /// Mean absolute difference per channel (0...255) between two renditions of the same size.
    private func difference(_ a: String, _ b: String) throws -> Double {
        let mean = try Tool.run("convert", [a, b, "-compose", "difference", "-composite", "-format", "%[fx:mean]", "info:"])
        return (Double(mean.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 1) * 255
    }

    private func both(_ source: String, width: Int, height: Int, fit: RenditionFit) throws -> (turbo: String, magick: String) {
        let turbo = try Imaging.renderJPEGHere(fileAt: source, format: .jpeg, width: width, height: height, fit: fit, quality: 90, turbo: true)
        let magick = try Imaging.renderJPEGHere(fileAt: source, format: .jpeg, width: width, height: height, fit: fit, quality: 90, turbo: false)
        let name = (source as NSString).lastPathComponent
        return (try workspace.write("turbo-\(width)x\(height)-\(name)", turbo), try workspace.write("magick-\(width)x\(height)-\(name)", magick))
    }

    @Test("every orientation, cover and fit, looks like ImageMagick's rendition", arguments: 1...8)
    func matchesImageMagick(orientation: Int) throws {
        // A picture with structure in both directions, so a wrong turn or flip shows.
        let source = try workspace.convert("o\(orientation).jpg", [
            "-size", "1600x1200", "gradient:red-blue", "(", "-size", "1600x1200", "gradient:yellow-black", "-rotate", "90", "-resize", "1600x1200!", ")",
            "-compose", "Multiply", "-composite", "-fill", "white", "-draw", "rectangle 100,100 500,300", "-quality", "92",
        ])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=\(orientation)", source])
        for (width, height, fit) in [(256, 256, RenditionFit.cover), (300, 100, .cover), (256, 256, .fit), (512, 512, .cover),
                                     (900, 900, .fit), (1600, 1600, .fit)] {
            let (turbo, magick) = try both(source, width: width, height: height, fit: fit)
            #expect(try Tool.dimensions(of: turbo) == (try Tool.dimensions(of: magick)))
            let mae = try difference(turbo, magick)
            #expect(mae < 6, "orientation \(orientation), \(width)x\(height) \(fit): mean difference \(mae)")
        }
    }

    @Test("the household's turn follows the EXIF orientation on both paths", arguments: [1, 6, 7])
    func turned(orientation: Int) throws {
        let source = try workspace.convert("t\(orientation).jpg", [
            "-size", "1200x800", "gradient:red-blue", "-fill", "white", "-draw", "rectangle 60,60 400,200", "-quality", "92",
        ])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=\(orientation)", source])
        let upright = try workspace.write("upright-\(orientation).jpg",
                                          try Imaging.renderJPEGHere(fileAt: source, format: .jpeg, width: 300, height: 300, fit: .fit, quality: 90, turbo: false))
        for rotation in [Rotation.right, .half, .left] {
            // What the turn should look like: the upright rendition, turned by ImageMagick's own tool.
            let expected = workspace.path("expected-\(orientation)-\(rotation.rawValue).png")
            try Tool.run("convert", [upright, "-rotate", "\(rotation.rawValue)", expected])
            for turbo in [true, false] {
                let jpeg = try Imaging.renderJPEGHere(fileAt: source, format: .jpeg, width: 300, height: 300, fit: .fit, quality: 90,
                                                      turbo: turbo, rotation: rotation)
                let made = try workspace.write("turned-\(orientation)-\(rotation.rawValue)-\(turbo).jpg", jpeg)
                #expect(try Tool.dimensions(of: made) == (try Tool.dimensions(of: expected)), "\(rotation) turbo \(turbo)")
                let mae = try difference(made, expected)
                #expect(mae < 6, "orientation \(orientation), \(rotation), turbo \(turbo): mean difference \(mae)")
            }
        }
        // A cover crop of a turned picture is the crop of what is shown, on both paths.
        let (wide, tall) = (try Imaging.renderJPEGHere(fileAt: source, format: .jpeg, width: 300, height: 100, fit: .cover, quality: 90,
                                                       turbo: true, rotation: .right),
                            try Imaging.renderJPEGHere(fileAt: source, format: .jpeg, width: 300, height: 100, fit: .cover, quality: 90,
                                                       turbo: false, rotation: .right))
        let (a, b) = (try workspace.write("cover-t-\(orientation).jpg", wide), try workspace.write("cover-m-\(orientation).jpg", tall))
        #expect(try Tool.dimensions(of: a) == (300, 100) && (try Tool.dimensions(of: b)) == (300, 100))
        #expect(try difference(a, b) < 6)
    }

    @Test("the rendition carries no metadata and uses 4:2:0 chroma")
    func stripped() throws {
        let source = try workspace.taggedJPEG()
        let jpeg = try #require(TurboRendition.render(jpeg: try workspace.bytes(source), orientation: 6, width: 256, height: 256, fit: .cover, quality: 82))
        let out = try workspace.write("out.jpg", jpeg)
        let tags = try Tool.run("exiftool", ["-s", "-s", "-s", "-EXIF:all", "-XMP:all", "-IPTC:all", out])
        #expect(tags.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "left: \(tags)")
        #expect(try Tool.run("identify", ["-format", "%[jpeg:sampling-factor]", out]) == "2x2,1x1,1x1")
    }

    @Test("decodes at the smallest scale that still covers the box")
    func scaleChoice() {
        // 4032x3024 into a 256 cover needs 342x256: 1/8 gives 504x378.
        let eighth = TurboRendition.smallestFactor(width: 4032, height: 3024, covering: 342, 256)
        #expect(TurboRendition.scaled(4032, eighth) == 504 && TurboRendition.scaled(3024, eighth) == 378)
        // 600x400 into 512 needs 768x512: nothing smaller than the whole picture will do.
        let whole = TurboRendition.smallestFactor(width: 600, height: 400, covering: 768, 512)
        #expect(whole.num == whole.denom)
        // 2000x1000 needing 512x256 may decode at 2/7 (572x286), never at 1/4 (500x250).
        let factor = TurboRendition.smallestFactor(width: 2000, height: 1000, covering: 512, 256)
        #expect(TurboRendition.scaled(2000, factor) >= 512 && TurboRendition.scaled(1000, factor) >= 256)
    }

    @Test("CMYK, truncated and non-JPEG bytes are left to ImageMagick")
    func fallsBack() throws {
        let cmyk = try workspace.convert("cmyk.jpg", ["-size", "300x200", "gradient:cyan-magenta", "-colorspace", "CMYK"])
        #expect(TurboRendition.render(jpeg: try workspace.bytes(cmyk), orientation: 1, width: 64, height: 64, fit: .cover, quality: 82) == nil)
        // Through the public entry the CMYK picture still renders, by ImageMagick.
        let rendered = try Imaging.renderJPEGHere(fileAt: cmyk, format: .jpeg, width: 64, height: 64, fit: .cover)
        #expect(ImageFormat.sniff(rendered) == .jpeg)
        let whole = try workspace.bytes(try workspace.taggedJPEG())
        #expect(TurboRendition.render(jpeg: Array(whole.prefix(whole.count / 2)), orientation: 1, width: 64, height: 64, fit: .cover, quality: 82) == nil)
        #expect(TurboRendition.render(jpeg: Array("not a jpeg".utf8), orientation: 1, width: 64, height: 64, fit: .cover, quality: 82) == nil)
        // Larger than the screen rendition: ImageMagick, not this path.
        #expect(TurboRendition.render(jpeg: whole, orientation: 1, width: 2048, height: 2048, fit: .fit, quality: 82) == nil)
        #expect(TurboRendition.render(jpeg: whole, orientation: 1, width: 1600, height: 1600, fit: .fit, quality: 82) != nil)
    }

    @Test("orientation maps pixels as EXIF says")
    func orientationMapping() {
        // 3x2 image, pixels numbered 0...5 in the red channel, row by row.
        let image = Pixels(width: 3, height: 2, rgb: (0..<6).flatMap { [UInt8($0), 0, 0] })
        func reds(_ p: Pixels) -> [UInt8] { stride(from: 0, to: p.rgb.count, by: 3).map { p.rgb[$0] } }
        #expect(reds(image.oriented(1)) == [0, 1, 2, 3, 4, 5])
        #expect(reds(image.oriented(2)) == [2, 1, 0, 5, 4, 3])
        #expect(reds(image.oriented(3)) == [5, 4, 3, 2, 1, 0])
        #expect(reds(image.oriented(4)) == [3, 4, 5, 0, 1, 2])
        #expect(reds(image.oriented(5)) == [0, 3, 1, 4, 2, 5])
        #expect(reds(image.oriented(6)) == [3, 0, 4, 1, 5, 2])
        #expect(reds(image.oriented(7)) == [5, 2, 4, 1, 3, 0])
        #expect(reds(image.oriented(8)) == [2, 5, 1, 4, 0, 3])
        #expect(image.oriented(6).width == 2 && image.oriented(6).height == 3)
    }

    @Test("resizing keeps flat colour flat and averages every source pixel")
    func resizing() {
        let flat = Pixels(width: 50, height: 40, rgb: Array(repeating: 77, count: 50 * 40 * 3))
        let small = flat.resized(width: 7, height: 5)
        #expect(small.width == 7 && small.height == 5 && small.rgb.allSatisfy { $0 == 77 })
        let grown = flat.resized(width: 90, height: 81)
        #expect(grown.rgb.allSatisfy { $0 == 77 })
        for taps in Pixels.weights(from: 378, to: 256) {
            #expect(abs(taps.reduce(0) { $0 + $1.1 } - 1) < 0.0001)
        }
    }

    @Test("the resize gives byte for byte what one output pixel at a time gives")
    func resizeMatchesTheStraightforwardForm() {
        var random = SeededGenerator(seed: 23)
        // Shrinking a little (the screen's 2016 -> 1600), by more than two, growing, to one
        // pixel, and sizes where a tap sits exactly on the filter's edge.
        let cases = [(63, 47, 50, 37), (40, 30, 7, 5), (9, 6, 31, 20), (5, 4, 1, 1), (1, 1, 3, 2), (12, 8, 6, 4), (2016 / 8, 1512 / 8, 200, 150)]
        for (width, height, newWidth, newHeight) in cases {
            let image = Pixels(width: width, height: height, rgb: (0..<width * height * 3).map { _ in UInt8.random(in: 0...255, using: &random) })
            #expect(image.resized(width: newWidth, height: newHeight) == Self.straightforward(image, width: newWidth, height: newHeight),
                    "\(width)x\(height) -> \(newWidth)x\(newHeight)")
        }
        // The taps of every output are a run of neighbouring positions, which the resize relies on.
        for (from, to) in [(2016, 1600), (504, 320), (378, 256), (7, 90), (3, 1), (1, 5)] {
            for taps in Pixels.weights(from: from, to: to) {
                #expect(taps.map(\.0) == Array(taps[0].0..<taps[0].0 + taps.count))
            }
        }
        #expect([Float(-1), 0, 0.49, 0.5, 1.5, 2.4999, 254.5, 254.6, 255, 300].map(Pixels.byte) == [0, 0, 0, 1, 2, 2, 255, 255, 255, 255])
        // Rounding as `rounded()` does, around every half where the two could part, and at random.
        func rounded(_ value: Float) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
        var near: [Float] = []
        for whole in -1...256 {
            var up = Float(whole) + 0.5, down = up
            for _ in 0..<300 { near += [up, down]; up = up.nextUp; down = down.nextDown }
        }
        near += (0..<100_000).map { _ in Float.random(in: -2...258, using: &random) }
        near += [Float(0), Float.leastNonzeroMagnitude, Float(0.5).nextDown, Float(0.5).nextDown.nextDown, Float(254.5).nextDown, Float(255).nextDown]
        #expect(near.filter { Pixels.byte($0) != rounded($0) }.isEmpty)
    }

    /// The resize as first written: each output pixel its own sums, the vertical pass reading
    /// down a column. The fast one must match it exactly.
    static func straightforward(_ image: Pixels, width newWidth: Int, height newHeight: Int) -> Pixels {
        let horizontal = Pixels.weights(from: image.width, to: newWidth)
        let vertical = Pixels.weights(from: image.height, to: newHeight)
        var middle = [Float](repeating: 0, count: newWidth * image.height * 3)
        for row in 0..<image.height {
            for (x, taps) in horizontal.enumerated() {
                var r: Float = 0, g: Float = 0, b: Float = 0
                for (index, weight) in taps {
                    let at = (row * image.width + index) * 3
                    r += Float(image.rgb[at]) * weight
                    g += Float(image.rgb[at + 1]) * weight
                    b += Float(image.rgb[at + 2]) * weight
                }
                let to = (row * newWidth + x) * 3
                (middle[to], middle[to + 1], middle[to + 2]) = (r, g, b)
            }
        }
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
        func byte(_ value: Float) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
        for (y, taps) in vertical.enumerated() {
            for x in 0..<newWidth {
                var r: Float = 0, g: Float = 0, b: Float = 0
                for (index, weight) in taps {
                    let at = (index * newWidth + x) * 3
                    r += middle[at] * weight
                    g += middle[at + 1] * weight
                    b += middle[at + 2] * weight
                }
                let to = (y * newWidth + x) * 3
                (out[to], out[to + 1], out[to + 2]) = (byte(r), byte(g), byte(b))
            }
        }
        return Pixels(width: newWidth, height: newHeight, rgb: out)
    }
}
