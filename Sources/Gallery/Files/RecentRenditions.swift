import NIOCore
import Synchronization

/// The bytes of the small renditions (tiles, covers) served lately, held in memory up to a
/// budget, so a grid a phone scrolls through again is answered without opening a file. Renditions are named by
/// their content, so a kept copy is never stale; one whose picture is destroyed is dropped.
final class RecentRenditions: Sendable {
    private struct State {
        var entries: [RenditionCache.Key: (bytes: ByteBuffer, lastUse: UInt64)] = [:]
        var total = 0
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    /// Bytes kept at most.
    let budget: Int
    /// Larger renditions (the screen-sized one) are read from their file each time.
    let largest: Int

    init(budget: Int = 24 << 20, largest: Int = 64 << 10) {
        self.budget = budget
        self.largest = largest
    }

    /// The kept bytes of a rendition, or nil.
    func bytes(_ key: RenditionCache.Key) -> ByteBuffer? {
        state.withLock { s in
            guard var entry = s.entries[key] else { return nil }
            s.clock += 1
            entry.lastUse = s.clock
            s.entries[key] = entry
            return entry.bytes
        }
    }

    /// Keeps a rendition's bytes when small enough; past the budget, the least recently served
    /// fifth goes (one sort per many insertions, not one per request).
    func keep(_ key: RenditionCache.Key, _ bytes: ByteBuffer) {
        guard bytes.readableBytes <= largest else { return }
        state.withLock { s in
            s.clock += 1
            if let old = s.entries.updateValue((bytes, s.clock), forKey: key) { s.total -= old.bytes.readableBytes }
            s.total += bytes.readableBytes
            guard s.total > budget else { return }
            let goal = budget / 5 * 4
            for (old, entry) in s.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard s.total > goal else { break }
                s.entries[old] = nil
                s.total -= entry.bytes.readableBytes
            }
        }
    }

    /// Drops a rendition (its picture's last copy was destroyed).
    func drop(_ key: RenditionCache.Key) {
        state.withLock { s in
            if let old = s.entries.removeValue(forKey: key) { s.total -= old.bytes.readableBytes }
        }
    }

    /// Bytes and renditions kept now.
    var figures: (bytes: Int, count: Int) { state.withLock { ($0.total, $0.entries.count) } }
}
