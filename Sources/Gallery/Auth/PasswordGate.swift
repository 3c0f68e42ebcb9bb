/// Checks a password the one way the gallery does: throttled, at bcrypt's pace, counted before
/// it is weighed. Signing in, unlocking a share link and changing one's password all pass here,
/// so a guess costs the same wherever it is tried.
struct PasswordGate: Sendable {
    let passwords: Passwords
    let throttle: LoginThrottle
    /// Multiplies the throttle's pauses (tests set 0 so they need not wait).
    let slowdownScale: Double

    /// Whether `password` matches the hash `lookUp` finds (none: an unknown name, checked just as
    /// slowly and refused). The attempt counts against `name` from `address` before the check,
    /// and is forgiven when it matches; too many answer with a 429 that says `tooMany`.
    func admits(_ password: String, name: String, address: String, tooMany: Phrase,
                hash lookUp: () async throws -> String?) async throws -> Bool {
        let attempt = await throttle.reserve(name: name, address: address)
        try await attempt.proceed(slowdownScale: slowdownScale, tooMany: tooMany)
        let hash = try await lookUp()
        let matches = password.isEmpty ? false : try await passwords.verify(password, hash: hash)
        await throttle.settle(attempt, succeeded: matches)
        return matches
    }
}
