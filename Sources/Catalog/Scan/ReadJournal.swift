import Foundation
import Synchronization

/// Notes which file is being read, before it is read, so that a crash inside a reader never
/// becomes a crash loop: the next start finds the note of the read that never finished and the
/// file is marked unreadable instead of being read again.
///
/// Each reader thread writes to a slot file of its own (`reading/<pid>-<n>` in the data folder)
/// with one `pwrite` before a read and one after: no fsync is needed, because the page cache
/// outlives a crashed process (only the process is the suspect here, not the machine).
///
/// Several threads read at once, so a crash leaves several notes. The crashing thread marks its
/// own as the culprit (`CrashBlame`); the others are innocent bystanders. When no note is marked
/// (the process was killed from outside, or died where the handler could not run), every note
/// is a suspect, and the next scan reads the suspects one at a time, alone, before anything
/// else: a crash then leaves exactly one note, which is blamed at the start after.
public final class ReadJournal: Sendable {
    /// The folder the slot files live in.
    public let folder: String
    private let idle = Mutex<[Slot]>([])
    private let made = Atomic<Int>(0)
    private let trapOn: String?

    /// What a read was of.
    public enum Kind: String, Sendable {
        /// A file of the library, read by the scan.
        case scan
        /// A file of the library, rendered in the server process.
        case render
        /// A staged upload, named as the browser sent it.
        case upload
    }

    /// A read that was under way when its process died.
    public struct Interrupted: Sendable, Equatable {
        public var kind: Kind
        public var entry: SourceEntry
        /// Whether this read is known to have caused the crash (rather than merely been under way).
        public var culprit = false
    }

    /// What `recover()` found: the reads to blame, and the ones that may or may not have been.
    public struct Recovery: Sendable, Equatable {
        /// Reads that crashed their process: their files are marked unreadable.
        public var culprits: [Interrupted] = []
        /// Reads under way at a crash that no note blames: read again one at a time, alone.
        public var suspects: [Interrupted] = []

        /// Nothing found.
        public init() {}
    }

    /// The first byte of a note: in flight, in flight alone (a suspect's retry), or the culprit.
    static let inFlightMark = UInt8(ascii: "?"), aloneMark = UInt8(ascii: "R"), culpritMark = UInt8(ascii: "!")
    private let pendingSuspects = Mutex<[SourceEntry]>([])

    /// A journal in `dataFolder/reading`. `PHOTOLALA_TEST_TRAP_ON=<file name>` makes every noted
    /// read of a file of that name trap, as a crashing parser would: a test hook.
    public init(dataFolder: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        folder = (dataFolder as NSString).appendingPathComponent("reading")
        trapOn = environment["PHOTOLALA_TEST_TRAP_ON"].flatMap { $0.isEmpty ? nil : $0 }
        CrashBlame.installed
    }

    /// Runs `body` with a slot of its own to note reads in; slots are reused, one per thread at a time.
    public func withSlot<T>(_ body: (Slot) throws -> T) rethrows -> T {
        let slot = idle.withLock { $0.popLast() } ?? makeSlot()
        defer { idle.withLock { $0.append(slot) } }
        return try body(slot)
    }

    /// Notes `entry`, runs `body` (the read), and clears the note. `alone` says that nothing
    /// else is being read in this process meanwhile, so a crash can only be this read's.
    public func reading<T>(_ kind: Kind, _ entry: SourceEntry, alone: Bool = false, _ body: () throws -> T) rethrows -> T {
        try withSlot { slot in
            slot.note(kind, entry, alone: alone)
            defer { slot.clear() }
            return try body()
        }
    }

    private func makeSlot() -> Slot {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let number = made.add(1, ordering: .relaxed).newValue
        let fd = open((folder as NSString).appendingPathComponent("\(getpid())-\(number)"), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0o600)
        return Slot(fd: fd, index: number - 1, trapOn: trapOn)
    }

    /// One reader's slot file: a length-prefixed record of the read under way, or "0" when none.
    public final class Slot: @unchecked Sendable {
        private let fd: Int32
        private let index: Int
        private let trapOn: String?

        init(fd: Int32, index: Int, trapOn: String?) {
            self.fd = fd
            self.index = index
            self.trapOn = trapOn
        }

