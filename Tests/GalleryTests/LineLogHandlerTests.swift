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
