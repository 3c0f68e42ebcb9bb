import Testing

@testable import Imaging

@Suite("Placeholder renditions")
struct ImagingPlaceholderTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    @Test("placeholders have the asked size and are made once")
    func placeholder() throws {
        // given / when
        let first = Imaging.placeholderJPEG(width: 120, height: 80)
        let again = Imaging.placeholderJPEG(width: 120, height: 80)
        let path = try workspace.write("placeholder.jpg", first)
        // then
        #expect(first == again)
        #expect(try Tool.dimensions(of: path) == (120, 80))
    }
}
