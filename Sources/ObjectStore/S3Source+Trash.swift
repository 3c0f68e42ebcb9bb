import AsyncHTTPClient
import SourceContract
import Foundation

/// The trash of a bucket library: objects under `<prefix>.trash/<trash key>`, hidden from
/// listings. A move is a server-side copy, then the delete of the original; a move that is cut
/// off between the two leaves the bytes in both places, never in neither, and the catalog's
/// pending trash row (`recoverTrashMoves`) finishes or undoes it at the next start.
extension S3Source {
    public func moveToTrash(_ key: String, as trashKey: String) async throws {
        guard SourceKey.isValid(trashKey) else { throw SourceError.unavailable("“\(trashKey)” is not a valid trash key.") }
        guard SourceKey.isValid(key), try await head(objectKey(key), as: key) != nil else { throw SourceError.notFound(key) }
        guard try await head(trashObjectKey(trashKey), as: trashKey) == nil else { throw SourceError.alreadyExists(trashKey) }
        try await copy(from: objectKey(key), to: trashObjectKey(trashKey), naming: key)
        try await delete(objectKey(key), naming: key)
    }

    public func restore(fromTrash trashKey: String, to key: String) async throws -> SourceEntry {
        guard SourceKey.isValid(key) else { throw SourceError.unavailable("“\(key)” is not a valid place in the library.") }
        guard SourceKey.isValid(trashKey), try await head(trashObjectKey(trashKey), as: trashKey) != nil else {
            throw SourceError.notFound(trashKey)
        }
        // The copy also carries `If-None-Match: *` for servers that honour it on a copy; on the
        // others a file put at `key` between this HEAD and the copy would be replaced.
        guard try await head(objectKey(key), as: key) == nil else { throw SourceError.alreadyExists(key) }
        try await copy(from: trashObjectKey(trashKey), to: objectKey(key), naming: key)
        try await delete(trashObjectKey(trashKey), naming: trashKey)
        guard let entry = try await head(objectKey(key), as: key) else { throw SourceError.notFound(key) }
        return entry
    }

    public func deleteFromTrash(_ trashKey: String) async throws {
        guard SourceKey.isValid(trashKey) else { throw SourceError.unavailable("“\(trashKey)” is not a valid trash key.") }
        try await delete(trashObjectKey(trashKey), naming: trashKey)
    }

    public func trashEntry(_ trashKey: String) async throws -> SourceEntry? {
        guard SourceKey.isValid(trashKey) else { return nil }
        return try await head(trashObjectKey(trashKey), as: trashKey)
    }

    public func trashedFile(_ trashKey: String) async throws -> LocalFile? {
        guard SourceKey.isValid(trashKey) else { return nil }
        return try await download(trashObjectKey(trashKey), as: trashKey)
    }

    /// A server-side copy (one request, objects up to 5 GB). A copy can fail after its answer's
    /// head said 200, so the body is read for an `<Error>` too.
    func copy(from source: String, to target: String, naming key: String) async throws {
        let copySource = "/" + location.bucket + "/" + SigV4.uriEncode(source, keepSlash: true)
        let answer = try await client.send(client.request(.PUT, key: target, headers: [("x-amz-copy-source", copySource), ("If-None-Match", "*")]))
        if answer.status == 412 || answer.status == 409 { throw SourceError.alreadyExists(key) }
        if answer.status == 404 { throw SourceError.notFound(key) }
        guard (200..<300).contains(answer.status), S3XML.error(answer.body) == nil else {
            throw client.failure(answer, doing: "Moving “\(key)”")
        }
    }

    /// Deletes an object; one that is not there is no error.
    func delete(_ objectKey: String, naming key: String) async throws {
        let answer = try await client.send(client.request(.DELETE, key: objectKey))
        guard (200..<300).contains(answer.status) || answer.status == 404 else {
            throw client.failure(answer, doing: "Deleting “\(key)”")
        }
    }
}
