import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// Slow or greedy clients over real sockets: headers and bodies below the floor rate are cut
/// with 408, and connections are capped in total as well as per address.
@Suite struct SlowClientTests {
    /// A live server with short limits, so the tests need not wait a minute.
    func withServer(_ adjust: (inout GalleryConfig) -> Void = { _ in },
                    _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        try await withServer(adjust) { port, _ in try await body(port) }
    }

    /// The same, handing over the test framework's own client as well (it holds a connection of its own).
    func withServer(_ adjust: (inout GalleryConfig) -> Void = { _ in },
                    _ body: @escaping @Sendable (Int, any TestClientProtocol) async throws -> Void) async throws {
        let f = try GalleryFixture()
        var config = f.config()
        config.headerTimeout = 2
        config.minimumBodyRate = 1_000
        config.rateWindowSeconds = 2
        adjust(&config)
        let app = try await buildApplication(config)
        try await app.test(.live) { client in try await body(try #require(client.port), client) }
    }

    /// What a browser sends with a form: its type, the page's origin, and a form-token cookie.
    static let formHeaders = "Content-Type: application/x-www-form-urlencoded\r\nOrigin: http://localhost\r\n"
        + "Cookie: photolala_csrf=\(String(repeating: "0", count: 64))\r\n"

    @Test func headersTrickledPastTheTimeoutGet408() async throws {
        try await withServer { port in
            // given a client that sends a request's headers a byte at a time
            let slow = try RawConnection(port: port)
            try await slow.send("GET / HTTP/1.1\r\nHost: localhost\r\n")
            var answer = ""
            // when it keeps trickling
            for byte in "X-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" {
                try await slow.send(String(byte))
                answer = try await slow.waitForAnswer(limit: .milliseconds(250))
                if !answer.isEmpty || slow.closed { break }
            }
            // then it is answered 408 and cut off before it finishes
            #expect(answer.hasPrefix("HTTP/1.1 408"))
            _ = try await slow.waitForAnswer(limit: .seconds(5))
        }
    }

    @Test func aBodyTrickledBelowTheFloorRateGets408() async throws {
        try await withServer { port in
            // given a client that announces a 10,000-byte form (from this site, with a form cookie) and sends it a byte at a time
            let slow = try RawConnection(port: port)
            try await slow.send("POST /login HTTP/1.1\r\nHost: localhost\r\n" + Self.formHeaders + "Content-Length: 10000\r\n\r\n")
            var answer = ""
            for _ in 0..<400 {
                guard try await slow.send("a") else { break }
                answer = try await slow.waitForAnswer(limit: .milliseconds(250))
                if !answer.isEmpty || slow.closed { break }
            }
            // then it is answered 408 long before the body is complete
            #expect(answer.hasPrefix("HTTP/1.1 408"))
        }
    }

    @Test func aBodySentAtAnOrdinarySpeedIsServed() async throws {
        try await withServer { port in
            // given a client that sends a 60 kB form at once
            let client = try RawConnection(port: port)
            let body = String(repeating: "a", count: 60_000)
            try await client.send("POST /login HTTP/1.1\r\nHost: localhost\r\n" + Self.formHeaders + "Content-Length: \(body.utf8.count)\r\n\r\n")
            try await client.send(body)
            // then it gets the server's own answer (the form is refused, as its token is wrong), not a 408
            let answer = try await client.waitForAnswer(limit: .seconds(20))
            #expect(answer.hasPrefix("HTTP/1.1 ") && !answer.hasPrefix("HTTP/1.1 408"))
        }
    }

    @Test func connectionsAreCappedInTotal() async throws {
        // (a header timeout far longer than the test, so only the cap can close a connection)
        try await withServer({ $0.maxConnections = 3; $0.headerTimeout = 600 }) { port, client in
            // given the test framework's own connection, answered once so that it is surely open
            // (it connects by itself, so it would otherwise take a place at an unknown moment)
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
            // and two more open connections, reaching the cap, each answered once so the server has counted it
            let first = try RawConnection(port: port)
            let second = try RawConnection(port: port)
            for open in [first, second] {
                try await open.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
                #expect(try await open.waitForAnswer(limit: .seconds(60)).hasPrefix("HTTP/1.1 200"))
            }
            // when a third arrives
            let third = try RawConnection(port: port)
            _ = try await third.waitForAnswer(limit: .seconds(60))
            // then it is closed at once, while the first two are still open
            _ = (first.text(), second.text())
            #expect(third.closed)
            #expect(!first.closed && !second.closed)
        }
    }
}
