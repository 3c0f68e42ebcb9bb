/// Read-only share links; of a link's token only its hash is kept.
public protocol ShareStore: Sendable {
    /// Stores a new link and returns its id: of its token only the hash, and the nonce the token
    /// was derived from (nil for a token made otherwise, which is then never shown again).
    @discardableResult
    func createShare(token: String, nonce: String?, accountId: Int64, kind: ShareLink.Kind, value: String, filter: String,
                     expiresAt: Int64?, now: Int64) async throws -> Int64
    /// Sets (or with nil, removes) the password a link asks for, as a bcrypt hash.
    func setSharePassword(id: Int64, passwordHash: String?) async throws
    /// Lets a link's photo pages say where each photo was taken, or stops them.
    func setSharePlaces(id: Int64, shown: Bool) async throws
    /// Lets an album's link add this many more photos (0 stops it).
    func setShareUploads(id: Int64, count: Int) async throws
    /// Gives back uploads taken and not used (a request reserves before it reads any bytes).
    func returnShareUploads(id: Int64, count: Int) async throws
    /// Takes up to `count` of a link's remaining uploads at once; returns how many it got.
    func takeShareUploads(id: Int64, count: Int) async throws -> Int
    /// The link with this token, live or expired.
    func share(token: String) async throws -> ShareLink?
    /// Links made by one account, or every link when `accountId` is nil; newest first.
    func shares(accountId: Int64?) async throws -> [ShareLink]
    /// The links to one group (an album's id, a folder's path, a tag), live or not; newest first.
    func shares(kind: ShareLink.Kind, value: String) async throws -> [ShareLink]
    /// Revokes a link; with `accountId`, only if that account made it. Returns whether one was removed.
    @discardableResult
    func deleteShare(id: Int64, accountId: Int64?) async throws -> Bool
}

extension ShareStore {
    /// Stores a new link made from a given token, with no nonce: its address is never shown again.
    @discardableResult
    public func createShare(token: String, accountId: Int64, kind: ShareLink.Kind, value: String, filter: String,
                            expiresAt: Int64?, now: Int64) async throws -> Int64 {
        try await createShare(token: token, nonce: nil, accountId: accountId, kind: kind, value: value, filter: filter,
                              expiresAt: expiresAt, now: now)
    }
}
