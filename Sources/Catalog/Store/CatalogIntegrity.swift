import Foundation
import GRDB
import ServiceLifecycle
import Synchronization

/// When the SQLite catalog's whole-file check (`PRAGMA quick_check`, which reads every page) runs.
public enum CatalogCheck: Sendable {
    /// Before the store is handed out: a damaged catalog is refused by opening it. For every
    /// command, and the default.
    case beforeOpening
    /// Beside a server's first requests, which read while it runs. No write lands until the
    /// check has passed, and the catalog's service (`CatalogCapabilities.service`) ends the
    /// server when it finds damage. A catalog cut short is still refused when it is opened (its
    /// header names more pages than the file holds), and one with schema steps to take is checked
    /// before them. At a million photos the check reads 880 MB: 0.84 s from the page cache, 9.6 s
    /// from the disk, which the first answer no longer waits for.
    case whileServing
}

/// Whether the catalog file has passed its whole-file check. Every write of the SQLite catalog
/// waits here first (`SQLiteDatabase`), so nothing is written into a file not known to be whole:
/// not known to be whole is treated as damaged.
final class CatalogIntegrity: Sendable {
    private enum State {
        /// Waiters by number, so that one whose task is cancelled can leave.
        case checking([UInt64: CheckedContinuation<Void, any Error>], next: UInt64)
        case whole
        case damaged(CatalogError)

        var known: Result<Void, CatalogError>? {
            switch self {
            case .whole: .success(())
            case .damaged(let error): .failure(error)
            case .checking: nil
            }
        }
    }

    private let state: Mutex<State>

    private init(_ state: State) { self.state = Mutex(state) }

    /// A catalog checked already (or new, or in memory).
    static func whole() -> CatalogIntegrity { CatalogIntegrity(.whole) }

    /// A catalog whose check is under way; `settle` gives its verdict.
    static func checking() -> CatalogIntegrity { CatalogIntegrity(.checking([:], next: 0)) }

    /// Returns once the catalog is known to be whole; throws `CatalogError.damaged` if it is not,
    /// and `CancellationError` if the task is cancelled while the check runs.
    func passed() async throws {
        if let known = state.withLock({ $0.known }) { return try known.get() }
        let ticket = Mutex<UInt64?>(nil)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let known: Result<Void, any Error>? = state.withLock { state in
                    guard case .checking(var waiting, let next) = state else { return state.known.map { $0.mapError { $0 } } }
                    guard !Task.isCancelled else { return .failure(CancellationError()) }
                    waiting[next] = continuation
                    state = .checking(waiting, next: next + 1)
                    ticket.withLock { $0 = next }
                    return nil
                }
                if let known { continuation.resume(with: known) }
            }
        } onCancel: {
            let left: CheckedContinuation<Void, any Error>? = state.withLock { state in
                guard case .checking(var waiting, let next) = state, let number = ticket.withLock({ $0 }),
                      let continuation = waiting.removeValue(forKey: number) else { return nil }
                state = .checking(waiting, next: next)
                return continuation
            }
            left?.resume(throwing: CancellationError())
        }
    }

    /// The check's verdict: nil for whole, else the damage it found. Given once.
    func settle(_ damage: CatalogError?) {
        let waiting: [CheckedContinuation<Void, any Error>] = state.withLock { state in
            guard case .checking(let waiting, _) = state else { return [] }
            state = damage.map { .damaged($0) } ?? .whole
            return Array(waiting.values)
        }
        for continuation in waiting {
            if let damage { continuation.resume(throwing: damage) } else { continuation.resume() }
        }
    }

    /// Runs SQLite's check of every page of the catalog behind `reader` and says what it found:
    /// nil when whole. A check that cannot finish counts as damage found.
    static func check(_ reader: any DatabaseReader, path: String) -> CatalogError? {
        do {
            let verdict = try reader.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(5)") }
            return verdict == ["ok"] ? nil : damaged(path, verdict.joined(separator: "; "))
        } catch let error as DatabaseError {
            return damaged(path, "SQLite: \(error.message ?? "\(error.resultCode)")")
        } catch {
            return damaged(path, "the check could not finish (\(error))")
        }
    }

    /// Checks the catalog on a thread of its own, beside whatever reads it meanwhile.
    func checkInBackground(_ reader: any DatabaseReader, path: String) {
        Thread.detachNewThread { [self] in settle(Self.check(reader, path: path)) }
    }

    /// What a cheap look at the file's header finds wrong, without reading its pages: a file
    /// shorter than the pages its header counts was cut short. Only a catalog whose whole self
    /// is its file (no write-ahead log beside it with frames yet to be copied in) is judged.
    static func headerDamage(path: String) -> CatalogError? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 100), header.count == 100,
              let size = try? handle.seekToEnd() else { return nil }
        let bytes = [UInt8](header)
        guard bytes.starts(with: Array("SQLite format 3\0".utf8)) else { return nil }  // SQLite's own open says so
        if let wal = try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber, wal.int64Value > 0 { return nil }
        let word = { (at: Int) in bytes[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        let pages = word(28)
        // The count is SQLite's to trust only while its change counter and "valid for" agree.
        guard pageSize >= 512, pages > 0, word(24) == word(92) else { return nil }
        let expected = UInt64(pages) * UInt64(pageSize)
        guard size < expected else { return nil }
        return damaged(path, "the file holds \(size) bytes where its header counts \(pages) pages of \(pageSize), \(expected) bytes: it was cut short")
    }

    /// The catalog at `path` refused as damaged for `reason`, naming its newest backup.
    static func damaged(_ path: String, _ reason: String) -> CatalogError {
        .damaged(path: path, reason: reason, newestBackup: CatalogStore.newestBackup(forCatalog: path))
    }
}

/// The SQLite catalog's part of a server's service group: it waits for the catalog's check and
/// ends the group, naming the newest backup, if the check finds damage; a whole catalog's part
/// then waits for the group to shut down.
struct CatalogIntegrityWatch: Service {
    let integrity: CatalogIntegrity

    func run() async throws {
        try await cancelWhenGracefulShutdown { try await integrity.passed() }
        try? await gracefulShutdown()
    }
}
