import Catalog
import Foundation
import OpenAPIRuntime
import Imaging
import PhotolalaAPI

/// Uploads, share links and the household's accounts, through the same code as their pages:
/// `UploadController.take` files an upload as the form does, `ShareController.makeLink` makes a
/// link as the share form does.
extension APIHandler {
    // MARK: uploads

    func uploadPhoto(_ input: Operations.UploadPhoto.Input) async throws -> Operations.UploadPhoto.Output {
        let caller = try caller
        guard case .binary(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "Send the file's bytes as application/octet-stream.") }
        let name = input.query.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.utf8.count <= 255 else { throw APIProblem(.badRequest, "Give the file's name (up to 255 bytes).") }
        let staged = try await uploads.stage(body: body, name: name)
        defer { unlink(staged.path) }
        let received = try await uploads.take([staged], visitor: caller.visitor)
        guard let outcome = received.first else { throw APIProblem(.badRequest, "No file was sent.") }
        switch outcome {
        case .added(_, let key):
            let sha256 = try await caller.view.photo(key: key)?.card.sha256
            guard let sha256 else { throw APIProblem(.internalServerError, "The photo was added but cannot be read back.") }
            return .created(.init(body: .json(.init(outcome: .added, id: sha256, path: key))))
        case .duplicate(_, let key, _):
            guard let key, let sha256 = try await caller.view.photo(key: key)?.card.sha256 else {
                return .ok(.init(body: .json(.init(outcome: .known, id: try await Self.contentHash(of: staged.path)))))
            }
            return .ok(.init(body: .json(.init(outcome: .known, id: sha256, path: key))))
        case .refused(_, let reason):
            throw APIProblem(.unprocessableContent, "“\(name.prefix(100))” \(reason.english)")
        }
    }

    /// The SHA-256 of a staged file, for bytes the library holds where the caller may not see them.
    static func contentHash(of path: String) async throws -> String {
        guard let hash = try? ContentHasher.identity(ofFileAt: path).sha256 else { throw APIProblem(.internalServerError, "The upload could not be read back.") }
        return hash
    }

    // MARK: share links

    func listShares(_ input: Operations.ListShares.Input) async throws -> Operations.ListShares.Output {
        let caller = try caller
        let links = try await store.shares(accountId: caller.account.role == .admin ? nil : caller.account.id)
        return .ok(.init(body: .json(.init(shares: links.map { share($0, token: nil) }))))
    }

    func createShare(_ input: Operations.CreateShare.Input) async throws -> Operations.CreateShare.Output {
        let caller = try caller
        guard case .json(let draft) = input.body else { throw APIProblem(.unsupportedMediaType, "Send the link as JSON.") }
        guard let kind = ShareLink.Kind(rawValue: draft.kind.rawValue) else { throw APIProblem(.badRequest, "No such kind of link.") }
        let (id, token) = try await shares.makeLink(for: caller.account, audience: caller.visitor.audience, kind: kind, value: draft.value ?? "",
                                                    filter: draft.filter ?? "", days: draft.days?.rawValue ?? 0, password: draft.password ?? "",
                                                    uploads: draft.uploads ?? false, places: draft.showPlaces ?? false)
        guard let made = try await store.shares(accountId: caller.account.id).first(where: { $0.id == id }) else {
            throw APIProblem(.internalServerError, "The link was made but cannot be read back.")
        }
        return .created(.init(body: .json(share(made, token: token))))
    }

    func deleteShare(_ input: Operations.DeleteShare.Input) async throws -> Operations.DeleteShare.Output {
        let caller = try caller
        // An admin may end any link, a member their own, as on the share page.
        let isAdmin = caller.account.role == .admin
        guard input.path.shareId > 0, try await store.deleteShare(id: input.path.shareId, accountId: isAdmin ? nil : caller.account.id) else {
            throw APIProblem(.notFound, "That link does not exist, or it is not this token's to end.")
        }
        return .noContent(.init())
    }

    private func share(_ link: ShareLink, token: String?) -> Components.Schemas.Share {
        let token = token ?? shares.tokens.token(of: link)
        let date = { (seconds: Int64) in Date(timeIntervalSince1970: TimeInterval(seconds)) }
        return .init(id: link.id, kind: .init(rawValue: link.kind.rawValue) ?? .folder, value: link.value, filter: link.filter.isEmpty ? nil : link.filter,
                     owner: link.ownerName, url: token.map { linkBase + SiteURL.share($0).path }, createdAt: date(link.createdAt),
                     expiresAt: link.expiresAt.map(date), showsPlaces: link.showsPlaces, password: link.passwordHash != nil,
                     uploadsLeft: link.uploadsLeft)
    }

    // MARK: accounts

    func listAccounts(_ input: Operations.ListAccounts.Input) async throws -> Operations.ListAccounts.Output {
        let accounts = try await store.accounts()
        return .ok(.init(body: .json(.init(accounts: accounts.map {
            .init(name: $0.name, role: .init(rawValue: $0.role.rawValue) ?? .viewer)
        }))))
    }
}