        deinit { if fd >= 0 { close(fd) } }

        /// Notes that `entry` is about to be read. A journal that cannot be written (a full disk)
        /// does not stop the read: the journal is a safety net, not a gate.
        public func note(_ kind: Kind, _ entry: SourceEntry, alone: Bool = false) {
            if fd >= 0 {
                let record = ReadJournal.record(kind, entry, alone: alone)
                _ = record.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
                CrashBlame.enter(index, fd: fd)
            }
            if let trapOn, (entry.key as NSString).lastPathComponent == trapOn {
                fatalError("test hook: trapped while reading \(trapOn)")
            }
        }

        /// Notes that the read finished, however it ended.
        public func clear() {
            guard fd >= 0 else { return }
            CrashBlame.leave(index)
            _ = "0\n".utf8CString.dropLast().withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        }
    }

    /// "?length\nkind\nsize\nmtimeNs\nkey": a mark byte (`?` or `R`, turned to `!` by the crash
    /// handler), then a length that counts the bytes after its own line, so a shorter record
    /// written over a longer one needs no truncation.
    static func record(_ kind: Kind, _ entry: SourceEntry, alone: Bool = false) -> [UInt8] {
        let body = Array("\(kind.rawValue)\n\(entry.size)\n\(entry.mtimeNs)\n\(entry.key)".utf8)
        return [alone ? aloneMark : inFlightMark] + Array("\(body.count)\n".utf8) + body
    }

    /// Reads a slot file's bytes back; nil for an idle slot and for anything malformed.
    static func parse(_ bytes: [UInt8]) -> Interrupted? {
        guard let mark = bytes.first, [inFlightMark, aloneMark, culpritMark].contains(mark) else { return nil }
        let bytes = Array(bytes.dropFirst())
        guard let newline = bytes.firstIndex(of: 0x0A), newline <= 10,
              let length = Int(String(decoding: bytes[..<newline], as: UTF8.self)), length > 0,
              length <= bytes.count - newline - 1 else { return nil }
        let body = bytes[(newline + 1)..<(newline + 1 + length)]
        let fields = body.split(separator: 0x0A, maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4, let kind = Kind(rawValue: String(decoding: fields[0], as: UTF8.self)),
              let size = Int64(String(decoding: fields[1], as: UTF8.self)),
              let mtime = Int64(String(decoding: fields[2], as: UTF8.self)), !fields[3].isEmpty else { return nil }
        return Interrupted(kind: kind, entry: SourceEntry(key: String(decoding: fields[3], as: UTF8.self), size: size, mtimeNs: mtime),
                           culprit: mark != inFlightMark)
    }

    /// The reads that were under way when an earlier process died, from the slot files of
    /// processes that are no longer running; those files are removed. Slots of another live
    /// process (a `photolala scan` beside the server, say) are left alone. A process whose notes
    /// blame none gives suspects, which `takeSuspects()` hands to the next scan.
    public func recover() -> Recovery {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return Recovery() }
        var byProcess: [Int32: [Interrupted]] = [:]
        for name in names.sorted() {
            let path = (folder as NSString).appendingPathComponent(name)
            let pid = name.split(separator: "-").first.flatMap { Int32($0) } ?? 0
            if pid != getpid(), pid > 0, kill(pid, 0) == 0 { continue }
            if let data = FileManager.default.contents(atPath: path), let read = Self.parse([UInt8](data.prefix(64 * 1024))) {
                byProcess[pid, default: []].append(read)
            }
            try? FileManager.default.removeItem(atPath: path)
        }
        var recovery = Recovery()
        for (_, reads) in byProcess.sorted(by: { $0.key < $1.key }) {
            let culprits = reads.filter(\.culprit)
            // Blamed notes clear the others; with none, all are suspects.
            if culprits.isEmpty { recovery.suspects += reads } else { recovery.culprits += culprits }
        }
        pendingSuspects.withLock { $0 += recovery.suspects.filter { $0.kind == .scan }.map(\.entry) }
        return recovery
    }

    /// The library files to read alone before anything else, once: suspects of an earlier crash.
    public func takeSuspects() -> [SourceEntry] {
        pendingSuspects.withLock { taken in defer { taken = [] }; return taken }
    }
}
