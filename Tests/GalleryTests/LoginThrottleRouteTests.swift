import Catalog
import Foundation
@testable import Gallery
import Hummingbird
import HummingbirdTesting
import Testing

/// The sign-in throttle under parallel guessing, and what a success does and does not forgive.
@Suite struct LoginThrottleRouteTests {
    @Test func parallelWrongPasswordsGetNoMoreThanTheSequentialAllowance() async throws {
        // given an account and a sign-in form
        let f = try await AuthRouteTests().fixture()
        try await f.withClient { client in
            let start = try await FormPoster.start(client, page: "/login")
            // when 40 wrong passwords for that name arrive at once
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<40 {
                    group.addTask { try await start.post("/login", [("name", "ada"), ("password", "guess guess")]).status.code }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            // then no more are weighed than one after another would be, and the rest are refused
            #expect(statuses.filter { $0 == 401 }.count <= 10)
            #expect(statuses.filter { $0 == 429 }.count >= 30)
            #expect(statuses.allSatisfy { $0 == 401 || $0 == 429 })
        }
    }

    @Test func aSuccessDoesNotForgiveOtherNamesFailuresFromTheSameAddress() async throws {
        // given 29 failed guesses at other names from one address
        let f = try await AuthRouteTests().fixture()
        try await f.withClient { client in
            let start = try await FormPoster.start(client, page: "/login")
            for i in 0..<29 { _ = try await start.post("/login", [("name", "user\(i)"), ("password", "wrong password")]) }
            // when the owner signs in from that address, and someone guesses once more
            #expect(try await start.post("/login", [("name", "ada"), ("password", "correct horse")]).status == .seeOther)
            #expect(try await start.post("/login", [("name", "user29"), ("password", "wrong password")]).status == .unauthorized)
            // then the address has used up its allowance for strangers' names
            #expect(try await start.post("/login", [("name", "user30"), ("password", "wrong password")]).status == .tooManyRequests)
        }
    }
}
