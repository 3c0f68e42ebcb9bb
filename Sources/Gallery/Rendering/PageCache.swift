import Catalog
import NIOCore
import Synchronization

/// Rendered group pages, kept per catalog version and per what makes two visitors' pages differ
/// (the address, the account and its role, the layout), so a page asked for again is sent without
/// a query or a render. Each visitor's own form token is spliced in as the page goes out, and so
/// is the scan banner of the moment, so a page is kept while a scan runs as at any other time: a
/// page is rendered once with a placeholder for each, random for each process so no photo name or
/// caption can spell it, and kept in the pieces between their occurrences.
final class PageCache: Sendable {
    /// What a kept page depends on besides the token.
    struct Key: Hashable, Sendable {
        /// The catalog's version: the kept pages are all of the newest one asked for.
        var version: Int
        /// The look-alikes' version, for a page that shows them (the Similar collection, a photo's
        /// page); 0 for every other. It does not order the cache as the catalog's version does:
        /// the page of the newest look-alikes kept stands in for a newer one while a request
        /// makes it (`find`), and goes when that one is kept.
        var likeness = 0
        /// The path and query the page was asked for, without the base path.
        var target: String
        var account: Int64?
        var accountName: String?
        var role: Role?
        var layout: String
        /// The language the page is written in.
        var language = "en"
        /// The zone its server times are written in (`GalleryContext.timeZone`).
        var zone = ""
        /// The day, for a page that shows what was taken on this day.
        var day: String = ""
        /// What the page says that the catalog's version does not follow (an album's share links,
        /// which open and close with time), so a change of it is another page.
        var notes: String = ""

        /// The same page whatever look-alikes it shows.
        var withoutLikeness: Key {
            var key = self
            key.likeness = 0
            return key
        }
    }

    /// A kept page: the bytes between the places the token and the banner go, and which goes
    /// after each piece but the last.
    struct Page: Sendable {
        let pieces: [ByteBuffer]
        let holes: [Hole]
        /// The page as rendered, placeholders and all, and where each token placeholder starts
        /// in it: with a token as long as the placeholder and no banner, the page goes out as one
        /// copy of these bytes with the token written over each placeholder, rather than put
        /// together piece by piece (a group page has a form, and a token, on every tile).
        let whole: ByteBuffer
        let tokenOffsets: [Int]
        var bytes: Int { pieces.reduce(0) { $0 + $1.readableBytes } }
    }

    /// What goes into a hole of a kept page as it goes out.
    enum Hole: Sendable { case token, banner }

    /// What pages are rendered with where a visitor's form token goes.
    let placeholder: String
    /// What pages are rendered with where the scan banner goes (`GalleryContext.bannerSlot`).
    let bannerPlaceholder: String
    /// The scan banner of the moment as a page shows it, in the visitor's language; empty when
    /// no scan runs (`PageKit.banner`).
    let banner: @Sendable (GalleryContext) throws -> String
    private let byteLimit: Int
    private let state = Mutex<State>(State())
    private struct State {
        /// The catalog version of the kept pages: a page of an older one is never asked for again.
        var version = Int.min
        var pages: [Key: Page] = [:]
        /// For a page that shows look-alikes (by its key with `likeness` 0), the look-alikes'
        /// version of the one kept.
        var likenessKept: [Key: Int] = [:]
        /// The pages being made, each by one request, that others asking meanwhile wait for.
        var flights: [Key: Flight] = [:]
        /// A page as one visitor's browser gets it, gzip-compressed with their token in it.
        var compressed: [TokenKey: ByteBuffer] = [:]
        var bytes = 0

        /// Lets the page for `key` go, with its compressed copies.
        mutating func drop(_ key: Key) {
            if let page = pages.removeValue(forKey: key) { bytes -= page.bytes }
            for (tokenKey, body) in compressed where tokenKey.key == key {
                compressed.removeValue(forKey: tokenKey)
                bytes -= body.readableBytes + tokenKey.token.utf8.count
            }
        }
    }
    private struct TokenKey: Hashable {
        var key: Key
        var token: String
    }
    private let counts = Mutex<(hits: Int, misses: Int)>((0, 0))

    init(byteLimit: Int = 16 << 20, banner: @escaping @Sendable (GalleryContext) throws -> String = { _ in "" }) {
        var generator = SystemRandomNumberGenerator()
        // Letters past "f": never a hex token, and over 128 random bits of them. The token's is as
        // long as a token (`CSRFMiddleware.isWellFormed`), so a token is written over it in place.
        func letters(_ count: Int) -> String { String((0..<count).map { _ in Character(Unicode.Scalar(UInt8(ascii: "g") + UInt8(generator.next() % 20))) }) }
        placeholder = "csrf" + letters(60)
        bannerPlaceholder = "scan" + letters(32)
        self.banner = banner
        self.byteLimit = byteLimit
    }

