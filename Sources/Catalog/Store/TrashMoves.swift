import Foundation
import Logging

/// A trash row as the moves need it.
struct TrashRow: Sendable, Decodable {
    var id, photoId: Int64
    var key: String
    /// The trash key the source keeps the file under (named for what it was: a path in the data folder).
    var trashPath: String
    /// 0 when settled, 1 for a delete under way, 2 for a restore, 3 for an emptying.
    var pending: Int
}

/// The catalog's part of each trash move, a step at a time, each step its own transaction
/// (`SQLTrashSteps`); `TrashMoves` puts them together with the source's moves.
protocol TrashSteps: Sendable {
    /// The catalog's scan bookkeeping, which files a restored file again and recounts folders.
    var bookkeeping: any ScanBookkeeping { get }
    /// The keys of the files that belong to the file at `key` (a Live Photo's clip, its RAW).
    func companionKeys(of key: String) async throws -> [String]
    /// Step 1 of a delete: the trash row, marked pending, written before the file moves. Its
    /// trash key is unique per deletion and keeps the file's key, so it never collides.
    func beginTrash(key: String, partOf: Int64?) async throws -> (id: Int64, trashKey: String)
    /// Step 3 of a delete, once the file is in the trash: the library forgets the file.
    func finishTrash(trashId: Int64, key: String) async throws
    /// The rows of moves a start is to settle (with several instances, only those older than any move takes).
    func unfinishedTrashRows() async throws -> [TrashRow]
    /// A settled trash row; nil when there is none (or it is being moved).
    func settledTrashRow(id: Int64) async throws -> TrashRow?
    /// The settled rows trashed as part of `trashId`.
    func partIds(of trashId: Int64) async throws -> [Int64]
    /// Lists a part on its own: its whole could come back without it.
    func detachPart(_ id: Int64) async throws
    /// Step 1 of a restore: the row marked, before the file moves; nil when there is no such item.
    func beginRestore(trashId: Int64) async throws -> TrashRow?
    /// A move that did not happen: the row as it was before (in the trash, settled).
    func settleTrashRow(_ id: Int64) async throws
    /// Step 1 of emptying: every trash row marked, and returned.
    func beginEmptying() async throws -> [TrashRow]
    /// Forgets one trash row.
    func deleteTrashRow(_ id: Int64) async throws
    /// Tells the caches that what the trash and the library show has changed.
    func trashChanged()
    /// Where the trash says why bytes it was asked to destroy are still there.
    var logger: Logger { get }
}

/// Delete to a recoverable trash kept by the source: files are moved, never destroyed, until the
/// trash is emptied; the catalog keeps only the rows. Curation stays on the photo row throughout.
///
/// Each move is three steps, begin (a row marked pending), the source's move, finish, so a kill
/// between them is finished or undone by `recover` from where the file actually is.
enum TrashMoves {
    /// Moves the file at `key` out of the library into the source's trash, and with it the files
    /// that belong to it, each a trash row that is `partOf` its row: restored with it, not listed
    /// on its own. The shot's own file moves first, so a kill between the moves leaves a
    /// companion in the library, standing alone, never lost.
    static func moveToTrash(_ catalog: some TrashSteps, key: String, source: any PhotoSource) async throws {
        let companions = try await catalog.companionKeys(of: key)
        let begun = try await moveOne(catalog, key: key, partOf: nil, source: source)
        for companion in companions {
            // A companion that cannot move stays in the library, where it now stands alone.
            _ = try? await moveOne(catalog, key: companion, partOf: begun, source: source)
        }
        // (a shot's companions are in its folder)
        try await catalog.bookkeeping.refreshFolders(Set(([key] + companions).map(SourceKey.folder(of:))))
    }

    /// One file's three steps; its trash row's id.
    private static func moveOne(_ catalog: some TrashSteps, key: String, partOf: Int64?, source: any PhotoSource) async throws -> Int64 {
        let begun = try await catalog.beginTrash(key: key, partOf: partOf)
        do {
            try await source.moveToTrash(key, as: begun.trashKey)
        } catch {
            try? await catalog.deleteTrashRow(begun.id)
            throw curationError(error)
        }
        await sidecar(of: key, toTrashAs: begun.trashKey, source: source, catalog)
        try await catalog.finishTrash(trashId: begun.id, key: key)
        return begun.id
    }

    /// Finishes or undoes trash moves a kill interrupted, by where the file actually is, and
    /// finishes an interrupted emptying. Run at start-up, before anything else writes.
    static func recover(_ catalog: some TrashSteps, source: any PhotoSource) async throws -> Int {
        let rows = try await catalog.unfinishedTrashRows()
        for row in rows {
            let inTrash = try await source.trashEntry(row.trashPath) != nil
            let inLibrary = try await source.entry(forKey: row.key)
            switch (row.pending, inLibrary) {
            case (1, nil) where inTrash:  // moved, not yet recorded: finish the delete
                try await catalog.finishTrash(trashId: row.id, key: row.key)
            case (2, let entry?) where !inTrash:  // restored, not yet recorded: finish the restore
                try await catalog.bookkeeping.apply([.known(entry, photoId: row.photoId)], now: Date())
                try await catalog.deleteTrashRow(row.id)
            case (3, _):  // emptying: the bytes go, then the row; bytes that stay keep their row
                _ = try await destroy(row, catalog, source: source)
            case (1, _):  // never moved: undo
                try await catalog.deleteTrashRow(row.id)
            default:  // a restore that never moved: still in the trash
                try await catalog.settleTrashRow(row.id)
            }
        }
        if !rows.isEmpty { try await catalog.bookkeeping.rebuildFolders() }
        return rows.count
    }

