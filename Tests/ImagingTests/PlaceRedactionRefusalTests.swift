import Foundation
import Testing
import TestSupport

@testable import Imaging

/// Not known to be clean is unclean: a file whose structure is not positively understood gets
/// no patches (nil), and the link withholds it; and no input, however cut or mangled, traps.
@Suite struct PlaceRedactionRefusalTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    private func jpeg() throws -> [UInt8] {
        try workspace.bytes(try workspace.convert("a.jpg", ["-size", "32x24", "gradient:red-blue"]))
    }

    @Test func rawFilesAndUnreadContainersAreWithheld() throws {
        // given bytes a JPEG would be patched for
        let bytes = try jpeg()
        #expect(PlaceRedaction.patches(format: .jpeg, file: bytes) == [])
        // then as any RAW format, WebM, Matroska or AVI they are withheld
        for format in [ImageFormat.dng, .cr2, .cr3, .nef, .arw, .raf, .orf, .rw2, .pef, .webm, .mkv, .avi] {
            #expect(PlaceRedaction.patches(format: format, file: bytes) == nil, "\(format)")
        }
    }

    @Test func bytesThatAreNoneOfTheFormatsAreWithheld() {
        var random = SeededGenerator(seed: 71)
        let noise = (0..<4_096).map { _ in UInt8.random(in: 0...255, using: &random) }
        for format in ImageFormat.allCases {
            #expect(PlaceRedaction.patches(format: format, file: noise) == nil, "\(format)")
            #expect(PlaceRedaction.patches(format: format, file: []) == nil || format.isVideo, "\(format)")
        }
    }

    @Test func aJPEGThatDoesNotEndOrEndsInSomethingUnknownIsWithheld() throws {
        let bytes = try jpeg()
        // no EOI
        #expect(PlaceRedaction.patches(format: .jpeg, file: Array(bytes.dropLast(2))) == nil)
        // a trailer that is no JPEG and no clip
        #expect(PlaceRedaction.patches(format: .jpeg, file: bytes + Array("Lutetia".utf8)) == nil)
        // zeros after EOI are padding
        #expect(PlaceRedaction.patches(format: .jpeg, file: bytes + [0, 0, 0, 0]) == [])
    }

    @Test(arguments: [
        // a place element that is never closed
        "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF><rdf:Description><ps:City>Lutetia</rdf:Description></rdf:RDF></x:xmpmeta>",
        // a document type that could spell a value through entities
        "<!DOCTYPE x [<!ENTITY c 'Lutetia'>]><x:xmpmeta><ps:City>&c;</ps:City></x:xmpmeta>",
        // NUL bytes: not UTF-8 XMP
        "<x:xmpmeta>\0<\0p\0s\0:\0C\0i\0t\0y\0>\0</x:xmpmeta>",
    ])
    func xmpThatCannotBeReadThroughIsWithheld(_ packet: String) throws {
        let bytes = JPEGSegment.inserting(0xE1, JPEGSegment.xmp(packet), into: try jpeg())
        #expect(PlaceRedaction.patches(format: .jpeg, file: bytes) == nil)
    }

    @Test func aPhotoshopBlockThatDoesNotParseIsWithheld() throws {
        let block = Array("Photoshop 3.0\0".utf8) + Array("8BIM".utf8) + [0x04, 0x04, 0, 0, 0, 0, 0xFF, 0xFF]
        #expect(PlaceRedaction.patches(format: .jpeg, file: JPEGSegment.inserting(0xED, block, into: try jpeg())) == nil)
    }

    @Test func anUnknownApplicationSegmentIsZeroed() throws {
        // given an APP11 segment (where C2PA keeps JUMBF) that names a place
        let bytes = JPEGSegment.inserting(0xEB, Array("JP\0\0Lutetia".utf8), into: try jpeg())
        let clean = try PlaceOracle.redacted(bytes, .jpeg)
        #expect(clean.count == bytes.count)
        #expect(clean.firstRange(of: Array("Lutetia".utf8)) == nil)
    }

    @Test func cutsAndFlippedBytesNeverTrapAndPatchesStayInside() throws {
        // given a JPEG with places, and a PNG and a TIFF made from it
        let path = try workspace.convert("p.jpg", ["-size", "32x24", "gradient:red-blue"])
        try Tool.run("exiftool", ["-q", "-overwrite_original"] + PlaceOracle.position + PlaceOracle.xmpPlaces + PlaceOracle.iptcPlaces + [path])
        let files: [(ImageFormat, [UInt8])] = [
            (.jpeg, try workspace.bytes(path)),
            (.png, try workspace.bytes(try workspace.convert("p.png", [path]))),
            (.tiff, try workspace.bytes(try workspace.convert("p.tif", [path]))),
        ]
        var random = SeededGenerator(seed: 5)
        for (format, bytes) in files {
            for _ in 0..<200 {
                var mangled = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
                if !mangled.isEmpty, Bool.random(using: &random) { mangled[Int.random(in: 0..<mangled.count, using: &random)] ^= 0xFF }
                guard let patches = PlaceRedaction.patches(format: format, file: mangled) else { continue }
                #expect(patches.allSatisfy { $0.offset >= 0 && $0.offset + $0.bytes.count <= mangled.count })
            }
        }
    }

    @Test func theAsyncEntryPointReadsAsThePureOneAndRefusesTooLargeAFile() async throws {
        let bytes = try jpeg()
        let read: (Range<Int64>) async throws -> [UInt8] = { Array(bytes[Int($0.lowerBound)..<Int($0.upperBound)]) }
        let patches = await PlaceRedaction.patches(format: .jpeg, size: Int64(bytes.count), read: read)
        #expect(patches == PlaceRedaction.patches(format: .jpeg, file: bytes))
        #expect(await PlaceRedaction.patches(format: .jpeg, size: PlaceRedaction.largestFile + 1, read: read) == nil)
    }
}