    /// What `find` found.
    enum Found {
        /// A kept page, and the key it was kept under.
        case kept(Page, Key)
        /// Another request is making the page: its result is the caller's too (`Flight.made`).
        case wait(Flight)
        /// Nothing: the caller makes the page, and says so with `made` when done, kept or not.
        case make(Flight)
    }

    /// A page made by one request for every request that asks for it meanwhile: after a change
    /// of the catalog, or while a page cannot be kept (the home page's counts are being made),
    /// the requests in flight each made it again, all at once.
    final class Flight: Sendable {
        /// The page made (nil: the maker's own, or none; each waiter makes its own), once it is.
        private let state = Mutex<(result: Made??, waiters: [CheckedContinuation<Made?, Never>])>((nil, []))

        /// The page as made, and whether it was kept.
        struct Made: Sendable {
            let page: Page
            let kept: Bool
        }

        /// What the maker made, once it has: nil when the waiter must make the page itself.
        func made() async -> Made? {
            await withCheckedContinuation { (waiter: CheckedContinuation<Made?, Never>) in
                let done = state.withLock { state -> Made?? in
                    if let result = state.result { return result }
                    state.waiters.append(waiter)
                    return nil
                }
                if let done { waiter.resume(returning: done) }
            }
        }

        fileprivate func finish(_ made: Made?) {
            let waiters = state.withLock { state in
                state.result = .some(made)
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume(returning: made) }
        }
    }

    /// The kept page for `key`; or, for a page that shows look-alikes, while another request is
    /// making it for newer look-alikes, the page kept of the newest ones before them.
    ///
    /// Look-alikes are measured in the background, a few at a time, and each measure moves their
    /// version on: a photo's page would be made afresh by every request that came in between.
    /// So one request makes it and the others are answered at once with the page of a moment
    /// ago, which differs, if at all, by a look-alike that has just been found. A request after
    /// the page is made gets the new one; nothing else about the page is ever older than asked,
    /// since every kept page is of the catalog's newest version.
    ///
    /// Otherwise, one request makes the page and any other asking for it meanwhile waits for it.
    func find(_ key: Key) -> Found {
        let found: Found = state.withLock { state in
            if let page = state.pages[key] { return .kept(page, key) }
            if key.likeness != 0 {
                let base = key.withoutLikeness
                if let likeness = state.likenessKept[base],
                   state.flights.keys.contains(where: { $0.likeness != 0 && $0.withoutLikeness == base }) {
                    var older = key
                    older.likeness = likeness
                    if let page = state.pages[older] { return .kept(page, older) }
                }
            }
            if let flight = state.flights[key] { return .wait(flight) }
            let flight = Flight()
            state.flights[key] = flight
            return .make(flight)
        }
        counts.withLock { if case .make = found { $0.misses += 1 } else { $0.hits += 1 } }
        return found
    }

    /// Says that the request making `key`'s page with `flight` is done, with what it made for the
    /// others (nil: the page was its own, or it failed).
    func made(_ key: Key, _ flight: Flight, _ made: Flight.Made?) {
        state.withLock { state in
            if state.flights[key] === flight { state.flights[key] = nil }
        }
        flight.finish(made)
    }

    /// The kept page for `key`, if any: a look, not a visit (`find` counts those).
    func page(_ key: Key) -> Page? {
        state.withLock { $0.pages[key] }
    }

    /// Pages answered from the cache and made afresh (of those that could be kept), and the bytes kept.
    var figures: (hits: Int, misses: Int, bytes: Int) {
        let (hits, misses) = counts.withLock { ($0.hits, $0.misses) }
        return (hits, misses, state.withLock { $0.bytes })
    }

    /// Keeps a page rendered with the placeholder. A page of an older catalog version is never
    /// asked for again, so the first page of a newer version lets every older one go, and a page
    /// rendered from a version already passed is not kept; when full, the cache starts afresh.
    @discardableResult
    func keep(_ rendered: ByteBuffer, for key: Key) -> Page {
        let page = pieces(of: rendered)
        let size = page.bytes
        guard size <= byteLimit / 4 else { return page }
        state.withLock { state in
            guard key.version >= state.version else { return }
            if key.version > state.version || state.bytes + size > byteLimit { state = State(version: key.version) }
            if key.likeness != 0 {
                // The page of older look-alikes goes: it is not asked for again, nor stands in any more.
                let base = key.withoutLikeness
                if let kept = state.likenessKept[base], kept != key.likeness {
                    guard kept < key.likeness else { return }
                    var older = key
                    older.likeness = kept
                    state.drop(older)
                }
                state.likenessKept[base] = key.likeness
            }
            if let old = state.pages.updateValue(page, forKey: key) { state.bytes -= old.bytes }
            state.bytes += size
        }
        return page
    }

