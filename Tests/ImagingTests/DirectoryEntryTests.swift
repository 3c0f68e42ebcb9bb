import Foundation
import Testing

@testable import Imaging

/// An entry's name and type are read within its own record: the last record of `readdir`'s
/// buffer may end a page, and a read of the whole `dirent` past it faults.
@Suite struct DirectoryEntryTests {
    @Test func aRecordThatEndsAPageIsReadWithoutTouchingTheNext() throws {
        // given two pages, the second unreadable, and a short record at the very end of the first
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let memory = try #require(mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        #expect(memory != MAP_FAILED)
        defer { munmap(memory, 2 * page) }
        #expect(mprotect(memory + page, page, PROT_NONE) == 0)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let record = (nameOffset + "IMG_0001.jpg".utf8.count + 1 + 7) / 8 * 8
        let start = memory + page - record
        memset(start, 0, record)
        start.storeBytes(of: UInt16(record), toByteOffset: MemoryLayout<dirent>.offset(of: \dirent.d_reclen)!, as: UInt16.self)
        start.storeBytes(of: UInt8(DT_REG), toByteOffset: MemoryLayout<dirent>.offset(of: \dirent.d_type)!, as: UInt8.self)
        for (index, byte) in "IMG_0001.jpg".utf8.enumerated() { start.storeBytes(of: byte, toByteOffset: nameOffset + index, as: UInt8.self) }
        // when its name and type are read, then they are, and nothing past the record is
        let entry = start.assumingMemoryBound(to: dirent.self)
        #expect(entry.withNameBytes { String(decoding: $0, as: UTF8.self) } == "IMG_0001.jpg")
        #expect(entry.entryType == UInt8(DT_REG))
    }

    @Test func aRealFoldersEntriesAreNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("entries-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/Süd", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: folder + "/a.jpg", contents: Data())
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dir = try #require(opendir(folder))
        defer { closedir(dir) }
        var seen: [String: UInt8] = [:]
        while let entry = readdir(dir) { seen[entry.withNameBytes { String(decoding: $0, as: UTF8.self) }] = entry.entryType }
        #expect(Set(seen.keys) == [".", "..", "Süd", "a.jpg"])
        #expect(seen["Süd"] == UInt8(DT_DIR) || seen["Süd"] == UInt8(DT_UNKNOWN))
    }
}
