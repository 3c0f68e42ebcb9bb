import Foundation
import Testing
import TestSupport

@testable import Imaging

@Suite("Per-decode deadlines and the decoder wire")
struct DecodeDeadlineTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    @Test("an ImageMagick decode past its own deadline is stopped, in this process, and the next one runs")
    func inProcessDeadline() throws {
        // given a PNG large enough that decoding it takes far longer than 10 ms
        let png = try workspace.convert("big.png", ["-size", "3000x3000", "plasma:", "-seed", "7"])
        // when it is rendered with a 10 ms deadline
        #expect(throws: ImagingError.timedOut(0.01)) {
            try Imaging.renderJPEGHere(fileAt: png, format: .png, width: 256, height: 256, fit: .cover, timeout: 0.01)
        }
        // then the same file renders with a sane deadline: the limit was the call's, not the process's
        let jpeg = try Imaging.renderJPEGHere(fileAt: png, format: .png, width: 256, height: 256, fit: .cover, timeout: 60)
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
    }

    @Test("a timeout off the wire cannot trap, whatever its value")
    func hostileTimeouts() {
        for value in [Double.nan, .infinity, -.infinity, -1, 0, 1e300, .leastNonzeroMagnitude] {
            #expect(Imaging.nanoseconds(value) >= 10_000_000)
        }
        #expect(Imaging.nanoseconds(2) == 2_000_000_000)
        #expect(ImagingError.timedOut(.nan).description.contains("longer than"))
    }

    @Test("placeholders are drawn without ImageMagick")
    func placeholderWithoutImageMagick() throws {
        // given / when
        let jpeg = Imaging.placeholderJPEG(width: 33, height: 21)
        // then it is a real JPEG of that size
        #expect(try Tool.dimensions(of: try workspace.write("p.jpg", jpeg)) == (33, 21))
    }

    @Test("lines are framed across any split, and an endless line is refused")
    func framing() throws {
        // given two answers sent as one stream, cut at every position
        let one = DecoderWire.Answer(error: .timedOut(30))
        let two = DecoderWire.Answer(error: .unreadable("bad"))
        let stream = [UInt8](try DecoderWire.encode(one)) + [UInt8](try DecoderWire.encode(two))
        for cut in 0...stream.count {
            var framer = DecoderWire.LineFramer()
            var lines: [[UInt8]] = []
            framer.append(stream[..<cut])
            while let line = try framer.nextLine() { lines.append(line) }
            framer.append(stream[cut...])
            while let line = try framer.nextLine() { lines.append(line) }
            // then both come out whole, whatever the cut
            #expect(try lines.map(DecoderWire.decodeAnswer) == [one, two])
        }
        // and a line that never ends is refused once past the limit, not buffered forever
        var framer = DecoderWire.LineFramer(limit: 16)
        framer.append([UInt8](repeating: 0x41, count: 17))
        #expect(throws: DecoderWire.Failure.lineTooLong) { try framer.nextLine() }
    }

    @Test("garbage on the wire is an error, never a trap")
    func garbage() throws {
        var generator = SeededGenerator(seed: 0x5EED_0003)
        for _ in 0..<500 {
            let line = (0..<Int.random(in: 0..<64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = try? DecoderWire.decodeRequest(line)
            _ = try? DecoderWire.decodeAnswer(line)
        }
        #expect(throws: DecoderWire.Failure.malformed) { try DecoderWire.decodeRequest(Array("{\"op\":1}".utf8)) }
        // a turn travels as degrees, an old request without one means none, and a half-turn of 45 is refused
        let turned = DecoderWire.Request(op: "render", path: "/a.jpg", format: .jpeg, width: 9, height: 9, rotation: .left)
        #expect(try DecoderWire.decodeRequest(Array(try DecoderWire.encode(turned).dropLast())) == turned)
        let plain = #"{"op":"render","path":"/a.jpg","format":"jpeg","width":9,"height":9,"fit":"cover","quality":82}"#
        #expect(try DecoderWire.decodeRequest(Array(plain.utf8)).rotation == nil)
        let odd = #"{"op":"render","path":"/a.jpg","format":"jpeg","width":9,"height":9,"fit":"cover","quality":82,"rotation":45}"#
        #expect(throws: DecoderWire.Failure.malformed) { try DecoderWire.decodeRequest(Array(odd.utf8)) }
        // and an answer's error comes back as the same error
        for error in [ImagingError.notAnImage, .tooManyPixels(9), .timedOut(2), .unreadable("x")] {
            #expect(throws: error) { try DecoderWire.Answer(error: error).check() }
        }
    }
}
