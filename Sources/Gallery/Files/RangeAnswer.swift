import Hummingbird

/// Which bytes of a file of `size` bytes a GET asks for, with `Range` (and `If-Range` against
/// the file's ETag): the whole file with 200, or one range with 206 and its `Content-Range`.
/// Originals and playable renditions answer the same way, so phones can seek in a video.
struct RangeAnswer {
    var status: HTTPResponse.Status
    var range: ClosedRange<Int>

    /// Reads the request's range and sets `Content-Range` and `Content-Length` in `headers`;
    /// throws 416 (with `Content-Range: bytes */size`) for a range outside the file.
    init(_ request: Request, size: Int, etag: String, headers: inout HTTPFields) throws {
        range = 0...max(0, size - 1)
        status = .ok
        if let header = request.headers[.range], request.headers[.ifRange].map({ $0 == etag }) ?? true {
            guard let requested = ByteRange.parse(header, size: size) else {
                headers[.contentRange] = "bytes */\(size)"
                throw PageError(.rangeNotSatisfiable, headers: headers, message: Phrase("The requested byte range is outside the file."))
            }
            range = requested
            status = .partialContent
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
        }
        headers[.contentLength] = String(size == 0 ? 0 : range.count)
    }

    /// The headers every ranged file answer carries: its type, `Accept-Ranges`, private caching
    /// for `maxAge` seconds, and its ETag.
    static func headers(type: String, etag: String, maxAge: Int) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.acceptRanges] = "bytes"
        headers[.cacheControl] = "private, max-age=\(maxAge)"
        headers[.eTag] = etag
        return headers
    }
}
