import Foundation
import Testing
@testable import Gallery

@Suite struct MultipartParserTests {
    static let contentType = "multipart/form-data; boundary=XyZ"

    /// Feeds `body` in pieces of `size` bytes; the events of every piece, or the failure.
    func feed(_ body: String, pieceSize size: Int, maxHeaderBytes: Int = 64) -> Result<[MultipartParser.Event], MultipartParser.Failure> {
        var parser = try! MultipartParser(contentType: Self.contentType, maxHeaderBytes: maxHeaderBytes)
        let bytes = Array(body.utf8)
        var events: [MultipartParser.Event] = []
        for start in stride(from: 0, to: bytes.count, by: size) {
            do { events += try parser.feed(bytes[start..<min(bytes.count, start + size)]) } catch {
                return .failure(error as! MultipartParser.Failure)
            }
        }
        return .success(events)
    }

    @Test(arguments: [1, 3, 1000])
    func headersAndPaddingAreCappedWhereverTheBytesAreCut(size: Int) {
        // given: a part whose headers, and a delimiter whose padding, run past the cap
        let longHeaders = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\nX-Long: " + String(repeating: "h", count: 80) + "\r\n\r\n1\r\n--XyZ--"
        let longPadding = "--XyZ" + String(repeating: " ", count: 200) + "\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--XyZ--"
        // when / then: both fail the same way however they arrive
        #expect(feed(longHeaders, pieceSize: size) == .failure(.malformed("a part's headers are too long")))
        #expect(feed(longPadding, pieceSize: size) == .failure(.malformed("the padding after a boundary is too long")))
        // and within the cap they are read
        #expect(feed(longHeaders, pieceSize: size, maxHeaderBytes: 200) != .failure(.malformed("a part's headers are too long")))
    }

    @Test func holdsBackAtMostADelimiterOfABody() throws {
        var parser = try MultipartParser(contentType: Self.contentType)
        _ = try parser.feed(Array("--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a\"\r\n\r\n".utf8))
        let events = try parser.feed([UInt8](repeating: 7, count: 100_000))
        #expect(events.count == 1)
        #expect(parser.heldBack == "\r\n--XyZ".utf8.count - 1)
    }
}
