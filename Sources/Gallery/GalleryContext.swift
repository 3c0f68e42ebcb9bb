import Catalog
import Hummingbird
import NIOCore

/// The per-request context: Hummingbird's core, who is asking, and the CSRF token forms must carry.
public struct GalleryContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The token every state-changing form posts back; set by `CSRFMiddleware`.
    public var csrfToken = ""
    /// Who is asking; set by `SessionMiddleware`.
    public var visitor = Visitor.nobody
    /// The peer's address, for throttling sign-in attempts.
    public let remoteAddress: String

    public init(source: Source) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
