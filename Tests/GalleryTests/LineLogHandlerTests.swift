import Logging
import Synchronization
import Testing
@testable import Gallery

@Suite struct LineLogHandlerTests {
    /// The lines a handler wrote.
    final class Lines: Sendable {
        let kept = Mutex<[String]>([])
        func withLock<T>(_ body: (inout [String]) -> T) -> T { kept.withLock { body(&$0) } }
    }

    /// A handler whose lines the test reads.
    private func logger(_ lines: Lines) -> Logger {
        Logger(label: "photolala") { label in LineLogHandler(label: label, output: { line in lines.withLock { $0.append(line) } }) }
    }

    @Test func aLineHasTheTimeLevelLabelSortedMetadataSourceAndMessage() throws {
        // given a logger with a request id, as Hummingbird gives every request
        let lines = Lines()
        var log = logger(lines)
        log[metadataKey: "hb.request.id"] = "abc123"
        // when a line is logged with metadata of its own
        log.info("request", metadata: ["status": "200", "method": "GET"], source: "Gallery")
        // then it reads as StreamLogHandler's lines do, keys in order
        let line = try #require(lines.withLock { $0.first })
        let pattern = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} info photolala: hb\.request\.id=abc123 method=GET status=200 \[Gallery\] request\n$/#
        #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
    }

    /// The line as it was first written, with `merge` and a sorted, joined array of pairs: the
    /// reference the handler's own writing is compared with.
    private static func straightforward(_ handler: LineLogHandler, _ event: LogEvent, label: String) -> String {
        var all = handler.metadata
        if let provided = handler.metadataProvider?.get() { all.merge(provided) { $1 } }
        if let explicit = event.metadata { all.merge(explicit) { $1 } }
        if let error = event.error {
            all["error.message"] = "\(error)"
            all["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        let pretty = all.isEmpty ? "" : " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return "\(event.level)\(label.isEmpty ? "" : " ")\(label):\(pretty) [\(event.source)] \(event.message)\n"
    }

    struct Refused: Error, CustomStringConvertible { var description: String { "the disk said no" } }

    @Test(arguments: ["photolala", ""])
    func aLineIsWhatTheStraightforwardFormattingWrites(label: String) throws {
        // given handlers with and without metadata of their own, a provider's and an error
        let lines = Lines()
        let plain = LineLogHandler(label: label, output: { line in lines.withLock { $0.append(line) } })
        var full = plain
        full[metadataKey: "hb.request.id"] = "abc123"
        full[metadataKey: "status"] = "the handler's"
        full.metadataProvider = Logger.MetadataProvider { ["trace": "t-1", "method": "the provider's"] }
        let events = [
            LogEvent(level: .info, message: "request", metadata: ["status": "200", "method": "GET", "path": "/a b/ü"], source: "Gallery",
                     file: #fileID, function: #function, line: #line),
            LogEvent(level: .error, message: "it failed", error: Refused(),
                     metadata: ["list": ["a", "b"], "map": ["k": "v"], "zeta": "last", "alpha": "first"], source: "Catalog",
                     file: #fileID, function: #function, line: #line),
            LogEvent(level: .notice, message: "started", metadata: nil, source: "Gallery", file: #fileID, function: #function, line: #line),
        ]
        for handler in [plain, full] {
            for event in events {
                // when each is written
                handler.log(event: event)
                // then, past its time, the line is the reference's
                let line = try #require(lines.withLock { $0.popLast() })
                let time = try #require(line.firstIndex(of: " "))
                #expect(line[line.index(after: time)...] == Self.straightforward(handler, event, label: label)[...], "\(line)")
                #expect(line[..<time].wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}/#) != nil, "\(line)")
            }
        }
    }

    @Test func levelsBelowTheLoggersAreNotWrittenAndErrorsAreNamed() throws {
        // given a logger at info
        let lines = Lines()
        var log = logger(lines)
        log.logLevel = .info
        // when a debug line and a line without metadata are logged
        log.debug("quiet")
        log.notice("started", source: "Gallery")
        // then only the second is written, without a metadata gap
        let written = lines.withLock { $0 }
        #expect(written.count == 1)
        #expect(written.first?.hasSuffix(" notice photolala: [Gallery] started\n") == true, "\(written)")
    }
}
