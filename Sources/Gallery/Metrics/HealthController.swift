import Catalog
import Foundation
import Hummingbird

/// `GET /healthz` for container health checks and monitors: 200 when the process is up, the
/// catalog answers a query and the library can be read; 503 naming what is wrong.
/// Open to anyone, so it says nothing about the photos themselves. A check is answered again for
/// a second (`HealthMemo`), so a burst of checks costs one catalog read.
struct HealthController: Sendable {
    let store: any PhotoQueries
    let source: any PhotoSource
    let memo = HealthMemo()

    func register(with routes: Routes) {
        routes.open.get(.health, use: check)
    }

    @Sendable func check(_ request: Request, context: GalleryContext) async throws -> Response {
        let problems = await memo.problems {
            var problems: [String] = []
            do {
                try await store.checkHealth()
            } catch {
                problems.append("the catalog cannot be read")
                context.logger.error("health check: catalog unreadable", metadata: ["error": "\(error)"])
            }
            if let problem = await source.unavailableReason() { problems.append(problem) }
            return problems
        }
        guard problems.isEmpty else {
            return Response(status: .serviceUnavailable, headers: Self.headers,
                            body: .init(byteBuffer: ByteBuffer(string: "unhealthy: " + problems.joined(separator: "; ") + "\n")))
        }
        return Response(status: .ok, headers: Self.headers, body: .init(byteBuffer: Self.ok))
    }

    /// A healthy answer's parts, made once: monitors ask often.
    private static let headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"]
    private static let ok = ByteBuffer(string: "ok\n")
}
