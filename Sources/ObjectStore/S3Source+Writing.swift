import AsyncHTTPClient
import SourceContract
import Foundation
import NIOCore

/// Adding uploads: a PUT that never overwrites.
extension S3Source {
    /// A PUT replaces an object whole: a reader sees the old sidecar or the new.
    public func writeSidecar(_ key: String, bytes: [UInt8]) async throws -> SourceEntry {
        guard SourceKey.isSidecar(key) else { throw SourceError.unavailable("Only a sidecar (a name ending in .xmp) is written over.") }
        let request = client.request(.PUT, key: objectKey(key), headers: [("Content-Type", "application/rdf+xml")],
                                     body: .bytes(ByteBuffer(bytes: bytes)), payloadHash: SigV4.sha256Hex(Data(bytes)))
        let answer = try await client.send(request)
        guard (200..<300).contains(answer.status) else { throw client.failure(answer, doing: "Writing the sidecar “\(key)”") }
        guard let entry = try await head(objectKey(key), as: key) else { throw SourceError.notFound(key) }
        return entry
    }

    public func add(stagedFile: String, folder: String, name: String) async throws -> String {
        guard SourceKey.isValid(folder + "/" + name) else { throw SourceError.unavailable("The upload folder or file name is not valid.") }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: stagedFile),
              let size = (attributes[.size] as? NSNumber)?.int64Value else {
            throw SourceError.unavailable("The file could not be written to the library (is the disk full?).")
        }
        let (stem, ext) = Self.split(name)
        for n in 1...1000 {
            let key = folder + "/" + (n == 1 ? name : "\(stem) (\(n))\(ext)")
            // `If-None-Match: *` makes the PUT itself refuse a taken key (412) on servers that
            // honour it (AWS, MinIO, moto). The HEAD before it is for servers that ignore the
            // header: there a race remains, another writer putting the same key between the HEAD
            // and the PUT, and the later PUT wins.
            if try await head(objectKey(key), as: key) != nil { continue }
            if size > partSize {
                if try await putInParts(stagedFile, key: key, size: size) { return key }
                continue
            }
            let request = client.request(.PUT, key: objectKey(key),
                                         headers: [("If-None-Match", "*")],
                                         body: .stream(FileChunks(path: stagedFile), length: .known(size)),
                                         payloadHash: "UNSIGNED-PAYLOAD")
            let answer = try await client.send(request)
            switch answer.status {
            case 200..<300: return key
            case 412, 409: continue
            default: throw client.failure(answer, doing: "Adding “\(key)”")
            }
        }
        throw SourceError.unavailable("Too many files called \(name) in \(folder).")
    }

    /// `("IMG_1", ".jpg")` for `"IMG_1.jpg"`: where `(2)` goes in a taken name.
    static func split(_ name: String) -> (String, String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}

/// A local file's bytes as the body of a PUT, read a megabyte at a time as it is sent.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let path: String
    /// Where to start, and how many bytes to hand on (nil: to the end).
    var offset: UInt64 = 0
    var length: Int64?

    struct AsyncIterator: AsyncIteratorProtocol {
        let path: String
        let offset: UInt64
        var left: Int64
        var handle: FileHandle?
        var done = false

        mutating func next() async throws -> ByteBuffer? {
            guard !done else { return nil }
            if handle == nil {
                guard let opened = FileHandle(forReadingAtPath: path) else { throw SourceError.unavailable("The staged file is gone.") }
                try opened.seek(toOffset: offset)
                handle = opened
            }
            guard left > 0, let data = try handle?.read(upToCount: Int(Swift.min(Int64(1 << 20), left))), !data.isEmpty else {
                try? handle?.close()
                done = true
                return nil
            }
            left -= Int64(data.count)
            return ByteBuffer(bytes: data)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(path: path, offset: offset, left: length ?? .max) }
}
