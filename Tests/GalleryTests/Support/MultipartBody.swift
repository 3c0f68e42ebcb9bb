import Foundation
import Hummingbird
import HummingbirdTesting

/// Builds a `multipart/form-data` body the way a browser does, for upload tests.
struct MultipartBody {
    let boundary = "----photolalaTest\(UUID().uuidString.prefix(8))"
    private(set) var data = Data()

    mutating func field(_ name: String, _ value: String) {
        data.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
    }

    mutating func file(_ name: String, filename: String, _ bytes: Data, type: String = "image/jpeg") {
        data.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\nContent-Type: \(type)\r\n\r\n".utf8))
        data.append(bytes)
        data.append(Data("\r\n".utf8))
    }

    func finished() -> Data { data + Data("--\(boundary)--\r\n".utf8) }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }
}

extension FormPoster {
    /// Uploads files through the real upload form (CSRF field first, as the page orders it).
    func upload(_ files: [(String, Data)], csrf: String? = nil, to uri: String = "/upload") async throws -> TestResponse {
        var body = MultipartBody()
        body.field("csrf", csrf ?? formToken ?? token)
        for (name, bytes) in files { body.file("files", filename: name, bytes) }
        let headers: HTTPFields = [.contentType: body.contentType, .cookie: cookieHeader, .origin: Self.origin]
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(data: body.finished()))
    }
}
