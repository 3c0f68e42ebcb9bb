import Foundation
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
    /// The client's address (from a trusted proxy's `X-Forwarded-For`), for throttling sign-ins;
    /// written out only when asked for, which most requests never do.
    public var remoteAddress: String {
        get { forwardedFor ?? peer?.ipAddress ?? "unknown" }
        set { forwardedFor = newValue }
    }
    /// The connection's other end.
    private let peer: SocketAddress?
    /// The client a trusted proxy named, when one did.
    private var forwardedFor: String?
    /// Whether a trusted proxy says the client used HTTPS.
    public var isHTTPS = false
    /// The client sent HEAD, answered as the GET it stands for (`FrontDoorResponder`).
    var isHead = false
    /// The language pages are written in for this visitor (`SessionMiddleware` chooses it).
    var language = Language.english
    /// The zone server times are written in for this visitor (`SessionMiddleware` chooses it:
    /// the one their browser named in the `tz` cookie, else the server's).
    var timeZone = TimeZone(secondsFromGMT: 0)!
    /// What the last action did, shown once on the page it returned to (`FlashMiddleware`).
    var flash: FlashCookie?
    /// Set while a page is rendered to be kept (`PageCache`): the chrome writes this placeholder
    /// where the scan banner goes, and the banner of the moment is put there as the page goes out.
    var bannerSlot: String?

    /// The method the client sent, for logs and metrics.
    func method(of request: Request) -> HTTPRequest.Method { isHead ? .head : request.method }

    public init(source: Source) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress
    }
}
