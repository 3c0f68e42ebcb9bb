import Catalog
import Foundation
import Imaging
import Logging

/// Files what arrives in an inbox: a new photo or video goes into the library by the phones'
/// layout (`Phones/<member>/<year>/<month>/` by the date taken) and is catalogued at once; bytes
/// the library holds already are acknowledged and not stored twice; anything else stays in the
/// inbox as a blob. A Live Photo's still and clip sent apart, in either order, land in one
/// folder under one stem, so they pair as they do in a folder. What the catalog keeps of it is
/// written by `commit`, together with other PUTs' (`InboxCommits`).
struct InboxFiling: Sendable {
    let intake: Intake
    let store: any PhotoCatalog
    let source: any PhotoSource
    let layout: UploadNaming
    let blobs: InboxBlobs
    let logger: Logger
    let commits: InboxCommits

    /// What became of a file.
    enum Outcome: Sendable, CustomStringConvertible {
        /// Filed into the library at this key.
        case placed(String)
        /// The library holds these bytes already (at this key, when the member may see it).
        case known(String?)
        /// Kept in the inbox alone: not a photo or a video, or one whose bytes cannot be read.
        case kept(String)

        var description: String {
            switch self {
            case .placed(let key): "placed at \(key)"
            case .known(let key): "known" + (key.map { " at \($0)" } ?? "")
            case .kept(let why): "kept in the inbox (\(why))"
            }
        }
    }

    struct Filed: Sendable {
        var outcome: Outcome
        var libraryKey: String?
        var isBlob: Bool
        /// The analysis of a photo placed in the library, for `commit` to catalogue it with.
        var analysis: FileAnalysis? = nil
    }

    /// Files the staged file (named `sentName` in the inbox folder `inboxFolder`); what is left
    /// at `staged` afterwards is the caller's to remove.
    func file(staged: String, sha256: String, size: Int64, sentName: String, inboxFolder: String, caller: DavCaller) async throws -> Filed {
        let (finding, analysis) = await intake.examined(path: staged, name: sentName, sight: caller.visitor.sight,
                                                        identity: ContentIdentity(sha256: sha256, size: size))
        switch finding {
        case .new(let format, let takenAt, _):
            guard await source.isWritable() else { throw DavError(.forbidden, "the library is read-only") }
            let folder = try await companionFolder(of: sentName, in: inboxFolder, caller: caller)
                ?? layout.folder(for: takenAt ?? Date(), member: Self.folderName(caller.account))
            let key: String
            do {
                key = try await source.add(stagedFile: staged, folder: folder, name: UploadNaming.fileName(sentName, format: format))
            } catch {
                logger.error("an inbox file could not be placed", metadata: ["name": "\(sentName)", "error": "\(error)"])
                throw DavError(DavError.insufficientStorage, "the library could not take the file")
            }
            return Filed(outcome: .placed(key), libraryKey: key, isBlob: false, analysis: analysis)
        case .known(_, let key):
            return Filed(outcome: .known(key), libraryKey: key, isBlob: false)
        case .notMedia:
            try await blobs.keep(staged: staged, sha256: sha256)
            return Filed(outcome: .kept("not a photo or a video"), libraryKey: nil, isBlob: true)
        case .unreadable(let reason):
            try await blobs.keep(staged: staged, sha256: sha256)
            return Filed(outcome: .kept(reason), libraryKey: nil, isBlob: true)
        case .unavailable:
            throw DavError(.serviceUnavailable, "the catalog could not check the file now")
        }
    }

    /// Writes what the catalog keeps of a filed PUT: a placed photo catalogued at once, with its
    /// sender noted as its uploader, and the inbox item; says whether the item is new.
    func commit(_ filed: Filed, item: InboxItem, caller: DavCaller) async throws -> Bool {
        let placed = filed.libraryKey.flatMap { key in filed.analysis.map { (key: key, analysis: $0) } }
        return try await commits.commit(InboxCommits.Part(placed: placed, device: caller.device.label, item: item))
    }

    /// The library folder where the other half of a Live Photo went, when it came first: an
    /// item of the same stem in the same inbox folder, filed into the library.
    private func companionFolder(of name: String, in folder: String, caller: DavCaller) async throws -> String? {
        let stem = (name as NSString).deletingPathExtension
        guard !stem.isEmpty, stem != name else { return nil }
        for sibling in try await store.inboxSiblings(accountId: caller.account.id, in: folder, stem: stem)
        where sibling.name != name && (sibling.name as NSString).deletingPathExtension == stem {
            if let key = sibling.libraryKey { return InboxPath.parent(of: key) }
        }
        return nil
    }

    /// A member's name as a folder of the layout; one a path cannot hold becomes `member-<id>`.
    static func folderName(_ account: Account) -> String {
        let name = account.name
        let fits = !name.isEmpty && !name.hasPrefix(".") && SourceKey.isValid(name) && !name.contains("/")
        return fits ? name : "member-\(account.id)"
    }
}
