import Testing
@testable import Imaging

/// Where a motion photo's clip is, as its XMP says (`MotionPhoto`).
struct MotionPhotoTests {
    private func length(_ xmp: String) -> Int64? { MotionPhoto.clipLength(inXMP: Array(xmp.utf8)) }

    @Test func theOlderFormGivesTheOffsetFromTheEnd() {
        #expect(length("<x><GCamera:MicroVideoOffset>123456</GCamera:MicroVideoOffset></x>") == 123_456)
        #expect(length(#"<rdf:Description GCamera:MicroVideo="1" GCamera:MicroVideoOffset="2048"/>"#) == 2048)
    }

    @Test func theContainerFormGivesTheMotionPhotoItemsLength() {
        let xmp = #"""
            <Container:Directory><rdf:Seq>
            <rdf:li><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0"/></rdf:li>
            <rdf:li><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="4321" Item:Padding="0"/></rdf:li>
            </rdf:Seq></Container:Directory>
            """#
        #expect(length(xmp) == 4321)
    }

    @Test func nothingOrNonsenseNamesNoClip() {
        #expect(length("") == nil)
        #expect(length(#"<x GCamera:MicroVideoOffset="-5"/>"#) == nil)
        #expect(length(#"<x GCamera:MicroVideoOffset="99999999999999999999"/>"#) == nil)
        #expect(length(#"<x GCamera:MicroVideoOffset="4"/>"#) == nil, "too short to hold a box")
        #expect(length(#"<Container:Item Item:Semantic="Primary" Item:Length="300"/>"#) == nil)
        #expect(length(#"<p>MotionPhoto</p> Item:Length="300""#) == nil, "a length outside the item's element")
        #expect(length("MotionPhoto<") == nil && length("<MotionPhoto") == nil)
    }
}
