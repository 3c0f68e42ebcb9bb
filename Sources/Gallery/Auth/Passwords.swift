import Foundation
import HummingbirdBcrypt
import NIOPosix

/// bcrypt hashing and checking, on a thread pool: one hash takes about a quarter of a second
/// at the default cost, which must never stall the event loop.
public struct Passwords: Sendable {
    /// bcrypt's work factor (each step doubles the time).
    public let cost: UInt8
    /// What an unknown account's password is checked against: a bcrypt hash of the same cost, so
    /// the check takes as long as a real one. Random rather than hashed, so making it costs
    /// nothing at start-up (hashing took a quarter of a second before anything was served).
    let dummyHash: String

    public init(cost: UInt8 = 12) {
        self.cost = cost
        let alphabet = Array("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        let body = String((0..<53).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        dummyHash = "$2b$" + (cost < 10 ? "0" : "") + String(cost) + "$" + body
    }

    /// A new bcrypt hash of `password`.
    public func hash(_ password: String) async throws -> String {
        try await NIOThreadPool.singleton.runIfActive { [cost] in Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`; with no hash (unknown account) it spends the same time and fails.
    public func verify(_ password: String, hash: String?) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { [dummyHash] in
            let matches = Bcrypt.verify(password, hash: hash ?? dummyHash)
            return hash != nil && matches
        }
    }

    /// Checks a new password's strength, naming the rule it breaks, in English.
    public static func check(_ password: String) -> String? { problem(password)?.english }

    /// Checks a new password's strength, naming the rule it breaks, for a page or the command line to say.
    public static func problem(_ password: String) -> Phrase? {
        if password.count < 8 { return Phrase("A password needs at least 8 characters.") }
        if password.utf8.count > 72 { return Phrase("A password can be at most 72 bytes long (bcrypt reads no further).") }
        return nil
    }

    /// Whether a stored hash is one a password can match: an account made at its first sign-in
    /// through the provider keeps `"!"`, which no bcrypt hash is.
    static func isUsable(hash: String?) -> Bool { hash.map { $0.hasPrefix("$2") } ?? false }
}
