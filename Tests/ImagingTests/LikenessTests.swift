import Foundation
import Testing
import TestSupport

@testable import Imaging

@Suite("Likeness: the difference hash and the sharpness of a picture")
struct LikenessTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    /// A picture with structure at every scale (ImageMagick's plasma, the same for the same seed).
    private func scene(_ name: String, seed: Int, _ more: [String] = []) throws -> String {
        try workspace.convert(name, ["-seed", String(seed), "-size", "800x600", "plasma:", "-blur", "0x1"] + more + ["-quality", "92"])
    }

    private func measure(_ path: String, _ format: ImageFormat = .jpeg) throws -> Likeness {
        try Imaging.likenessHere(fileAt: path, format: format)
    }

    @Test("a recompressed, resized, brightened or slightly cropped copy stays close; another scene does not")
    func closeAndFar() throws {
        let original = try scene("original.jpg", seed: 11)
        let base = try measure(original)
        let copies = [
            try workspace.convert("q40.jpg", [original, "-quality", "40"]),
            try workspace.convert("half.jpg", [original, "-resize", "50%"]),
            try workspace.convert("bright.jpg", [original, "-modulate", "112"]),
            try workspace.convert("crop.jpg", [original, "-gravity", "center", "-crop", "96%x96%+0+0", "+repage"]),
        ]
        for copy in copies {
            let distance = Likeness.distance(base.hash, try measure(copy).hash)
            #expect(distance <= 10, "\((copy as NSString).lastPathComponent): \(distance) bits")
        }
        for seed in [12, 13, 14] {
            let other = try scene("other-\(seed).jpg", seed: seed)
            let distance = Likeness.distance(base.hash, try measure(other).hash)
            #expect(distance > 12, "scene \(seed): only \(distance) bits from the original")
        }
    }

    @Test("a PNG of the same picture, read through ImageMagick, hashes as its JPEG does")
    func acrossFormats() throws {
        let original = try scene("scene.jpg", seed: 21)
        let png = try workspace.convert("scene.png", [original])
        #expect(Likeness.distance(try measure(original).hash, try measure(png, .png).hash) <= 4)
    }

    @Test("the picture is measured upright: a sideways file tagged to be turned matches the upright one")
    func upright() throws {
        let upright = try scene("upright.jpg", seed: 31)
        let sideways = try workspace.convert("sideways.jpg", [upright, "-rotate", "-90", "-quality", "92"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=6", sideways])
        #expect(Likeness.distance(try measure(upright).hash, try measure(sideways).hash) <= 6)
    }

    @Test("a blurred shot of the same scene is less sharp")
    func sharpness() throws {
        let sharp = try scene("sharp.jpg", seed: 41, ["-sharpen", "0x1"])
        let soft = try workspace.convert("soft.jpg", [sharp, "-blur", "0x4"])
        let (a, b) = (try measure(sharp), try measure(soft))
        #expect(b.sharpness < a.sharpness * 0.5, "sharp \(a.sharpness), blurred \(b.sharpness)")
        #expect(Likeness.distance(a.hash, b.hash) <= 12)
    }

    @Test("a video has no likeness; a file that is no picture is an error, not a crash")
    func refusals() throws {
        #expect(throws: ImagingError.notAnImage) { try Imaging.likenessHere(fileAt: "/nonexistent.mp4", format: .mp4) }
        let junk = try workspace.write("junk.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 1, 2, 3])
        #expect(throws: ImagingError.self) { try Imaging.likenessHere(fileAt: junk, format: .jpeg) }
    }

    @Test("the measures of grey pixels: gradients set every bit or none, a flat picture has no edges")
    func pure() throws {
        let (width, height) = (90, 80)
        let rising = (0..<(width * height)).map { UInt8(($0 % width) * 255 / (width - 1)) }
        let falling = rising.map { 255 - $0 }
        #expect(Likeness.of(grey: rising, width: width, height: height)?.hash == UInt64.max)
        #expect(Likeness.of(grey: falling, width: width, height: height)?.hash == 0)
        let flat = Likeness.of(grey: [UInt8](repeating: 128, count: 100), width: 10, height: 10)
        #expect(flat == Likeness(hash: 0, sharpness: 0))
        #expect(Likeness.of(grey: [1, 2, 3], width: 2, height: 2) == nil)
        #expect(Likeness.of(grey: [], width: 0, height: 0) == nil)
        #expect(Likeness.distance(0, UInt64.max) == 64)
    }

    @Test("any size of picture, however small or thin, is measured without a trap")
    func total() {
        var random = SeededGenerator(seed: 35)
        for _ in 0..<400 {
            let width = Int.random(in: 1...40, using: &random), height = Int.random(in: 1...40, using: &random)
            let grey = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let likeness = Likeness.of(grey: grey, width: width, height: height)
            #expect(likeness != nil)
            #expect((likeness?.sharpness ?? -1) >= 0)
        }
    }

    @Test("on the wire the hash is 16 hex digits, read back exactly; anything else is refused")
    func wire() throws {
        let likeness = Likeness(hash: 0xFEDC_BA98_7654_3210, sharpness: 123.5)
        let data = try JSONEncoder().encode(likeness)
        #expect(String(decoding: data, as: UTF8.self).contains("\"fedcba9876543210\""))
        #expect(try JSONDecoder().decode(Likeness.self, from: data) == likeness)
        for bad in [#"{"hash":"12","sharpness":1}"#, #"{"hash":"zzzzzzzzzzzzzzzz","sharpness":1}"#,
                    #"{"hash":"0000000000000000","sharpness":-1}"#, #"{"hash":18446744073709551615,"sharpness":1}"#] {
            #expect(throws: (any Error).self) { try JSONDecoder().decode(Likeness.self, from: Data(bad.utf8)) }
        }
    }
}

/// The grey picture likeness is measured on: decoded by libjpeg-turbo at a small scale, upright.
@Suite("Likeness: the grey decode")
struct LikenessGreyTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    @Test("a JPEG is decoded at the smallest scale that keeps the working side, turned upright, and never grown")
    func scaleAndOrientation() throws {
        let wide = try workspace.convert("wide.jpg", ["-size", "4032x3024", "gradient:black-white", "-rotate", "90", "-quality", "90"])
        let bytes = try #require(TurboRendition.readFile(wide))
        // 3024 x 4032 stored: 1/4 scale keeps 1008 on the longer side, 1/8 would leave 504
        let upright = try #require(TurboRendition.grey(jpeg: bytes, orientation: 1, longSide: Likeness.workingSide))
        #expect((upright.width, upright.height) == (756, 1008))
        #expect(upright.levels.count == 756 * 1008)
        // tagged to be turned a quarter, the picture comes out turned
        let turned = try #require(TurboRendition.grey(jpeg: bytes, orientation: 6, longSide: Likeness.workingSide))
        #expect((turned.width, turned.height) == (1008, 756))
        // a picture smaller than the side is decoded whole
        let small = try workspace.convert("small.jpg", ["-size", "300x200", "plasma:", "-quality", "90"])
        let smallBytes = try #require(TurboRendition.readFile(small))
        let whole = try #require(TurboRendition.grey(jpeg: smallBytes, orientation: 1, longSide: 512))
        #expect((whole.width, whole.height) == (300, 200))
    }

    @Test("the grey levels are the picture's luma: a grey JPEG decodes to its own levels")
    func levels() throws {
        let grey = try workspace.convert("grey.jpg", ["-size", "64x48", "xc:rgb(100,100,100)", "-quality", "100"])
        let greyBytes = try #require(TurboRendition.readFile(grey))
        let picture = try #require(TurboRendition.grey(jpeg: greyBytes, orientation: 1, longSide: 512))
        #expect(picture.levels.allSatisfy { abs(Int($0) - 100) <= 1 })
    }

    @Test("what the decoder cannot read is nil, not a trap")
    func refusals() {
        #expect(TurboRendition.grey(jpeg: [], orientation: 1, longSide: 512) == nil)
        #expect(TurboRendition.grey(jpeg: [0xFF, 0xD8, 0xFF, 0xDB, 0, 2], orientation: 1, longSide: 512) == nil)
        #expect(TurboRendition.grey(jpeg: [0xFF, 0xD8], orientation: 1, longSide: 0) == nil)
    }
}
