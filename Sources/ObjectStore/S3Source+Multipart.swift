import AsyncHTTPClient
import Foundation
import NIOCore
import SourceContract

/// A large file goes up to the bucket in parts (S3's multipart upload): one PUT is capped at
/// 5 GB, and a part that fails is the only thing sent again. Each part is streamed from the
/// staged file, so memory stays flat whatever the file's size; an upload that fails is aborted,
/// so the bucket keeps no half of it.
extension S3Source {
    /// Uploads `stagedFile` to `key` in parts; false when `key` was taken meanwhile (the
    /// completion refused by `If-None-Match: *`), true when it is there.
    func putInParts(_ stagedFile: String, key: String, size: Int64) async throws -> Bool {
        let object = objectKey(key)
        let started = try await client.send(client.request(.POST, key: object, query: [("uploads", "")]))
        guard (200..<300).contains(started.status), let upload = S3XML.uploadId(started.body) else {
            throw client.failure(started, doing: "Starting the upload of “\(key)”")
        }
        do {
            var parts: [(number: Int, etag: String)] = []
            var offset: Int64 = 0
            while offset < size {
                let length = min(partSize, size - offset)
                let number = parts.count + 1
                let request = client.request(.PUT, key: object, query: [("partNumber", String(number)), ("uploadId", upload)],
                                             body: .stream(FileChunks(path: stagedFile, offset: UInt64(offset), length: length), length: .known(length)),
                                             payloadHash: "UNSIGNED-PAYLOAD")
                let answer = try await client.send(request)
                guard (200..<300).contains(answer.status), let etag = answer.headers.first(name: "ETag") else {
                    throw client.failure(answer, doing: "Sending part \(number) of “\(key)”")
                }
                parts.append((number, etag))
                offset += length
            }
            let document = "<CompleteMultipartUpload>" + parts.map {
                "<Part><PartNumber>\($0.number)</PartNumber><ETag>\(S3XML.escape($0.etag))</ETag></Part>"
            }.joined() + "</CompleteMultipartUpload>"
            let body = Array(document.utf8)
            let done = try await client.send(client.request(.POST, key: object, query: [("uploadId", upload)], headers: [("If-None-Match", "*")],
                                                            body: .bytes(ByteBuffer(bytes: body)), payloadHash: SigV4.sha256Hex(Data(body))))
            // A completion can fail after its 200 has begun: the error is then in the body.
            if done.status == 412 || done.status == 409 {
                await abort(object, upload)
                return false
            }
            guard (200..<300).contains(done.status), S3XML.error(done.body) == nil else {
                throw client.failure(done, doing: "Finishing the upload of “\(key)”")
            }
            return true
        } catch {
            await abort(object, upload)
            throw error
        }
    }

    /// Abandons an upload, so the bucket keeps none of its parts (best effort: a bucket's own
    /// lifecycle rule removes what an abort that failed leaves).
    private func abort(_ object: String, _ upload: String) async {
        _ = try? await client.send(client.request(.DELETE, key: object, query: [("uploadId", upload)]))
    }
}
