import Foundation
import Testing

@testable import Imaging

@Suite("Content identity")
struct ContentHasherTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    @Test("matches the SHA-256 test vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ])
    func knownVectors(text: String, digest: String) throws {
        // given
        let path = try workspace.write("vector", Array(text.utf8))
        // when
        let identity = try ContentHasher.identity(ofFileAt: path)
        // then
        #expect(identity == ContentIdentity(sha256: digest, size: Int64(text.utf8.count)))
    }

    @Test("streams files larger than one read and agrees with openssl")
    func agreesWithOpenSSL() throws {
        // given: 3.5 MiB, so the last of four reads is partial
        let bytes = (0..<(3 * 1_048_576 + 524_288)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        let path = try workspace.write("big.bin", bytes)
        let expected = try Tool.run("openssl", ["dgst", "-sha256", "-r", path]).prefix(64)
        // when
        let identity = try ContentHasher.identity(ofFileAt: path)
        // then
        #expect(identity.sha256 == String(expected))
        #expect(identity.size == Int64(bytes.count))
    }

    @Test("a missing file is unreadable")
    func missingFile() {
        // given
        let path = workspace.path("missing.jpg")
        // when
        let error = #expect(throws: ImagingError.self) { try ContentHasher.identity(ofFileAt: path) }
        // then
        guard case .unreadable = error else {
            Issue.record("expected .unreadable, got \(String(describing: error))")
            return
        }
    }
}
