import Foundation
import Logging

/// Log lines on standard error in the form swift-log's `StreamLogHandler` writes them
/// (`<time> <level> <label>: key=value … [<source>] <message>`), with the metadata formatted
/// only when a line is written. Hummingbird gives every request a logger of its own carrying the
/// request id; `StreamLogHandler` formats its metadata anew on every change, a cost every
/// request paid though most of them (thumbnails, static files) log nothing.
public struct LineLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadataProvider: Logger.MetadataProvider?
    public var metadata = Logger.Metadata()
    private let label: String
    private let output: @Sendable (String) -> Void

    /// A handler for `Logger(label:factory:)`, writing to standard error (tests give `output`).
    public init(label: String, output: @escaping @Sendable (String) -> Void = LineLogHandler.standardError) {
        self.label = label
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        // Merged key by key and appended to one string, rather than `merge` and a sorted array of
        // pairs mapped and joined: a few tenths of a percent of a page's samples under load
        // (BENCHMARKS.md, "The access log's line"), for a line every page writes.
        var all = metadata
        if let provided = metadataProvider?.get() { for (key, value) in provided { all[key] = value } }
        if let explicit = event.metadata { for (key, value) in explicit { all[key] = value } }
        if let error = event.error {
            all["error.message"] = "\(error)"
            all["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        var line = Self.timestamp()
        line.reserveCapacity(160)
        line.append(" ")
        line.append(event.level.rawValue)
        if !label.isEmpty { line.append(" "); line.append(label) }
        line.append(":")
        for key in all.keys.sorted() {
            line.append(" ")
            line.append(key)
            line.append("=")
            line.append(all[key]!.description)
        }
        line.append(" [")
        line.append(event.source)
        line.append("] ")
        line.append(event.message.description)
        line.append("\n")
        output(line)
    }

    /// A whole line in one `write` to standard error, so lines of several threads never interleave.
    @Sendable public static func standardError(_ line: String) {
        var line = line
        line.withUTF8 { bytes in
            var done = 0
            while done < bytes.count {
                let n = Glibc.write(2, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                done += n
            }
        }
    }

    /// Local time as `2026-11-27T08:00:00+0000`, as `StreamLogHandler` writes it.
    private static func timestamp() -> String {
        var now = time(nil)
        var local = tm()
        guard localtime_r(&now, &local) != nil else { return "<unknown>" }
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
