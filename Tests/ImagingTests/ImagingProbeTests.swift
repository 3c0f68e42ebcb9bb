import Foundation
import Testing

@testable import Imaging

@Suite("Probing without decoding")
struct ImagingProbeTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    @Test("reads size, orientation, date and camera from EXIF")
    func readsExif() throws {
        // given
        let path = try workspace.taggedJPEG(orientation: 6)
        // when
        let probe = try Imaging.probe(fileAt: path, format: .jpeg)
        // then
        #expect(probe.format == .jpeg)
        #expect(probe.width == 640)
        #expect(probe.height == 480)
        #expect(probe.orientation == 6)
        #expect(probe.takenAt == Date(timeIntervalSince1970: 1_625_394_030))  // 2021-07-04T10:20:30Z
        #expect(probe.cameraMake == "Canon")
        #expect(probe.cameraModel == "EOS R6")
    }

    @Test("orientation 6 swaps the displayed width and height")
    func displaySizeSwaps() throws {
        // given
        let path = try workspace.taggedJPEG(orientation: 6)
        // when
        let probe = try Imaging.probe(fileAt: path, format: .jpeg)
        // then
        #expect(probe.displayWidth == 480)
        #expect(probe.displayHeight == 640)
    }

    @Test("an image without EXIF gets the defaults")
    func defaultsWithoutExif() throws {
        // given
        let path = try workspace.convert("plain.png", ["-size", "300x200", "xc:gray"])
        // when
        let probe = try Imaging.probe(fileAt: path, format: .png)
        // then
        #expect(probe == ImageProbe(format: .png, width: 300, height: 200))
        #expect(probe.displayWidth == 300)
    }

    @Test("reads the first frame of an animated GIF")
    func firstFrameOfGIF() throws {
        // given
        let path = try workspace.convert(
            "anim.gif", ["-size", "120x80", "xc:red", "xc:green", "xc:blue", "-loop", "0"])
        // when
        let probe = try Imaging.probe(fileAt: path, format: .gif)
        // then
        #expect(probe.width == 120)
        #expect(probe.height == 80)
    }

    @Test("text claimed to be a JPEG is unreadable")
    func textIsUnreadable() throws {
        // given
        let path = try workspace.write("fake.jpg", Array("not a jpeg, just words\n".utf8))
        // when
        let error = #expect(throws: ImagingError.self) { try Imaging.probe(fileAt: path, format: .jpeg) }
        // then
        guard case .unreadable = error else {
            Issue.record("expected .unreadable, got \(String(describing: error))")
            return
        }
    }

    @Test("EXIF dates parse as UTC or not at all", arguments: [
        ("2021:07:04 10:20:30", 1_625_394_030 as Double?),
        ("1970:01:01 00:00:00", 0),
        ("2024:02:29 23:59:59", 1_709_251_199),
        ("2021:07:04 10:20:30\u{0}", 1_625_394_030),
        ("0000:00:00 00:00:00", nil),
        ("2023:02:29 12:00:00", nil),
        ("2021:13:01 00:00:00", nil),
        ("2021:07:04 24:00:00", nil),
        ("    :  :     :  :  ", nil),
        ("", nil),
    ])
    func parsesExifDates(text: String, seconds: Double?) {
        // given / when
        let date = ExifDate.parse(text)
        // then
        #expect(date == seconds.map(Date.init(timeIntervalSince1970:)))
    }
}
