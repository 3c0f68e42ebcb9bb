import Hummingbird

/// The per-request context: Hummingbird's core plus the CSRF token forms must carry.
public struct GalleryContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The token every state-changing form posts back; set by `CSRFMiddleware`.
    public var csrfToken = ""

    public init(source: Source) {
        coreContext = .init(source: source)
    }
}
