import Foundation
import SourceContract
import Testing
import TestSupport

@testable import Catalog

/// A scan's plan made on every core (`photolala scan`) is the plan made one key at a time.
@Suite struct ScanPlanTests {
    /// A library of `count` files and what the catalog knew of them: most unchanged, some
    /// rewritten, some new, some recorded as failing (unchanged since, or not), and, when
    /// `vanishing`, some the walk no longer finds.
    static func library(_ count: Int, vanishing: Bool, seed: UInt64) -> (SourceListing, [String: FileState], [String: FileState]) {
        var generator = SeededGenerator(seed: seed)
        var entries: [SourceEntry] = []
        var known: [String: FileState] = [:]
        var failed: [String: FileState] = [:]
        for index in 0..<count {
            let entry = SourceEntry(key: "f\(index % 37)/IMG_\(index).jpg", size: Int64(1_000 + index), mtimeNs: Int64(index) * 1_000)
            let state = FileState(size: entry.size, mtimeNs: entry.mtimeNs)
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<80: known[entry.key] = state
            case 80..<88: known[entry.key] = FileState(size: entry.size - 1, mtimeNs: entry.mtimeNs)  // rewritten
            case 88..<94: break  // new
            case 94..<97: failed[entry.key] = state  // failed, unchanged since
            default: failed[entry.key] = FileState(size: 1, mtimeNs: 1)  // failed, changed since
            }
            entries.append(entry)
        }
        if vanishing {
            for index in 0..<25 { known["gone/\(index).jpg"] = FileState(size: 1, mtimeNs: 1) }
            known["unread/kept.jpg"] = FileState(size: 1, mtimeNs: 1)
            failed["gone/failed.jpg"] = FileState(size: 1, mtimeNs: 1)
        }
        return (SourceListing(entries: entries, unreadableFolders: vanishing ? ["unread"] : []), known, failed)
    }

    @Test(arguments: [false, true]) func onEveryCoreItIsThePlanMadeKeyByKey(_ vanishing: Bool) {
        // given a library of 12,000 files, with files vanished from it or not
        let (listing, known, failed) = Self.library(12_000, vanishing: vanishing, seed: vanishing ? 7 : 8)
        // when the plan is made on every core and one key at a time
        let everyCore = ScanPlan(listing: listing, known: known, failed: failed, onEveryCore: true)
        let keyByKey = ScanPlan(listing: listing, known: known, failed: failed)
        // then they agree on everything, in the listing's order
        #expect(everyCore.work.map(\.key) == keyByKey.work.map(\.key))
        #expect(everyCore.unchangedCount == keyByKey.unchangedCount && everyCore.knownFailures == keyByKey.knownFailures)
        #expect(everyCore.updates == keyByKey.updates)
        #expect(Set(everyCore.vanished) == Set(keyByKey.vanished) && everyCore.vanished.count == keyByKey.vanished.count)
        #expect(Set(everyCore.goneIssues) == Set(keyByKey.goneIssues))
        // and the plan is what the library says
        #expect(keyByKey.unchangedCount + keyByKey.work.count == 12_000 && !keyByKey.updates.isEmpty && keyByKey.knownFailures > 0)
        #expect(Set(keyByKey.vanished) == (vanishing ? Set((0..<25).map { "gone/\($0).jpg" }) : []))
        #expect(keyByKey.goneIssues == (vanishing ? ["gone/failed.jpg"] : []))
    }

    @Test func aLargeListingIsMatchedInAPartACore() throws {
        // given a library of 12,000 files, none vanished
        let (listing, known, failed) = Self.library(12_000, vanishing: false, seed: 9)
        // when it is matched in parts
        let parts = ScanPlan.matchedInParts(listing.entries, known: known, failed: failed)
        // then on a machine of more than one core there is a part a core, and every known key is matched
        let cores = ProcessInfo.processInfo.activeProcessorCount
        if cores > 1 {
            let parts = try #require(parts)
            #expect(parts.count == cores)
            #expect(parts.reduce(0) { $0 + $1.matched } == known.count)
        } else {
            #expect(parts == nil)
        }
        // and a small one is not split at all
        #expect(ScanPlan.matchedInParts(Array(listing.entries.prefix(100)), known: known, failed: failed) == nil)
    }
}
