import Foundation
import Testing

@testable import Imaging

@Suite("Every accepted format probes and renders")
struct ImagingFormatCoverageTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    /// HEIC only where this ImageMagick can write it to make the fixture.
    static let formats: [(String, ImageFormat)] =
        [("a.jpg", .jpeg), ("a.png", .png), ("a.gif", .gif), ("a.webp", .webp), ("a.tiff", .tiff)]
        + (Tool.canWriteHEIC ? [("a.heic", .heic)] : [])

    @Test("probes and renders", arguments: formats)
    func probesAndRenders(name: String, format: ImageFormat) throws {
        // given
        let path = try workspace.convert(name, ["-size", "160x120", "gradient:red-blue"])
        // when
        let probe = try Imaging.probe(fileAt: path, format: format)
        let jpeg = try Imaging.renderJPEG(fileAt: path, format: format, width: 64, height: 64, fit: .cover)
        // then
        #expect(probe.width == 160 && probe.height == 120 && probe.orientation == 1)
        let out = try workspace.write("out.jpg", jpeg)
        #expect(try Tool.dimensions(of: out) == (64, 64))
    }

    @Test("TIFF keeps make and model in its own tags, which the probe reads too")
    func tiffCamera() throws {
        // given
        let path = try workspace.convert("tagged.tiff", ["-size", "160x120", "gradient:red-blue"])
        try Tool.run("exiftool", [
            "-q", "-overwrite_original", "-Make=Nikon", "-Model=D850", "-Orientation#=8",
            "-DateTimeOriginal=2020:01:02 03:04:05", path,
        ])
        // when
        let probe = try Imaging.probe(fileAt: path, format: .tiff)
        // then
        #expect(probe.cameraMake == "Nikon")
        #expect(probe.cameraModel == "D850")
        #expect(probe.orientation == 8)
        #expect(probe.takenAt == Date(timeIntervalSince1970: 1_577_934_245))  // 2020-01-02T03:04:05Z
        #expect(probe.displayWidth == 120)
    }

    @Test("a file read with another format's coder is unreadable, not guessed", arguments: [
        ImageFormat.jpeg, .gif, .webp, .tiff,
    ])
    func coderIsForced(claimed: ImageFormat) throws {
        // given: a real PNG that ImageMagick would happily detect on its own
        let path = try workspace.convert("real.png", ["-size", "40x30", "xc:gray"])
        // when
        let error = #expect(throws: ImagingError.self) {
            try Imaging.renderJPEG(fileAt: path, format: claimed, width: 16, height: 16, fit: .fit)
        }
        // then
        guard case .unreadable = error else { Issue.record("unexpected \(String(describing: error))"); return }
    }
}