    /// Moves a trashed file back to its original key, and the files trashed as part of it;
    /// refuses when that key is taken. A part whose key is taken stays in the trash, listed on its own.
    static func restore(_ catalog: some TrashSteps, trashId: Int64, source: any PhotoSource) async throws {
        let parts = try await catalog.partIds(of: trashId)
        try await restoreOne(catalog, trashId: trashId, source: source)
        for part in parts {
            do { try await restoreOne(catalog, trashId: part, source: source) } catch {
                try? await catalog.detachPart(part)
            }
        }
    }

    /// One file's restore in three steps: the row marked, the source's move, the file catalogued
    /// again (its photo row, with its curation, is still there) and the row gone.
    private static func restoreOne(_ catalog: some TrashSteps, trashId: Int64, source: any PhotoSource) async throws {
        guard let row = try await catalog.settledTrashRow(id: trashId) else { throw CurationError.unknownTrashItem }
        guard SourceKey.isValid(row.key), try await source.entry(forKey: row.key) == nil else {
            throw CurationError.restoreTargetTaken(row.key)
        }
        guard try await catalog.beginRestore(trashId: trashId) != nil else { throw CurationError.unknownTrashItem }
        let entry: SourceEntry
        do {
            entry = try await source.restore(fromTrash: row.trashPath, to: row.key)
        } catch {
            try? await catalog.settleTrashRow(trashId)
            switch error as? SourceError {
            case .alreadyExists?: throw CurationError.restoreTargetTaken(row.key)
            case .notFound?: throw CurationError.unknownTrashItem
            default: throw curationError(error)
            }
        }
        await sidecar(of: row.key, backFrom: row.trashPath, source: source, catalog)
        try await catalog.bookkeeping.apply([.known(entry, photoId: row.photoId)], now: Date())
        try await catalog.deleteTrashRow(trashId)
        try await catalog.bookkeeping.refreshFolders([SourceKey.folder(of: row.key)])
    }

    // MARK: sidecars

    /// A file's own sidecar (`name.ext.xmp`, what Photolala writes) goes to the trash with it, so
    /// that a new file at the same place never takes up what it says of the old one (its owner,
    /// caption, favorites), and comes back with it. A sidecar that cannot move is left where it
    /// is, and said.
    private static func sidecar(of key: String, toTrashAs trashKey: String, source: any PhotoSource, _ catalog: some TrashSteps) async {
        let sidecar = key + ".xmp"
        do {
            guard try await source.entry(forKey: sidecar) != nil else { return }
            try await source.moveToTrash(sidecar, as: trashKey + ".xmp")
        } catch {
            catalog.logger.warning("a sidecar stayed in the library when its file went to the trash",
                                   metadata: ["sidecar": "\(sidecar)", "reason": "\(error)"])
        }
    }

    /// The sidecar that went to the trash with a file, back beside it, unless one is there now.
    private static func sidecar(of key: String, backFrom trashKey: String, source: any PhotoSource, _ catalog: some TrashSteps) async {
        do {
            guard try await source.trashEntry(trashKey + ".xmp") != nil, try await source.entry(forKey: key + ".xmp") == nil else { return }
            _ = try await source.restore(fromTrash: trashKey + ".xmp", to: key + ".xmp")
        } catch {
            catalog.logger.warning("a sidecar stayed in the trash when its file came back",
                                   metadata: ["key": "\(key)", "reason": "\(error)"])
        }
    }

    /// Destroys every trashed file: the only way Photolala removes bytes. A file whose bytes
    /// could not be deleted keeps its row (settled, still listed), so no bytes are left without one.
    static func empty(_ catalog: some TrashSteps, source: any PhotoSource) async throws -> TrashEmptying {
        // Marked first, so a kill part way is finished at the next start rather than leaving rows without files.
        let items = try await catalog.beginEmptying()
        var done = TrashEmptying()
        for item in items {
            if try await destroy(item, catalog, source: source) { done.destroyed += 1 } else { done.kept += 1 }
        }
        if done.kept > 0 { catalog.logger.warning("\(done.kept) files stay in the trash: their bytes could not be deleted") }
        catalog.trashChanged()
        return done
    }

    /// Deletes a trashed file's bytes, then its row; when the bytes could not be deleted (for a
    /// reason other than their being gone already), settles the row instead, logs why and returns false.
    private static func destroy(_ row: TrashRow, _ catalog: some TrashSteps, source: any PhotoSource) async throws -> Bool {
        do {
            // (the sidecar that went with it, first: a kill between the two leaves the file's row)
            if try await source.trashEntry(row.trashPath + ".xmp") != nil { try await source.deleteFromTrash(row.trashPath + ".xmp") }
            try await source.deleteFromTrash(row.trashPath)
        } catch SourceError.notFound {
            // Nothing there: done, as the contract already says of a missing item.
        } catch {
            catalog.logger.warning("a trashed file was kept: its bytes could not be deleted",
                                   metadata: ["key": "\(row.key)", "trashKey": "\(row.trashPath)", "reason": "\(error)"])
            try await catalog.settleTrashRow(row.id)
            return false
        }
        try await catalog.deleteTrashRow(row.id)
        return true
    }

    /// A source's failure in the words the trash pages show.
    static func curationError(_ error: any Error) -> any Error {
        switch error as? SourceError {
        case .notFound?: return CurationError.unknownPhoto
        case let sourceError?: return CurationError.fileOperationFailed(sourceError.description)
        case nil: return error
        }
    }
}
