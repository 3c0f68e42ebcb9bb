import Foundation

/// The S3 answers an object store library reads: ListObjectsV2 pages, error bodies and the two
/// ways times are written.
enum ObjectStoreTargets {
    static func s3XML(_ bytes: [UInt8]) {
        if let events = XMLScanner.events(bytes) {
            var depth = 0
            for event in events {
                switch event {
                case .open: depth += 1
                case .close: depth -= 1
                case .text: check(depth > 0, "text outside every element")
                }
                check(depth >= 0 && depth <= XMLScanner.maxDepth, "depth \(depth)")
            }
            check(depth == 0, "unbalanced events")
        }
        if let upload = S3XML.uploadId(bytes) {
            check(!upload.isEmpty && upload.utf8.count <= 1024, "an upload id of \(upload.utf8.count) bytes")
        }
        if let page = S3XML.listPage(bytes) {
            check(!page.isTruncated || page.nextContinuationToken?.isEmpty == false, "a truncated page without a token")
            check(page.isTruncated || page.nextContinuationToken == nil, "a token on the last page")
            for object in page.objects {
                check(!object.key.isEmpty && object.size >= 0, "an object \(object)")
                if let seconds = S3Time.iso8601(object.lastModified) { check(seconds >= 0, "a time before 1970") }
            }
        }
        if let error = S3XML.error(bytes) { check(!error.code.isEmpty, "an error without a code") }
        let text = String(decoding: bytes.prefix(64), as: UTF8.self)
        if let seconds = S3Time.iso8601(text) { check(seconds >= 0, "a time before 1970") }
        if let seconds = S3Time.httpDate(text) { check(seconds >= 0, "a time before 1970") }
    }
}
