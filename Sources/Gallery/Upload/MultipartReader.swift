import NIOCore

/// An incremental `multipart/form-data` parser: bytes go in as they arrive, events come out,
/// and at most one delimiter's worth of bytes is held back, so a file of any size streams
/// through in constant memory.
struct MultipartReader {
    enum Event: Equatable {
        /// A part begins: its form field name and, for a file, the file name the browser sent.
        case part(name: String, filename: String?)
        case data(ByteBuffer)
        case partEnd
    }

    enum Failure: Error, Equatable {
        case notMultipart
        case malformed(String)
    }

    private enum State {
        case preamble, afterDelimiter, headers, body, done
    }

    private let delimiter: [UInt8]
    private var pending: [UInt8] = [13, 10]  // a virtual CRLF, so the first delimiter looks like every other
    private var state = State.preamble
    static let maxHeaderBytes = 16 * 1024

    /// Reads the boundary from a `Content-Type` header.
    init(contentType: String) throws {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data",
              let raw = parts.dropFirst().first(where: { $0.lowercased().hasPrefix("boundary=") })?.dropFirst(9) else {
            throw Failure.notMultipart
        }
        let boundary = raw.hasPrefix("\"") && raw.hasSuffix("\"") && raw.count >= 2 ? raw.dropFirst().dropLast() : raw
        guard (1...70).contains(boundary.utf8.count) else { throw Failure.notMultipart }
        delimiter = Array("\r\n--\(boundary)".utf8)
    }

    /// Whether the closing delimiter has been read.
    var isFinished: Bool { if case .done = state { return true } else { return false } }

    /// Feeds the next bytes and returns what they completed.
    mutating func feed(_ chunk: ByteBuffer) throws -> [Event] {
        if case .done = state { return [] }
        pending.append(contentsOf: chunk.readableBytesView)
        var events: [Event] = []
        while true {
            switch state {
            case .preamble:
                guard let at = find(delimiter) else {
                    // Keep only what could still be the start of the delimiter.
                    if pending.count > delimiter.count { pending.removeFirst(pending.count - delimiter.count) }
                    return events
                }
                pending.removeFirst(at + delimiter.count)
                state = .afterDelimiter
            case .afterDelimiter:
                guard pending.count >= 2 else { return events }
                if pending[0] == 45 && pending[1] == 45 {  // "--": the closing delimiter
                    state = .done
                    pending.removeAll()
                    return events
                }
                // Transport padding may follow a delimiter before its CRLF.
                guard let lineEnd = find([13, 10]) else { return events }
                pending.removeFirst(lineEnd + 2)
                state = .headers
            case .headers:
                guard let end = find([13, 10, 13, 10]) else {
                    if pending.count > Self.maxHeaderBytes { throw Failure.malformed("a part's headers are too long") }
                    return events
                }
                let headerText = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeFirst(end + 4)
                events.append(try Self.part(from: headerText))
                state = .body
            case .body:
                if let at = find(delimiter) {
                    if at > 0 { events.append(.data(ByteBuffer(bytes: pending[..<at]))) }
                    events.append(.partEnd)
                    pending.removeFirst(at + delimiter.count)
                    state = .afterDelimiter
                } else {
                    let safe = pending.count - (delimiter.count - 1)
                    if safe > 0 {
                        events.append(.data(ByteBuffer(bytes: pending[..<safe])))
                        pending.removeFirst(safe)
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

    private func find(_ needle: [UInt8]) -> Int? {
        guard pending.count >= needle.count, let first = needle.first else { return nil }
        return pending.withUnsafeBufferPointer { hay in
            var i = 0
            let last = hay.count - needle.count
            while i <= last {
                if hay[i] == first {
                    var j = 1
                    while j < needle.count && hay[i + j] == needle[j] { j += 1 }
                    if j == needle.count { return i }
                }
                i += 1
            }
            return nil
        }
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
