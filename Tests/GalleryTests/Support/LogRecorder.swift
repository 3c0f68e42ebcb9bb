import Foundation
import Logging

/// A log handler that keeps every entry, with the logger's metadata (the request id) merged in.
struct LogRecorder: LogHandler {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    /// Where every copy of the handler writes: loggers are copied per request.
    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [Entry] = []
        var entries: [Entry] { lock.withLock { kept } }
        func append(_ entry: Entry) { lock.withLock { kept.append(entry) } }
    }

    let box: Box
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        box.append(Entry(level: event.level, message: event.message.description, metadata: merged.mapValues { "\($0)" }))
    }
}
