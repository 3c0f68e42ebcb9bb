import Foundation
import Hummingbird
import HummingbirdTesting

/// A client of a `.live` test server that waits as long as a busy run needs. HummingbirdTesting's
/// own client gives up after 20 s without a byte, and a run of six hundred tests side by side on
/// two cores can keep one request waiting longer than that (bcrypt and page work queue behind
/// every other test's); this one waits up to ten minutes, so only a server that really hangs fails.
struct PatientClient {
    let client: TestClient

    /// Connects to the server on `port` of this machine.
    init(port: Int) {
        client = TestClient(host: "localhost", port: port, configuration: .init(timeout: .seconds(600)))
        client.connect()
    }

    func execute(_ uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:],
                 body: ByteBuffer? = nil) async throws -> TestClient.Response {
        var headers = headers
        headers[.connection] = "keep-alive"
        return try await client.execute(TestClient.Request(uri, method: method, authority: "localhost", headers: headers, body: body))
    }

    /// Runs `body` with a client of the server on `port`, and closes it after.
    static func with<Value>(port: Int, _ body: (PatientClient) async throws -> Value) async throws -> Value {
        let patient = PatientClient(port: port)
        do {
            let value = try await body(patient)
            try await patient.client.shutdown()
            return value
        } catch {
            try? await patient.client.shutdown()
            throw error
        }
    }
}
