import Foundation
import Imaging
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Tells when anything changes in the library, through Linux inotify: one watch per folder (never
/// per file), so a tree of 100,000 photos in 2,000 folders costs 2,000 watches and a few hundred
/// KB of kernel memory. New folders are watched as they appear. Hidden entries are ignored.
final class LibraryWatcher: Sendable {
    private let root: String
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        var fd: Int32 = -1
        var folders: [Int32: String] = [:]
        var stopped = false
    }

    // inotify's flags, spelled out: Glibc does not import all of them into Swift.
    private static let inCloseWrite: UInt32 = 0x0008, inMovedFrom: UInt32 = 0x0040, inMovedTo: UInt32 = 0x0080
    private static let inCreate: UInt32 = 0x0100, inDelete: UInt32 = 0x0200, inDeleteSelf: UInt32 = 0x0400
    private static let inMoveSelf: UInt32 = 0x0800, inIgnored: UInt32 = 0x8000, inIsDir: UInt32 = 0x4000_0000
    private static let inOnlyDir: UInt32 = 0x0100_0000, inDontFollow: UInt32 = 0x0200_0000, inOverflow: UInt32 = 0x4000
    private static let interest = inCloseWrite | inMovedFrom | inMovedTo | inCreate | inDelete | inDeleteSelf | inMoveSelf | inOnlyDir | inDontFollow

    init(root: String, logger: Logger = Logger(label: "photolala.watch")) {
        self.root = root
        self.logger = logger
    }

    /// How many folders are watched.
    var watchedFolders: Int { state.withLock { $0.folders.count } }

    /// Starts watching; the stream yields once whenever something changed (several changes in a
    /// row may come as one). Throws when inotify is not available, so the caller can fall back
    /// to periodic rescans.
    func changes() throws -> AsyncStream<Void> {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw SourceError.cannotWatch("File watching is not available (inotify: \(String(cString: strerror(errno)))).") }
        state.withLock { $0.fd = fd }
        let added = watchTree(root)
        logger.info("watching the library for changes", metadata: ["folders": "\(added)"])
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let thread = Thread { [self] in self.readLoop(fd: fd, continuation: continuation) }
        thread.name = "photolala.watch"
        thread.start()
        continuation.onTermination = { [self] _ in self.stop() }
        return stream
    }

    /// Stops watching and ends the stream.
    func stop() {
        state.withLock { $0.stopped = true }
    }

    private func readLoop(fd: Int32, continuation: AsyncStream<Void>.Continuation) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !state.withLock({ $0.stopped }) {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 250) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            if handle(buffer[0..<count]) { continuation.yield() }
        }
        close(fd)
        state.withLock { $0.fd = -1; $0.folders.removeAll() }
        continuation.finish()
    }

    /// Applies a batch of events to the watch list; true when any of them matters to the catalog.
    private func handle(_ bytes: ArraySlice<UInt8>) -> Bool {
        var changed = false
        var offset = bytes.startIndex
        while offset + 16 <= bytes.endIndex {
            let (wd, mask, length) = bytes.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let base = raw.baseAddress! + (offset - bytes.startIndex)
                return (base.loadUnaligned(as: Int32.self), base.loadUnaligned(fromByteOffset: 4, as: UInt32.self),
                        Int(base.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
            }
            let nameBytes = bytes[(offset + 16)..<min(bytes.endIndex, offset + 16 + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += 16 + length
            if mask & Self.inOverflow != 0 { changed = true; continue }  // too much at once: rescan anyway
            if mask & Self.inIgnored != 0 { state.withLock { _ = $0.folders.removeValue(forKey: wd) }; continue }
            guard let folder = state.withLock({ $0.folders[wd] }) else { continue }
            if name.hasPrefix(".") { continue }  // hidden files, and our own upload temporaries
            if mask & Self.inIsDir != 0, mask & (Self.inCreate | Self.inMovedTo) != 0 { _ = watchTree(folder + "/" + name) }
            changed = true
        }
        return changed
    }

    /// Watches `path` and every folder under it that is not hidden; returns how many were added.
    private func watchTree(_ path: String) -> Int {
        let fd = state.withLock { $0.fd }
        guard fd >= 0 else { return 0 }
        var added = 0
        var pending = [path]
        while let folder = pending.popLast() {
            let wd = inotify_add_watch(fd, folder, Self.interest)
            if wd < 0 {
                if errno == ENOSPC {
                    logger.warning("the system's inotify watch limit is reached: changes in some folders show up at the next periodic rescan (raise fs.inotify.max_user_watches)")
                    return added
                }
                continue
            }
            state.withLock { $0.folders[wd] = folder }
            added += 1
            guard let dir = opendir(folder) else { continue }
            while let entry = readdir(dir) {
                let name = entry.withNameBytes { String(decoding: $0, as: UTF8.self) }
                if name.hasPrefix(".") { continue }
                var isFolder = entry.entryType == UInt8(DT_DIR)
                if entry.entryType == UInt8(DT_UNKNOWN) {
                    var st = stat()
                    isFolder = lstat(folder + "/" + name, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
                }
                if isFolder { pending.append(folder + "/" + name) }
            }
            closedir(dir)
        }
        return added
    }
}
