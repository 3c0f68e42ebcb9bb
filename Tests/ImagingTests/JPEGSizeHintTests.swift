import Testing

@testable import Imaging

@Suite("The jpeg:size shrink-on-load hint")
struct JPEGSizeHintTests {
    @Test("hints the size the resize needs, in stored pixels", arguments: [
        // image w, h, box w, h, fit, expected hint, what libjpeg then decodes
        (4000, 3000, 256, 256, RenditionFit.cover, "342x256", "500x375"),
        (4000, 3000, 256, 256, .fit, "256x192", "500x375"),
        (4000, 3000, 1440, 1440, .fit, "1440x1080", "2000x1500"),
        (4000, 3000, 1440, 1440, .cover, "1920x1440", "2000x1500"),
        (4000, 3000, 1000, 100, .cover, "1000x750", "1000x750"),
        (4000, 1000, 256, 256, .fit, "256x64", "500x125"),
        (640, 480, 256, 256, .fit, "256x192", "320x240"),
    ])
    func table(
        width: Int, height: Int, boxWidth: Int, boxHeight: Int, fit: RenditionFit, hint: String, decoded: String
    ) throws {
        // given / when
        let made = try #require(
            JPEGSizeHint.forImage(width: width, height: height, boxWidth: boxWidth, boxHeight: boxHeight, fit: fit))
        let size = JPEGSizeHint.decodedSize(width: width, height: height, hint: made)
        // then
        #expect(made.description == hint)
        #expect("\(size.width)x\(size.height)" == decoded)
    }

    @Test("gives no hint when no power-of-two shrink is possible", arguments: [
        (4000, 3000, 2048, 2048, RenditionFit.fit),
        (640, 480, 1024, 1024, .fit),
        (640, 480, 1024, 1024, .cover),
        (640, 480, 400, 400, .cover),
    ])
    func noHint(width: Int, height: Int, boxWidth: Int, boxHeight: Int, fit: RenditionFit) {
        // given / when
        let hint = JPEGSizeHint.forImage(width: width, height: height, boxWidth: boxWidth, boxHeight: boxHeight, fit: fit)
        // then
        #expect(hint == nil)
    }

    @Test("a panorama shrinks more than a square hint would allow")
    func beatsSquareHint() throws {
        // given: the box side as a naive square hint
        let naive = JPEGSizeHint(width: 256, height: 256)
        // when
        let hint = try #require(JPEGSizeHint.forImage(width: 4000, height: 1000, boxWidth: 256, boxHeight: 256, fit: .fit))
        // then
        #expect(JPEGSizeHint.decodedSize(width: 4000, height: 1000, hint: hint) == (500, 125))
        #expect(JPEGSizeHint.decodedSize(width: 4000, height: 1000, hint: naive) == (1500, 375))
    }

    @Test("orientations 5 to 8 turn the box before hinting")
    func turnsTheBoxForSidewaysImages() throws {
        // given: stored landscape, displayed portrait, asked for a portrait box
        let probe = ImageProbe(format: .jpeg, width: 4000, height: 3000, orientation: 6)
        // when
        let hint = try #require(JPEGSizeHint.forImage(probe, boxWidth: 750, boxHeight: 1000, fit: .fit))
        // then
        #expect(hint.description == "1000x750")
    }

    @Test("the decoded image always covers what the resize needs")
    func decodedNeverSmallerThanNeeded() {
        // given
        let sizes = [(4000, 3000), (6000, 4000), (3024, 4032), (8000, 1200), (1201, 1199), (999, 10)]
        let boxes = [(64, 64), (256, 256), (300, 200), (720, 720), (1440, 1440), (1000, 90)]
        for (width, height) in sizes {
            for (boxWidth, boxHeight) in boxes {
                for fit in [RenditionFit.cover, .fit] {
                    // when
                    guard let hint = JPEGSizeHint.forImage(
                        width: width, height: height, boxWidth: boxWidth, boxHeight: boxHeight, fit: fit)
                    else { continue }
                    let decoded = JPEGSizeHint.decodedSize(width: width, height: height, hint: hint)
                    let s = RenditionGeometry.scale(
                        width: width, height: height, boxWidth: boxWidth, boxHeight: boxHeight, fit: fit)
                    let need = (width: Double(width) * s, height: Double(height) * s)
                    // then
                    #expect(Double(decoded.width) >= need.width, "\(width)x\(height) into \(boxWidth)x\(boxHeight)")
                    #expect(Double(decoded.height) >= need.height, "\(width)x\(height) into \(boxWidth)x\(boxHeight)")
                }
            }
        }
    }
}
