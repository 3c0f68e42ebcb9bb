import Foundation

/// The `multipart/form-data` state machine over plain bytes: bytes go in as they arrive, events
/// come out, and at most one delimiter's worth of a part's body is held back, so a file of any size
/// streams through in constant memory. Headers and the padding after a delimiter are capped, and
/// where the bytes are cut between feeds never changes the events or the verdict.
struct MultipartParser {
    enum Event: Equatable {
        /// A part begins: its form field name and, for a file, the file name the browser sent.
        case part(name: String, filename: String?)
        /// The next bytes of the part's body (never empty).
        case data(ArraySlice<UInt8>)
        case partEnd
    }

    enum Failure: Error, Equatable {
        case notMultipart
        case malformed(String)
    }

    private enum State {
        case preamble, afterDelimiter, headers, body, done
    }

    /// The longest a part's headers (or the padding after a delimiter) may be.
    let maxHeaderBytes: Int
    private let delimiter: [UInt8]
    /// Bytes received; those before `start` are used up (dropped at the next feed).
    private var pending: [UInt8] = [13, 10]  // a virtual CRLF, so the first delimiter looks like every other
    private var start = 0
    /// Where the search for the current state's marker goes on: bytes before it were searched.
    private var searchFrom = 0
    private var state = State.preamble

    /// Reads the boundary from a `Content-Type` header.
    init(contentType: String, maxHeaderBytes: Int = 16 * 1024) throws {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data",
              let raw = parts.dropFirst().first(where: { $0.lowercased().hasPrefix("boundary=") })?.dropFirst(9) else {
            throw Failure.notMultipart
        }
        let boundary = raw.hasPrefix("\"") && raw.hasSuffix("\"") && raw.count >= 2 ? raw.dropFirst().dropLast() : raw
        guard (1...70).contains(boundary.utf8.count) else { throw Failure.notMultipart }
        delimiter = Array("\r\n--\(boundary)".utf8)
        self.maxHeaderBytes = max(1, maxHeaderBytes)
    }

    /// Whether the closing delimiter has been read.
    var isFinished: Bool { if case .done = state { return true } else { return false } }

    /// How many received bytes are held back, not yet given out as events.
    var heldBack: Int { pending.count - start }

    /// Feeds the next bytes and returns what they completed.
    mutating func feed(_ chunk: some Collection<UInt8>) throws -> [Event] {
        if case .done = state { return [] }
        if start > 0 {
            pending = Array(pending[start...])
            searchFrom = max(0, searchFrom - start)
            start = 0
        }
        pending.append(contentsOf: chunk)
        var events: [Event] = []
        while true {
            switch state {
            case .preamble:
                guard let at = find(delimiter) else {
                    // Keep only what could still be the start of the delimiter.
                    start = max(start, pending.count - (delimiter.count - 1))
                    return events
                }
                advance(to: at + delimiter.count, state: .afterDelimiter)
            case .afterDelimiter:
                guard heldBack >= 2 else { return events }
                if pending[start] == 45 && pending[start + 1] == 45 {  // "--": the closing delimiter
                    pending.removeAll()
                    start = 0
                    state = .done
                    return events
                }
                // Transport padding may follow a delimiter before its CRLF.
                guard let lineEnd = try findCapped([13, 10], tooLong: "the padding after a boundary is too long") else { return events }
                advance(to: lineEnd + 2, state: .headers)
            case .headers:
                guard let end = try findCapped([13, 10, 13, 10], tooLong: "a part's headers are too long") else { return events }
                let headerText = String(decoding: pending[start..<end], as: UTF8.self)
                advance(to: end + 4, state: .body)
                events.append(try Self.part(from: headerText))
            case .body:
                if let at = find(delimiter) {
                    if at > start { events.append(.data(pending[start..<at])) }
                    events.append(.partEnd)
                    advance(to: at + delimiter.count, state: .afterDelimiter)
                } else {
                    let safe = pending.count - (delimiter.count - 1)
                    if safe > start {
                        events.append(.data(pending[start..<safe]))
                        start = safe
                    }
                    return events
                }
            case .done:
                return events
            }
        }
    }

    /// Call when the body has ended: a body that stops before its closing delimiter is malformed.
    func finish() throws {
        guard isFinished else { throw Failure.malformed("the upload ended early") }
    }

    private mutating func advance(to index: Int, state next: State) {
        start = index
        searchFrom = index
        state = next
    }

    /// Where `needle` first starts at or after `start`, searching each byte once across feeds.
    private mutating func find(_ needle: [UInt8]) -> Int? {
        let from = max(start, searchFrom)
        let last = pending.count - needle.count
        guard from <= last else { return nil }
        let found: Int? = pending.withUnsafeBufferPointer { hay in
            var i = from
            while i <= last {
                if hay[i] == needle[0] {
                    var j = 1
                    while j < needle.count && hay[i + j] == needle[j] { j += 1 }
                    if j == needle.count { return i }
                }
                i += 1
            }
            return nil
        }
        if found == nil { searchFrom = last + 1 }
        return found
    }

    /// `find`, for a marker that must come within `maxHeaderBytes` of `start`; throws once it cannot.
    private mutating func findCapped(_ needle: [UInt8], tooLong: String) throws -> Int? {
        let found = find(needle)
        if let found, found - start <= maxHeaderBytes { return found }
        if found != nil || heldBack >= maxHeaderBytes + needle.count {
            throw Failure.malformed(tooLong)
        }
        return nil
    }

    /// The field name and file name from a part's `Content-Disposition`.
    static func part(from headers: String) throws -> Event {
        for line in headers.split(separator: "\r\n") {
            let pieces = line.split(separator: ":", maxSplits: 1)
            guard pieces.count == 2, pieces[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-disposition" else { continue }
            let params = parameters(String(pieces[1]))
            guard let name = params["name"] else { break }
            return .part(name: name, filename: params["filename"])
        }
        throw Failure.malformed("a part has no form field name")
    }

    /// `form-data; name="a"; filename="b c.jpg"` as a dictionary, quotes and escapes undone.
    static func parameters(_ value: String) -> [String: String] {
        var out: [String: String] = [:]
        var chars = Substring(value)
        while let semicolon = chars.firstIndex(of: ";") {
            chars = chars[chars.index(after: semicolon)...].drop { $0 == " " || $0 == "\t" }
            guard let equals = chars.firstIndex(of: "=") else { break }
            let key = chars[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            chars = chars[chars.index(after: equals)...]
            var result = ""
            if chars.first == "\"" {
                chars = chars.dropFirst()
                var escaped = false
                while let c = chars.first {
                    chars = chars.dropFirst()
                    if escaped { result.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { break } else { result.append(c) }
                }
            } else {
                let end = chars.firstIndex(of: ";") ?? chars.endIndex
                result = chars[..<end].trimmingCharacters(in: .whitespaces)
                chars = chars[end...]
            }
            out[key] = result
        }
        return out
    }
}
