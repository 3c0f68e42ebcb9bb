import ArgumentParser
import Catalog
import Foundation
import Gallery

/// `photolala tokens …`: API tokens, the credentials of the JSON API (/api/v1), for scripts and
/// first set-up; members make them on their account page too.
struct Tokens: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Manage API tokens for the JSON API (/api/v1): scripts, dashboards and photo frames.",
        subcommands: [List.self, Add.self, Revoke.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List an account's API tokens, their scopes and last use.")
        @Argument(help: "The account name.") var user: String
        @OptionGroup var location: LocationOptions

        func run() async throws {
            let (store, account) = try await Users.open(user, at: location)
            let tokens = try await store.tokens(accountId: account.id)
            if tokens.isEmpty { say(Phrase("\(account.name) has no API tokens.")); return }
            let width = tokens.map(\.label.count).max() ?? 5
            for token in tokens {
                let used = token.lastUsedAt.map { ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval($0))) } ?? "never used"
                let what = token.frame.map { "frame " + $0.text } ?? APIToken.Scope.text(token.scopes)
                print(token.label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + what.padding(toLength: 30, withPad: " ", startingAt: 0) + used)
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Make an API token and print it once; it is stored hashed and cannot be shown again.")
        @Argument(help: "The account name.") var user: String
        @Argument(help: "A name for the token, such as \"Kitchen frame\".") var label: String
        @Option(help: "What it may do, comma-separated: read, curate, upload, share, admin (admins only).")
        var scope: String = "read"
        @Option(help: "Make a frame token that reads this album alone (its id, as in /albums/ID).")
        var album: Int64?
        @Option(help: "Make a frame token that reads what this share link of the account shows (its id, as GET /api/v1/shares lists it).")
        var share: Int64?
        @OptionGroup var location: LocationOptions

        func run() async throws {
            guard let scopes = APIToken.Scope.list(scope) else {
                throw ValidationError(Phrase("--scope takes read, curate, upload, share and admin, comma-separated."))
            }
            guard album == nil || share == nil else { throw ValidationError(Phrase("A frame token reads an album or a share link, not both.")) }
            let frame: APIToken.Frame? = album.map { .album($0) } ?? share.map { .share($0) }
            let (store, account) = try await Users.open(user, at: location)
            let made: (token: APIToken, secret: String)
            do {
                made = try await APITokens(store: store, adminsSeePrivate: false).make(for: account, label: label, scopes: scopes, frame: frame)
            } catch let refusal as APITokens.Refusal {
                throw ValidationError(refusal.reason.english)
            }
            // The secret alone on standard output, for scripts; the rest on standard error.
            let what = made.token.frame.map { "frame " + $0.text } ?? APIToken.Scope.text(made.token.scopes)
            FileHandle.standardError.write(Data("API token for \(account.name) (\(made.token.label), \(what)); it is shown this once:\n".utf8))
            print(made.secret)
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke an API token; its next request is refused.")
        @Argument(help: "The account name.") var user: String
        @Argument(help: "The token's name.") var label: String
        @OptionGroup var location: LocationOptions

        func run() async throws {
            let (store, account) = try await Users.open(user, at: location)
            guard let token = try await store.tokens(accountId: account.id).first(where: { $0.label.caseInsensitiveCompare(label) == .orderedSame }) else {
                throw ValidationError(Phrase("\(account.name) has no API token called \(label)."))
            }
            try await store.revokeToken(id: token.id, accountId: account.id)
            say(Phrase("Revoked \(token.label) of \(account.name)."))
        }
    }
}