    /// The entity tag of the page for `key` with `token` and `banner` in it, plain or
    /// gzip-compressed: the same for the same bytes in this process (the placeholder, new in every
    /// process, keeps a restart's versions apart).
    func etag(_ key: Key, token: String, banner: String, gzip: Bool) -> String {
        var hasher = Hasher()
        hasher.combine(key)
        hasher.combine(token)
        hasher.combine(banner)
        hasher.combine(placeholder)
        return "\"p" + String(UInt64(bitPattern: Int64(hasher.finalize())), radix: 36) + (gzip ? "-gz" : "") + "\""
    }

    /// The kept page for `key` as sent gzip-compressed to the visitor with `token`, if any.
    func compressed(_ key: Key, token: String) -> ByteBuffer? {
        state.withLock { $0.compressed[TokenKey(key: key, token: token)] }
    }

    /// Keeps a page as compressed for one visitor: a household's few sessions each get theirs.
    func keepCompressed(_ body: ByteBuffer, for key: Key, token: String) {
        let size = body.readableBytes + token.utf8.count
        state.withLock { state in
            guard state.pages[key] != nil else { return }
            if state.bytes + size > byteLimit { state = State(version: state.version) }
            if let old = state.compressed.updateValue(body, forKey: TokenKey(key: key, token: token)) { state.bytes -= old.readableBytes }
            state.bytes += size
        }
    }

    /// The page with `token` in each place the token's placeholder stood, and `banner` in each
    /// place the banner's did.
    func body(_ page: Page, token: String, banner: String = "") -> ByteBuffer {
        if !page.holes.contains(.banner), token.utf8.count == placeholder.utf8.count {
            var out = ByteBufferAllocator().buffer(capacity: page.whole.readableBytes)
            out.writeImmutableBuffer(page.whole)
            for offset in page.tokenOffsets { out.setString(token, at: out.readerIndex + offset) }
            return out
        }
        let (tokens, banners) = page.holes.reduce(into: (0, 0)) { counts, hole in
            if hole == .token { counts.0 += 1 } else { counts.1 += 1 }
        }
        var out = ByteBufferAllocator().buffer(capacity: page.bytes + token.utf8.count * tokens + banner.utf8.count * banners)
        for (index, piece) in page.pieces.enumerated() {
            if index > 0 { out.writeString(page.holes[index - 1] == .token ? token : banner) }
            out.writeImmutableBuffer(piece)
        }
        return out
    }

    /// A rendered page in pieces, split at both placeholders.
    func pieces(of rendered: ByteBuffer) -> Page {
        let needles = [Array(placeholder.utf8), Array(bannerPlaceholder.utf8)]
        let (pieces, found) = Self.split(rendered, at: needles)
        var tokenOffsets: [Int] = []
        var offset = 0
        for (piece, needle) in zip(pieces, found) {
            offset += piece.readableBytes
            if needle == 0 { tokenOffsets.append(offset) }
            offset += needles[needle].count
        }
        return Page(pieces: pieces, holes: found.map { $0 == 0 ? .token : .banner }, whole: rendered, tokenOffsets: tokenOffsets)
    }

    /// Whether `needle` (not empty) occurs in `buffer`.
    static func contains(_ buffer: ByteBuffer, _ needle: [UInt8]) -> Bool {
        !needle.isEmpty && split(buffer, at: [needle]).pieces.count > 1
    }

    /// The pieces of `buffer` between occurrences of any of `needles` (none empty, none the start
    /// of another), and which needle stood after each piece but the last.
    static func split(_ buffer: ByteBuffer, at needles: [[UInt8]]) -> (pieces: [ByteBuffer], found: [Int]) {
        let bytes = buffer.readableBytesView
        let needles = needles.filter { !$0.isEmpty }
        guard !needles.isEmpty else { return ([buffer], []) }
        var pieces: [ByteBuffer] = []
        var found: [Int] = []
        var start = bytes.startIndex
        var index = start
        scan: while index < bytes.endIndex {
            for (n, needle) in needles.enumerated()
            where bytes[index] == needle[0] && index + needle.count <= bytes.endIndex && bytes[index..<index + needle.count].elementsEqual(needle) {
                pieces.append(buffer.getSlice(at: buffer.readerIndex + start - bytes.startIndex, length: index - start)!)
                found.append(n)
                index += needle.count
                start = index
                continue scan
            }
            index += 1
        }
        pieces.append(buffer.getSlice(at: buffer.readerIndex + start - bytes.startIndex, length: bytes.endIndex - start)!)
        return (pieces, found)
    }
}
