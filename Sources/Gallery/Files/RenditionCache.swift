import Foundation
import Imaging
import Synchronization

/// The rendition cache's index, held in memory: which renditions are on disk, how big each is
/// and when each was last served. A warm rendition is found here without a stat or an actor hop,
/// and when the cache passes its budget the least recently served ones are removed in the
/// background until it is back under nine tenths of it.
final class RenditionCache: Sendable {
    /// A rendition: the picture's hash as four words (compact: about 60 bytes an entry with the
    /// dictionary's own), its size, its turn and whether it is WebP (else JPEG).
    struct Key: Hashable, Sendable {
        var hash: (UInt64, UInt64, UInt64, UInt64)
        var size: UInt16
        var turn: UInt16
        var webp = false

        var encoding: RenditionEncoding { webp ? .webp : .jpeg }

        static func == (l: Key, r: Key) -> Bool {
            l.hash == r.hash && l.size == r.size && l.turn == r.turn && l.webp == r.webp
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash.0)
            hasher.combine(hash.1)
            hasher.combine(size)
            hasher.combine(turn)
            hasher.combine(webp)
        }
    }

    private struct Entry {
        var bytes: Int64
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var total: Int64 = 0
        /// Ticks of use; what the walk of the disk finds at start-up is older than any of them.
        var clock: UInt64 = 1 << 40
        var indexed = false
        var evicting = false
        var hits = 0, misses = 0, evicted = 0
    }

    /// What the metrics report.
    struct Figures: Sendable, Equatable {
        var bytes: Int64
        var files, hits, misses, evicted: Int
    }

    let root: String
    let budget: RenditionBudget
    private let state = Mutex(State())
    /// The free space of the cache's disk; a parameter so tests can pretend a disk of any size.
    private let freeSpace: @Sendable (String) -> Int64

    init(root: String, budget: RenditionBudget, freeSpace: @escaping @Sendable (String) -> Int64 = RenditionCache.freeSpace(at:)) {
        self.root = root
        self.budget = budget
        self.freeSpace = freeSpace
    }

    /// The cache file of a rendition.
    func path(_ key: Key) -> String {
        path(sha256: Self.hex(key.hash), size: Int(key.size), turn: Int(key.turn), encoding: key.encoding)
    }

    /// The cache file of a picture's rendition: `ab/<sha256>-<size>.jpg`, `-r90` (`-r180`, `-r270`)
    /// before `.jpg` for a turned one, `.webp` for WebP; what `key(fileName:)` reads back.
    func path(sha256: String, size: Int, turn: Int, encoding: RenditionEncoding = .jpeg) -> String {
        "\(root)/\(sha256.prefix(2))/\(sha256)-\(size)\(turn == 0 ? "" : "-r\(turn)").\(encoding.fileExtension)"
    }

    /// The cache file of a rendition when it is there, counted as served; nil when it is not.
    /// Until the start-up walk has finished, a file the index does not know yet is looked for on
    /// disk. `counting` is false for the read that follows making it (a miss, counted as such).
    func servedPath(_ key: Key, counting: Bool = true) -> String? {
        serve(key, counting: counting) ? path(key) : nil
    }

    /// Whether a rendition is there, counted as served when it is: `servedPath` without making
    /// the path, for a caller that may not need it (one whose bytes are held in memory).
    func serve(_ key: Key, counting: Bool = true) -> Bool {
        let known = state.withLock { s -> (known: Bool, indexed: Bool) in
            guard let index = s.entries.index(forKey: key) else { return (false, s.indexed) }
            s.clock += 1
            s.entries.values[index].lastUse = s.clock
            if counting { s.hits += 1 }
            return (true, true)
        }
        if known.known { return true }
        guard !known.indexed else { return false }
        var info = stat()
        guard stat(path(key), &info) == 0 else { return false }
        record(key, bytes: Int64(info.st_size), hit: counting ? true : nil)
        return true
    }

    /// Notes a rendition just written (a miss) or found on disk by the slow path (a hit; nil: not
    /// counted), and starts an eviction when the cache has passed its budget.
    func record(_ key: Key, bytes: Int64, hit: Bool? = false) {
        let startEviction = state.withLock { s -> Bool in
            s.clock += 1
            if let old = s.entries.updateValue(Entry(bytes: bytes, lastUse: s.clock), forKey: key) { s.total -= old.bytes }
            s.total += bytes
            switch hit {
            case true?: s.hits += 1
            case false?: s.misses += 1
            case nil: break
            }
            guard s.indexed, !s.evicting, overBudget(s.total) else { return false }
            s.evicting = true
            return true
        }
        if startEviction { Task.detached(priority: .background) { self.evict() } }
    }

    /// Forgets a rendition whose file is gone (deleted, or found missing when served).
    func remove(_ key: Key) {
        state.withLock { s in
            if let old = s.entries.removeValue(forKey: key) { s.total -= old.bytes }
        }
    }

    var figures: Figures {
        state.withLock { Figures(bytes: $0.total, files: $0.entries.count, hits: $0.hits, misses: $0.misses, evicted: $0.evicted) }
    }

    private func overBudget(_ total: Int64) -> Bool {
        guard let limit = budget.limit(cached: total, free: budget == .unlimited ? 0 : freeSpace(root)) else { return false }
        return total > limit
    }

    /// Reads what is on disk into the index, oldest first, then evicts if the cache is over its
    /// budget (a budget lowered since the last run). Run once, off the request path.
    func load() {
        var found: [(key: Key, bytes: Int64, modified: Int)] = []
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] where folder.utf8.count == 2 {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? [] {
                guard let key = Self.key(fileName: name) else { continue }
                var info = stat()
                guard stat(root + "/" + folder + "/" + name, &info) == 0 else { continue }
                found.append((key, Int64(info.st_size), info.st_mtim.tv_sec))
            }
        }
        found.sort { $0.modified < $1.modified }
        let startEviction = state.withLock { s -> Bool in
            for (tick, file) in found.enumerated() where s.entries[file.key] == nil {
                s.entries[file.key] = Entry(bytes: file.bytes, lastUse: UInt64(tick))
                s.total += file.bytes
            }
            s.indexed = true
            guard !s.evicting, overBudget(s.total) else { return false }
            s.evicting = true
            return true
        }
        if startEviction { evict() }
    }

    /// Removes the least recently served renditions until the cache holds at most nine tenths of
    /// its budget. A rendition served after the list was drawn up is kept.
    func evict() {
        defer { state.withLock { $0.evicting = false } }
        let (snapshot, total) = state.withLock { s in (s.entries.map { ($0.key, $0.value.lastUse) }, s.total) }
        guard let limit = budget.limit(cached: total, free: freeSpace(root)) else { return }
        let goal = limit / 10 * 9
        for (key, lastUse) in snapshot.sorted(by: { $0.1 < $1.1 }) {
            let removed = state.withLock { s -> Bool in
                guard s.total > goal, let entry = s.entries[key], entry.lastUse == lastUse else { return false }
                s.entries[key] = nil
                s.total -= entry.bytes
                s.evicted += 1
                return true
            }
            if removed { unlink(path(key)) }
            if state.withLock({ $0.total <= goal }) { break }
        }
    }

    /// The key of a rendition of this picture at this size.
    static func key(sha256: String, size: Int, turn: Int, encoding: RenditionEncoding = .jpeg) -> Key? {
        guard let hash = words(sha256), let size = UInt16(exactly: size), let turn = UInt16(exactly: turn) else { return nil }
        return Key(hash: hash, size: size, turn: turn, webp: encoding == .webp)
    }

    /// The key a cache file's name (`<sha256>-<size>[-r<turn>].jpg`, or `.webp`) stands for; nil
    /// for anything else (temporary files, strays).
    static func key(fileName name: String) -> Key? {
        guard let dot = name.lastIndex(of: "."), let encoding = RenditionEncoding(fileExtension: name[name.index(after: dot)...]) else {
            return nil
        }
        let parts = name[..<dot].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let size = Int(parts[1]), size > 0 else { return nil }
        var turn = 0
        if parts.count == 3 {
            guard parts[2].hasPrefix("r"), let value = Int(parts[2].dropFirst()), [90, 180, 270].contains(value) else { return nil }
            turn = value
        }
        return key(sha256: String(parts[0]), size: size, turn: turn, encoding: encoding)
    }

    /// 64 lowercase hex digits as four words; nil for anything else. Every warm rendition's
    /// request comes through here, so it allocates nothing and reads contiguous bytes.
    private static func words(_ hex: String) -> (UInt64, UInt64, UInt64, UInt64)? {
        var hex = hex
        return hex.withUTF8 { bytes -> (UInt64, UInt64, UInt64, UInt64)? in
            guard bytes.count == 64 else { return nil }
            var w: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            for part in 0..<4 {
                var word: UInt64 = 0
                for i in (part * 16)..<(part * 16 + 16) {
                    let c = bytes[i]
                    let nibble: UInt64
                    switch c {
                    case 48...57: nibble = UInt64(c - 48)
                    case 97...102: nibble = UInt64(c - 87)
                    default: return nil
                    }
                    word = word << 4 | nibble
                }
                switch part {
                case 0: w.0 = word
                case 1: w.1 = word
                case 2: w.2 = word
                default: w.3 = word
                }
            }
            return w
        }
    }

    private static func hex(_ hash: (UInt64, UInt64, UInt64, UInt64)) -> String {
        [hash.0, hash.1, hash.2, hash.3].map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Bytes free for this process on the disk holding `path` (0 when it cannot be read).
    @Sendable static func freeSpace(at path: String) -> Int64 {
        var info = statvfs()
        var folder = path
        // The cache folder may not exist yet: ask its nearest existing parent.
        while statvfs(folder, &info) != 0 {
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { return 0 }
            folder = parent
        }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}
