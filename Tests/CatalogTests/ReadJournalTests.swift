import Foundation
import TestSupport
import Testing
@testable import Catalog

@Suite struct ReadJournalTests {
    @Test func aRecordReadsBackAndGarbageReadsAsNothing() {
        // given a record written over a longer one, as a slot is reused
        let entry = SourceEntry(key: "2024/a\nb é.jpg", size: 1234, mtimeNs: -5)
        var bytes = ReadJournal.record(.scan, entry)
        let longer = ReadJournal.record(.render, SourceEntry(key: String(repeating: "x", count: 300), size: 1, mtimeNs: 1))
        bytes += longer.dropFirst(bytes.count)
        // when / then it reads back as what was written
        #expect(ReadJournal.parse(bytes) == ReadJournal.Interrupted(kind: .scan, entry: entry))
        // and the crash handler's mark, or a read done alone, makes it the culprit
        bytes[0] = ReadJournal.culpritMark
        #expect(ReadJournal.parse(bytes)?.culprit == true)
        #expect(ReadJournal.parse(ReadJournal.record(.scan, entry, alone: true))?.culprit == true)
        // and an idle slot, a torn record or nonsense reads as nothing
        for junk in ["0\n", "", "?99\nscan\n1\n2\nshort", "?5\nfoo\n1", "?-3\nscan", "?12345678901234567890\n", "?3\nscan\n\n\n",
                     "x5\nscan\n1\n2\na"] {
            #expect(ReadJournal.parse(Array(junk.utf8)) == nil, "\(junk)")
        }
    }

    @Test(arguments: SourceKind.allCases) func aReadThatNeverFinishedMarksItsFileAndTheScanSkipsIt(_ kind: SourceKind) async throws {
        // given a library whose "bad.jpg" was being read when an earlier process died
        let lib = try TestLibrary(kind)
        try lib.addJPEG("trip/good.jpg", seed: 1)
        try lib.addJPEG("trip/bad.jpg", seed: 2)
        let store = try lib.openStore()
        let bad = try #require(try await lib.source.entry(forKey: "trip/bad.jpg"))
        let folder = lib.data + "/reading"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dead = Int32.max - 1  // no such process
        var blamed = ReadJournal.record(.scan, bad)
        blamed[0] = ReadJournal.culpritMark  // as the crash handler marks the crashing thread's note
        try Data(blamed).write(to: URL(fileURLWithPath: "\(folder)/\(dead)-1"))
        // and an innocent read that was under way on another thread at the time
        let bystander = try #require(try await lib.source.entry(forKey: "trip/good.jpg"))
        try Data(ReadJournal.record(.scan, bystander)).write(to: URL(fileURLWithPath: "\(folder)/\(dead)-3"))
        try Data("0\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/\(dead)-2"))
        // and a live process's slot beside it (a scan running now), which must be left alone
        let live = "\(folder)/\(getppid())-1"
        try Data(ReadJournal.record(.scan, bad)).write(to: URL(fileURLWithPath: live))
        // when the next start recovers the journal
        let journal = ReadJournal(dataFolder: lib.data)
        let recovery = journal.recover()
        let marked = try await store.markStoppedReaders(recovery.culprits)
        // then only the blamed read is marked, the dead slots are gone and the live one stays
        #expect(marked.map(\.entry) == [bad])
        #expect(recovery.suspects.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["\(getppid())-1"])
        // and a scan reads only the good file, listing the bad one as having stopped the reader
        let summary = try await lib.scanner(store).run()
        #expect(summary.added == 1)
        #expect(try await store.photo(key: "trip/bad.jpg") == nil)
        let issues = try await store.scanIssues(limit: 10)
        #expect(issues.map(\.key) == ["trip/bad.jpg"])
        #expect(issues.first?.reason.contains("stopped the reader") == true)
        // and once the file changes it is read again
        try lib.addJPEG("trip/bad.jpg", seed: 3)
        try await lib.scanner(store).run()
        #expect(try await store.photo(key: "trip/bad.jpg") != nil)
    }

    @Test(arguments: SourceKind.allCases) func withNothingBlamedEveryReadUnderWayIsASuspectReadAloneFirst(_ kind: SourceKind) async throws {
        // given a process killed from outside while reading two files (no note blames either)
        let lib = try TestLibrary(kind)
        try lib.addJPEG("a.jpg", seed: 1)
        try lib.addJPEG("b.jpg", seed: 2)
        try lib.addJPEG("c.jpg", seed: 3)
        let store = try lib.openStore()
        let source = lib.source
        let folder = lib.data + "/reading"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (slot, key) in ["a.jpg", "b.jpg"].enumerated() {
            let entry = try #require(try await source.entry(forKey: key))
            try Data(ReadJournal.record(.scan, entry)).write(to: URL(fileURLWithPath: "\(folder)/\(Int32.max - 1)-\(slot)"))
        }
        // when the journal is recovered and the library scanned
        let journal = ReadJournal(dataFolder: lib.data)
        let recovery = journal.recover()
        let summary = try await LibraryScanner(source: source, store: store, journal: journal, workers: 2).run()
        // then nothing was blamed, both were suspects, and every file was read (the suspects alone first)
        #expect(recovery.culprits.isEmpty)
        #expect(Set(recovery.suspects.map(\.entry.key)) == ["a.jpg", "b.jpg"])
        #expect(summary.added == 3 && summary.errors == 0)
        #expect(journal.takeSuspects().isEmpty)
    }

    @Test func everyReadIsNotedBeforeAndClearedAfter() throws {
        // given a journal
        let lib = try TestLibrary()
        let journal = ReadJournal(dataFolder: lib.data)
        let entry = SourceEntry(key: "a.jpg", size: 1, mtimeNs: 2)
        // when a read is under way, its slot names it
        let during = journal.reading(.scan, entry) { () -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: journal.folder)) ?? []
            return names.compactMap { FileManager.default.contents(atPath: journal.folder + "/" + $0) }
                .compactMap { ReadJournal.parse([UInt8]($0)) }.map(\.entry.key)
        }
        // then it was there during the read and is cleared after
        #expect(during == ["a.jpg"])
        #expect(journal.recover() == ReadJournal.Recovery())
    }
}
