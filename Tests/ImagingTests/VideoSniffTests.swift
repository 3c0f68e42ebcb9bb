import Foundation
import Testing
import TestSupport

@testable import Imaging

@Suite("Sniffing video containers from bytes", .enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct VideoSniffTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    @Test("recognises every container ffmpeg writes", arguments: [
        ("a.mp4", TestVideos.Codec.h264, ImageFormat.mp4), ("a.mov", .h264, .mov), ("a.m4v", .h264, .m4v),
        ("a.3gp", .h264, .threeGP), ("a.webm", .vp9, .webm), ("a.mkv", .h264, .mkv), ("a.avi", .mpeg4, .avi),
        ("hevc.mp4", .hevc, .mp4),
    ])
    func recognisesContainers(name: String, codec: TestVideos.Codec, expected: ImageFormat) throws {
        // given
        let path = workspace.path(name)
        try TestVideos.write(to: path, codec: codec)
        // when
        let sniffed = try ImageFormat.sniff(fileAt: path)
        // then
        #expect(sniffed == expected)
        #expect(sniffed?.kind == .video)
        #expect(sniffed?.magickCoder == nil)
    }

    @Test("refuses look-alikes", arguments: [
        ("M4A audio", [0, 0, 0, 0x18] + Array("ftypM4A \u{0}\u{0}\u{0}\u{0}M4A mp42".utf8)),
        ("RIFF WAVE", Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)),
        ("EBML of another DocType", [0x1A, 0x45, 0xDF, 0xA3, 0x87, 0x42, 0x82, 0x84] + Array("dumb".utf8)),
        ("EBML DocType past the end", [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x8F] + Array("webm".utf8)),
        ("EBML with an empty size byte", [0x1A, 0x45, 0xDF, 0xA3, 0x00, 0x42, 0x82, 0x84] + Array("webm".utf8)),
        ("bare ftyp", Array("\u{0}\u{0}\u{0}\u{8}ftyp".utf8)),
    ] as [(String, [UInt8])])
    func refusesLookAlikes(label: String, bytes: [UInt8]) {
        // when
        let sniffed = ImageFormat.sniff(bytes)
        // then
        #expect(sniffed == nil, "\(label)")
    }

    @Test("reads WebM's DocType even when the header's size is unknown")
    func unknownHeaderSize() {
        // given
        let bytes: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x42, 0x82, 0x84]
            + Array("webm".utf8)
        // when
        let sniffed = ImageFormat.sniff(bytes)
        // then
        #expect(sniffed == .webm)
    }

    @Test("survives every cut of every committed video header")
    func everyCut() throws {
        // given
        let names = ["video-mp4.bin", "video-mov.bin", "video-webm.bin", "video-mkv.bin", "video-avi.bin", "video-3gp.bin"]
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FuzzCorpus.path("sniff/" + name))))
            // when / then: no cut traps, and the whole header is recognised
            for cut in 0...bytes.count { _ = ImageFormat.sniff(bytes.prefix(cut)) }
            #expect(ImageFormat.sniff(bytes)?.kind == .video, "\(name)")
        }
    }
}
