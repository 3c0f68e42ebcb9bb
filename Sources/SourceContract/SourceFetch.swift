/// What a source made of a request for one item's bytes: the bytes in a local file, word that the
/// item is gone, or word that it could not be read now.
///
/// Gone and unavailable are kept apart because they call for opposite answers: a file that is gone
/// may be forgotten, while one that could not be read now (an I/O error, a timeout, a server's
/// 5xx, a network failure, an unmounted drive) is left exactly as it was and tried again later.
public enum SourceFetch: Sendable {
    /// The item's bytes, in a file on this machine.
    case file(LocalFile)
    /// There is no such item (or the key is not valid).
    case gone
    /// The item could not be read now, with the reason as a sentence for logs and messages.
    case unavailable(String)

    /// The file, or nil when there is none to read.
    public var file: LocalFile? {
        if case .file(let file) = self { return file }
        return nil
    }

    /// The outcome of `localFile(forKey:)`: nil is gone, `SourceError.notFound` is gone, and any
    /// other failure is unavailable.
    public static func of(_ fetch: () async throws -> LocalFile?) async -> SourceFetch {
        do {
            return try await fetch().map(SourceFetch.file) ?? .gone
        } catch SourceError.notFound {
            return .gone
        } catch let error as SourceError {
            return .unavailable(error.description)
        } catch {
            return .unavailable("The file could not be read (\(error)).")
        }
    }
}
