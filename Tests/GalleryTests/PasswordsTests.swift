import Testing
@testable import Gallery

@Suite struct PasswordsTests {
    @Test func anUnknownAccountIsCheckedAgainstAHashOfTheSameCostAndNeverMatches() async throws {
        // given the passwords of a gallery, and one real hash
        let passwords = Passwords(cost: 4)
        let real = try await passwords.hash("correct horse battery")
        // then the stand-in for an unknown account has a real hash's shape and cost, so it costs as much to check
        #expect(passwords.dummyHash.count == real.count && passwords.dummyHash.hasPrefix("$2b$04$"))
        #expect(Passwords(cost: 12).dummyHash.hasPrefix("$2b$12$") && Passwords(cost: 4).dummyHash != passwords.dummyHash)
        // and nothing matches it, while the real one matches its own password only
        for attempt in ["", "correct horse battery", "photolala-no-such-account"] {
            #expect(try await passwords.verify(attempt, hash: nil) == false)
        }
        #expect(try await passwords.verify("correct horse battery", hash: real))
        #expect(try await passwords.verify("wrong horse battery", hash: real) == false)
    }
}
