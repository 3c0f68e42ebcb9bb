import Testing

@testable import Imaging

@Suite("Fitting an image into a box")
struct RenditionGeometryTests {
    @Test("plans a centred crop and a resize", arguments: [
        // image, box, fit -> crop origin and size, resize
        (640, 480, 256, 256, RenditionFit.cover, 80, 0, 480, 480, 256, 256),
        (480, 640, 256, 256, .cover, 0, 80, 480, 480, 256, 256),
        (640, 480, 300, 100, .cover, 0, 133, 640, 213, 300, 100),
        (100, 50, 256, 256, .cover, 25, 0, 50, 50, 256, 256),
        (10000, 10, 256, 256, .cover, 4995, 0, 10, 10, 256, 256),
        (640, 480, 256, 256, .fit, 0, 0, 640, 480, 256, 192),
        (100, 50, 256, 256, .fit, 0, 0, 100, 50, 100, 50),
        (4000, 3000, 1440, 1440, .fit, 0, 0, 4000, 3000, 1440, 1080),
        (10000, 10, 256, 256, .fit, 0, 0, 10000, 10, 256, 1),
    ])
    func plans(
        width: Int, height: Int, boxWidth: Int, boxHeight: Int, fit: RenditionFit,
        cropX: Int, cropY: Int, cropWidth: Int, cropHeight: Int, resizeWidth: Int, resizeHeight: Int
    ) {
        // given / when
        let plan = RenditionGeometry.plan(width: width, height: height, boxWidth: boxWidth, boxHeight: boxHeight, fit: fit)
        // then
        #expect(
            plan
                == RenditionGeometry(
                    cropX: cropX, cropY: cropY, cropWidth: cropWidth, cropHeight: cropHeight,
                    resizeWidth: resizeWidth, resizeHeight: resizeHeight))
    }
}
