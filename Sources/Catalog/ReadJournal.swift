import Foundation
import Synchronization

/// Notes which file is being read, before it is read, so that a crash inside a reader never
/// becomes a crash loop: the next start finds the note of the read that never finished and the
/// file is marked unreadable instead of being read again.
///
/// Each reader thread writes to a slot file of its own (`reading/<pid>-<n>` in the data folder)
/// with one `pwrite` before a read and one after: no fsync is needed, because the page cache
/// outlives a crashed process (only the process is the suspect here, not the machine).
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
    }

    /// A journal in `dataFolder/reading`. `PHOTOLALA_TEST_TRAP_ON=<file name>` makes every noted
    /// read of a file of that name trap, as a crashing parser would: a test hook.
    public init(dataFolder: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        folder = (dataFolder as NSString).appendingPathComponent("reading")
        trapOn = environment["PHOTOLALA_TEST_TRAP_ON"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Runs `body` with a slot of its own to note reads in; slots are reused, one per thread at a time.
    public func withSlot<T>(_ body: (Slot) throws -> T) rethrows -> T {
        let slot = idle.withLock { $0.popLast() } ?? makeSlot()
        defer { idle.withLock { $0.append(slot) } }
        return try body(slot)
    }

    /// Notes `entry`, runs `body` (the read), and clears the note.
    public func reading<T>(_ kind: Kind, _ entry: SourceEntry, _ body: () throws -> T) rethrows -> T {
        try withSlot { slot in
            slot.note(kind, entry)
            defer { slot.clear() }
            return try body()
        }
    }

    private func makeSlot() -> Slot {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = "\(getpid())-\(made.add(1, ordering: .relaxed).newValue)"
        let fd = open((folder as NSString).appendingPathComponent(name), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0o600)
        return Slot(fd: fd, trapOn: trapOn)
    }

    /// One reader's slot file: a length-prefixed record of the read under way, or "0" when none.
    public final class Slot: @unchecked Sendable {
        private let fd: Int32
        private let trapOn: String?

        init(fd: Int32, trapOn: String?) {
            self.fd = fd
            self.trapOn = trapOn
        }

        deinit { if fd >= 0 { close(fd) } }

        /// Notes that `entry` is about to be read. A journal that cannot be written (a full disk)
        /// does not stop the read: the journal is a safety net, not a gate.
        public func note(_ kind: Kind, _ entry: SourceEntry) {
            if fd >= 0 {
                let record = ReadJournal.record(kind, entry)
                _ = record.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            }
            if let trapOn, (entry.key as NSString).lastPathComponent == trapOn {
                fatalError("test hook: trapped while reading \(trapOn)")
            }
        }

        /// Notes that the read finished, however it ended.
        public func clear() {
            guard fd >= 0 else { return }
            _ = "0\n".utf8CString.dropLast().withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        }
    }

    /// "length\nkind\nsize\nmtimeNs\nkey": the length counts the bytes after its own line, so a
    /// shorter record written over a longer one needs no truncation.
    static func record(_ kind: Kind, _ entry: SourceEntry) -> [UInt8] {
        let body = Array("\(kind.rawValue)\n\(entry.size)\n\(entry.mtimeNs)\n\(entry.key)".utf8)
        return Array("\(body.count)\n".utf8) + body
    }

    /// Reads a slot file's bytes back; nil for an idle slot and for anything malformed.
    static func parse(_ bytes: [UInt8]) -> Interrupted? {
        guard let newline = bytes.firstIndex(of: 0x0A), newline <= 10,
              let length = Int(String(decoding: bytes[..<newline], as: UTF8.self)), length > 0,
              length <= bytes.count - newline - 1 else { return nil }
        let body = bytes[(newline + 1)..<(newline + 1 + length)]
        let fields = body.split(separator: 0x0A, maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4, let kind = Kind(rawValue: String(decoding: fields[0], as: UTF8.self)),
              let size = Int64(String(decoding: fields[1], as: UTF8.self)),
              let mtime = Int64(String(decoding: fields[2], as: UTF8.self)), !fields[3].isEmpty else { return nil }
        return Interrupted(kind: kind, entry: SourceEntry(key: String(decoding: fields[3], as: UTF8.self), size: size, mtimeNs: mtime))
    }

    /// The reads that were under way when an earlier process died, from the slot files of
    /// processes that are no longer running; those files are removed. Slots of another live
    /// process (a `photolala scan` beside the server, say) are left alone.
    public func recover() -> [Interrupted] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var found: [Interrupted] = []
        for name in names.sorted() {
            let path = (folder as NSString).appendingPathComponent(name)
            if let pid = name.split(separator: "-").first.flatMap({ Int32($0) }), pid != getpid(), pid > 0, kill(pid, 0) == 0 {
                continue
            }
            if let data = FileManager.default.contents(atPath: path), let read = Self.parse([UInt8](data.prefix(64 * 1024))) {
                found.append(read)
            }
            try? FileManager.default.removeItem(atPath: path)
        }
        return found
    }
}
