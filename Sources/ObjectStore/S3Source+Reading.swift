import AsyncHTTPClient
import SourceContract
import Foundation
import NIOCore

/// Reading objects: a range by one ranged GET, a stream by one ranged GET whose body is handed on
/// chunk by chunk as the caller reads it, and temporary copies for the decoders.
extension S3Source {
    public func read(_ key: String, range: Range<Int64>) async throws -> [UInt8] {
        guard SourceKey.isValid(key) else { throw SourceError.notFound(key) }
        let lower = max(0, range.lowerBound)
        guard lower < range.upperBound else {
            guard try await entry(forKey: key) != nil else { throw SourceError.notFound(key) }
            return []
        }
        let wanted = Int(clamping: range.upperBound - lower)
        // A server that ignores the range (or one past the end) sends the object from its start.
        let answer = try await client.send(rangedGet(objectKey(key), lower..<range.upperBound), limit: Int(clamping: range.upperBound))
        switch answer.status {
        case 206: return answer.body
        // A server that sends the whole object for a range: take the part asked for.
        case 200: return Array(answer.body.dropFirst(Int(clamping: lower)).prefix(wanted))
        case 404: throw SourceError.notFound(key)
        case 416: return []
        default: throw client.failure(answer, doing: "Reading “\(key)”")
        }
    }

    public func stream(_ key: String, range: Range<Int64>) async throws -> ByteChunks {
        guard SourceKey.isValid(key) else { throw SourceError.notFound(key) }
        let lower = max(0, range.lowerBound)
        guard lower < range.upperBound else {
            guard try await entry(forKey: key) != nil else { throw SourceError.notFound(key) }
            return ByteChunks { nil }
        }
        let response = try await client.open(rangedGet(objectKey(key), lower..<range.upperBound))
        switch response.status.code {
        case 206, 200:
            let skip = response.status.code == 200 ? lower : 0
            let reader = BodyChunks(response.body, skip: skip, count: range.upperBound - lower, key: key)
            return ByteChunks { try await reader.next() }
        case 404:
            throw SourceError.notFound(key)
        case 416:
            return ByteChunks { nil }
        default:
            let answer = S3Client.Answer(status: Int(response.status.code), headers: response.headers,
                                         body: (try? await response.body.collect(upTo: 64 * 1024)).map { Array($0.readableBytesView) } ?? [])
            throw client.failure(answer, doing: "Reading “\(key)”")
        }
    }

    /// Nil always: an object store keeps no files here; originals are streamed.
    public func localPath(forKey key: String) -> String? { nil }

    public func localFile(forKey key: String) async throws -> LocalFile? {
        guard SourceKey.isValid(key) else { return nil }
        return try await download(objectKey(key), as: key)
    }

    /// Downloads a few at once: a scan's chunk of files waits on the slowest, not on the sum. A
    /// download that fails (a 5xx, a timeout, a network failure) is unavailable, never gone.
    public func localFiles(forKeys keys: [String]) async -> [SourceFetch] {
        await withTaskGroup(of: (Int, SourceFetch).self) { group in
            var files = [SourceFetch](repeating: .gone, count: keys.count)
            var next = 0
            func start() {
                guard next < keys.count else { return }
                let (index, key) = (next, keys[next])
                next += 1
                group.addTask { [self] in (index, await SourceFetch.of { try await localFile(forKey: key) }) }
            }
            for _ in 0..<4 { start() }
            while let (index, file) = await group.next() {
                files[index] = file
                start()
            }
            return files
        }
    }

    /// The object at `objectKey` in a temporary file (named with the key's extension, which some
    /// decoders heed), removed when the `LocalFile` is released; nil when there is no such object.
    func download(_ objectKey: String, as key: String) async throws -> LocalFile? {
        let response = try await client.open(client.request(.GET, key: objectKey))
        guard response.status.code == 200 else {
            let answer = S3Client.Answer(status: Int(response.status.code), headers: response.headers,
                                         body: (try? await response.body.collect(upTo: 64 * 1024)).map { Array($0.readableBytesView) } ?? [])
            // A 404 is a missing object, unless the bucket itself is what is missing: that is an
            // outage of the whole library, never every file gone.
            if answer.status == 404, S3XML.error(answer.body)?.code != "NoSuchBucket" { return nil }
            throw client.failure(answer, doing: "Reading “\(key)”")
        }
        try FileManager.default.createDirectory(atPath: temporaryFolder, withIntermediateDirectories: true)
        let name = SourceKey.name(of: key)
        let ext = name.lastIndex(of: ".").map { String(name[$0...]) }.flatMap { $0.count <= 16 ? $0 : nil } ?? ""
        let path = temporaryFolder + "/" + UUID().uuidString + ext
        let written: Int64
        do {
            written = try await S3Client.write(response.body, to: path)
        } catch CocoaError.fileWriteOutOfSpace {
            unlink(path)
            throw SourceError.unavailable("A temporary copy of “\(key)” could not be written.")
        } catch {
            unlink(path)
            throw SourceError.unavailable("“\(key)” could not be copied from \(client.place) (\(error)).")
        }
        let expected = response.headers.first(name: "content-length").flatMap { Int64($0) }
        guard let entry = Self.entry(key: key, headers: response.headers, size: written), expected == nil || expected == written else {
            unlink(path)
            throw SourceError.unavailable("“\(key)” changed while it was read.")
        }
        return LocalFile(path: path, entry: entry, isTemporary: true)
    }

    /// A GET of `range` (not empty) of an object.
    func rangedGet(_ objectKey: String, _ range: Range<Int64>) -> HTTPClientRequest {
        client.request(.GET, key: objectKey, headers: [("Range", "bytes=\(range.lowerBound)-\(range.upperBound - 1)")])
    }
}
