import ArgumentParser
import Catalog
import Foundation
import Gallery

/// `photolala users …`: household accounts, from the machine that runs the gallery.
struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Manage household accounts (viewer, member, admin).",
        subcommands: [List.self, Add.self, Passwd.self, Remove.self, SetRole.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the accounts and their roles.")
        @OptionGroup var location: LocationOptions

        func run() async throws {
            let data = try location.resolve(check: false).data
            let accounts = try location.hasCatalog() ? try await location.openCatalog().accounts() : []
            if accounts.isEmpty { say(Phrase("No accounts yet. Make the first admin with: photolala users add NAME --role admin --data \(data)")); return }
            let width = accounts.map(\.name.count).max() ?? 4
            for account in accounts { print(account.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + account.role.rawValue) }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add an account; the password is asked for on a terminal, or read from the first line of standard input.")
        @Argument(help: "The account name (letters, digits, . _ -).") var name: String
        @Option(help: "viewer, member or admin.") var role: RoleArgument = .member
        @OptionGroup var location: LocationOptions

        func run() async throws {
            guard let valid = Account.validName(name) else { throw ValidationError(Phrase(AccountError.invalidName)) }
            guard !Account.reservedNames.contains(valid.lowercased()) else { throw ValidationError(Phrase(AccountError.reservedName(valid))) }
            // Checked before the password is asked for; the data folder is made only once there is one.
            if try location.hasCatalog(), try await location.openCatalog().account(named: valid) != nil {
                throw ValidationError(Phrase(AccountError.nameTaken(valid)))
            }
            let password = try PasswordPrompt.read(confirm: true)
            let store = try await location.openCatalog(create: true)
            try await Users.reportingAccountErrors {
                try await store.addAccount(name: valid, passwordHash: try await Passwords().hash(password), role: role.role)
            }
            say(Phrase("Added \(valid) (\(Phrase.role(role.role)))."))
        }
    }

    struct Passwd: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "passwd", abstract: "Set a new password for an account and sign it out everywhere.")
        @Argument var name: String
        @OptionGroup var location: LocationOptions

        func run() async throws {
            let (store, account) = try await Users.open(name, at: location)
            let password = try PasswordPrompt.read(confirm: true)
            try await store.setPassword(accountId: account.id, passwordHash: try await Passwords().hash(password))
            say(Phrase("Changed the password of \(account.name); its sessions were ended."))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an account with its favorites, sessions and share links.")
        @Argument var name: String
        @OptionGroup var location: LocationOptions

        func run() async throws {
            let (store, account) = try await Users.open(name, at: location)
            try await Users.reportingAccountErrors { try await store.removeAccount(id: account.id) }
            say(Phrase("Removed \(account.name)."))
        }
    }

    struct SetRole: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "role", abstract: "Change an account's role.")
        @Argument var name: String
        @Argument(help: "viewer, member or admin.") var role: RoleArgument
        @OptionGroup var location: LocationOptions

        func run() async throws {
            let (store, account) = try await Users.open(name, at: location)
            try await Users.reportingAccountErrors { try await store.setRole(accountId: account.id, role.role) }
            say(Phrase("\(account.name) is now \(Phrase.role(role.role))."))
        }
    }

    /// The existing catalog and the named account in it; an unknown name is a usage error.
    static func open(_ name: String, at location: LocationOptions) async throws -> (any PhotoCatalog, Account) {
        let store = try await location.openCatalog()
        guard let found = try await store.account(named: name) else { throw ValidationError(Phrase(AccountError.notFound(name))) }
        return (store, found.account)
    }

    /// Runs an account change, reporting what the catalog refused as a usage error: its message, not a trace.
    static func reportingAccountErrors(_ change: () async throws -> Void) async throws {
        do { try await change() } catch let error as AccountError { throw ValidationError(Phrase(error)) }
    }
}

/// A role on the command line.
struct RoleArgument: ExpressibleByArgument {
    let role: Role
    static let member = RoleArgument(role: .member)
    init(role: Role) { self.role = role }
    init?(argument: String) {
        guard let role = Role(rawValue: argument.lowercased()) else { return nil }
        self.role = role
    }
    static var allValueStrings: [String] { Role.allCases.map(\.rawValue) }
}

/// Reads a password without it ever appearing on a command line: hidden on a terminal, else
/// the first line of standard input (for scripts: `printf '%s\n' "$PW" | photolala users add …`).
enum PasswordPrompt {
    static func read(confirm: Bool) throws -> String {
        let password: String
        if isatty(STDIN_FILENO) == 1 {
            password = try hidden(Phrase("Password: "))
            if confirm, try hidden(Phrase("Again: ")) != password { throw ValidationError(Phrase("The two passwords differ; nothing was changed.")) }
        } else {
            password = readLine(strippingNewline: true) ?? ""
            if password.isEmpty {
                throw ValidationError(Phrase("No password given on standard input: pass it as the first line, as in printf '%s\\n' \"$PASSWORD\" | photolala users add NAME; nothing was changed."))
            }
        }
        if let problem = Passwords.problem(password) { throw ValidationError(problem) }
        return password
    }

    private static func hidden(_ prompt: Phrase) throws -> String {
        guard let raw = getpass(Words.language.say(prompt)) else { throw ValidationError(Phrase("Could not read a password from the terminal.")) }
        return String(cString: raw)
    }
}
