import Catalog
import NIOCore
import Synchronization

/// Rendered group pages, kept per catalog version and per what makes two visitors' pages differ
/// (the address, the account and its role, the layout), so a page asked for again is sent without
/// a query or a render. Each visitor's own form token is spliced in as the page goes out: a page
/// is rendered once with a placeholder, random for each process so no photo name or caption can
/// spell it, and kept in the pieces between its occurrences.
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

    /// A kept page: the bytes between the places the token goes.
    struct Page: Sendable {
        let pieces: [ByteBuffer]
        var bytes: Int { pieces.reduce(0) { $0 + $1.readableBytes } }
    }

    /// What pages are rendered with where a visitor's form token goes.
    let placeholder: String
    private let byteLimit: Int
    private let state = Mutex<State>(State())
    private struct State {
        /// The catalog version of the kept pages: a page of an older one is never asked for again.
        var version = Int.min
        var pages: [Key: Page] = [:]
        /// For a page that shows look-alikes (by its key with `likeness` 0), the look-alikes'
        /// version of the one kept.
        var likenessKept: [Key: Int] = [:]
        /// Pages that show look-alikes (likewise) that a request is making anew for newer ones.
        var making: Set<Key> = []
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

    init(byteLimit: Int = 16 << 20) {
        var generator = SystemRandomNumberGenerator()
        // Letters past "f": never a hex token, and 128 random bits of them.
        placeholder = "csrf" + String((0..<32).map { _ in Character(Unicode.Scalar(UInt8(ascii: "g") + UInt8(generator.next() % 20))) })
        self.byteLimit = byteLimit
    }

    /// What `find` found: a kept page and the key it was kept under, or nothing, and whether the
    /// caller has claimed the making of the page (to say `made` when done, kept or not).
    enum Found {
        case kept(Page, Key)
        case none(claimed: Bool)
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
    func find(_ key: Key) -> Found {
        let found: Found = state.withLock { state in
            if let page = state.pages[key] { return .kept(page, key) }
            guard key.likeness != 0 else { return .none(claimed: false) }
            let base = key.withoutLikeness
            if state.making.contains(base), let likeness = state.likenessKept[base] {
                var older = key
                older.likeness = likeness
                if let page = state.pages[older] { return .kept(page, older) }
            }
            return .none(claimed: state.making.insert(base).inserted)
        }
        counts.withLock { if case .kept = found { $0.hits += 1 } else { $0.misses += 1 } }
        return found
    }

    /// Says that the request that claimed the making of `key`'s page is done with it.
    func made(_ key: Key) {
        _ = state.withLock { $0.making.remove(key.withoutLikeness) }
    }

    /// The kept page for `key`, if any.
    func page(_ key: Key) -> Page? {
        let page = state.withLock { $0.pages[key] }
        counts.withLock { if page == nil { $0.misses += 1 } else { $0.hits += 1 } }
        return page
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
        let page = Page(pieces: Self.split(rendered, at: Array(placeholder.utf8)))
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

    /// The entity tag of the page for `key` with `token` in it, plain or gzip-compressed: the same
    /// for the same bytes in this process (the placeholder, new in every process, keeps a
    /// restart's versions apart).
    func etag(_ key: Key, token: String, gzip: Bool) -> String {
        var hasher = Hasher()
        hasher.combine(key)
        hasher.combine(token)
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

    /// The page with `token` in each place the placeholder stood.
    func body(_ page: Page, token: String) -> ByteBuffer {
        var out = ByteBufferAllocator().buffer(capacity: page.bytes + token.utf8.count * (page.pieces.count - 1))
        for (index, piece) in page.pieces.enumerated() {
            if index > 0 { out.writeString(token) }
            out.writeImmutableBuffer(piece)
        }
        return out
    }

    /// Whether `needle` (not empty) occurs in `buffer`.
    static func contains(_ buffer: ByteBuffer, _ needle: [UInt8]) -> Bool {
        !needle.isEmpty && split(buffer, at: needle).count > 1
    }

    /// The pieces of `buffer` between occurrences of `needle`.
    static func split(_ buffer: ByteBuffer, at needle: [UInt8]) -> [ByteBuffer] {
        let bytes = buffer.readableBytesView
        guard let first = needle.first, !needle.isEmpty else { return [buffer] }
        var pieces: [ByteBuffer] = []
        var start = bytes.startIndex
        var index = start
        while index + needle.count <= bytes.endIndex {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
                pieces.append(buffer.getSlice(at: buffer.readerIndex + start - bytes.startIndex, length: index - start)!)
                index += needle.count
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(buffer.getSlice(at: buffer.readerIndex + start - bytes.startIndex, length: bytes.endIndex - start)!)
        return pieces
    }
}
