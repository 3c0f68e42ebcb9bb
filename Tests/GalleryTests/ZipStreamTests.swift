import Foundation
import Imaging
import TestSupport
import Testing
@testable import Gallery

@Suite struct ZipStreamTests {
    /// Runs a tool and returns what it printed, or throws with it.
    private func output(_ tool: String, _ args: [String]) throws -> String {
        let outcome = try Spawn.run("/usr/bin/env", [tool] + args)
        let text = String(decoding: outcome.output + outcome.errors, as: UTF8.self)
        guard outcome.ending.status == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: text]) }
        return text
    }

    /// An archive of `files`, each sent in chunks of `chunk` bytes.
    private func archive(_ files: [(String, [UInt8])], zip64: Bool, chunk: Int = 1000) throws -> [UInt8] {
        var stream = ZipStream()
        stream.alwaysZip64 = zip64
        var out: [UInt8] = []
        let names = ZipStream.uniqueNames(files.map(\.0))
        for ((_, bytes), name) in zip(files, names) {
            out += stream.begin(name: name, modified: Date(timeIntervalSince1970: 1_700_000_000), expectedSize: UInt64(bytes.count))
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                let part = bytes[start..<min(start + chunk, bytes.count)]
                out += part
                stream.update(part)
            }
            out += try stream.end()
        }
        out += stream.finish()
        #expect(stream.offset == UInt64(out.count))
        return out
    }

    @Test func crc32MatchesTheCheckValue() {
        var crc = CRC32()
        crc.update(Array("123456789".utf8))
        #expect(crc.value == 0xCBF4_3926)
        var split = CRC32()
        split.update(Array("1234".utf8))
        split.update(Array("56789".utf8)[...])
        #expect(split.value == 0xCBF4_3926)
    }

    @Test(arguments: [false, true])
    func unzipTestsAndUnpacksEveryFileByteForByte(zip64: Bool) throws {
        var random = SeededGenerator(seed: 21)
        let files: [(String, [UInt8])] = [
            ("2024/Trip/IMG_1.jpg", (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &random) }),
            ("2023/IMG_1.JPG", (0..<12_345).map { _ in UInt8.random(in: 0...255, using: &random) }),
            ("Café ünïcode.jpg", Array("tiny".utf8)),
            ("empty.png", []),
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("photos.zip").path
        try Data(try archive(files, zip64: zip64)).write(to: URL(fileURLWithPath: path))

        #expect(try output("unzip", ["-t", path]).contains("No errors detected"))
        let listed = try output("unzip", ["-Z1", path]).split(separator: "\n").map(String.init)
        #expect(listed == ["IMG_1.jpg", "IMG_1 (2).JPG", "Café ünïcode.jpg", "empty.png"])
        _ = try output("unzip", ["-q", path, "-d", folder.appendingPathComponent("out").path])
        for ((_, bytes), name) in zip(files, listed) {
            let unpacked = try Data(contentsOf: folder.appendingPathComponent("out").appendingPathComponent(name))
            #expect(Array(unpacked) == bytes, "\(name)")
        }
        // ZIP64 records where asked: every entry needs version 4.5 to extract
        let needs45 = try output("zipinfo", ["-v", path]).components(separatedBy: "minimum software version required to extract:   4.5").count - 1
        #expect(needs45 == (zip64 ? 4 : 0))
    }

    @Test func namesAreMadeUniqueAndSafe() {
        #expect(ZipStream.uniqueNames(["a/IMG.jpg", "b/img.JPG", "c/IMG.jpg", "noext", "d/noext", "../../etc/passwd", "x/..", "tab\there"])
                == ["IMG.jpg", "img (2).JPG", "IMG (3).jpg", "noext", "noext (2)", "passwd", "photo", "tab_here"])
    }

    @Test func datesBefore1980AndAfter2107AreClamped() {
        #expect(ZipStream.dosTime(Date(timeIntervalSince1970: 0)) == (0, 33))
        let (time, date) = ZipStream.dosTime(Date(timeIntervalSince1970: 1_700_000_000))  // 2023-11-14 22:13:20 UTC
        #expect(time == UInt16(22 << 11 | 13 << 5 | 10))
        #expect(date == UInt16(43 << 9 | 11 << 5 | 14))
    }
}
