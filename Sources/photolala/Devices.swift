import ArgumentParser
import Catalog
import Foundation
import Gallery

/// `photolala devices …`: device passwords, the credentials of the WebDAV door (/dav/), for
/// scripts and first set-up; members make them on their account page too.
struct Devices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Manage device passwords for WebDAV (/dav/): phones backing up, computers opening the library as a drive.",
        subcommands: [List.self, Add.self, Revoke.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List an account's devices, their scopes and last use.")
        @Argument(help: "The account name.") var user: String
        @OptionGroup var location: LocationOptions

        func run() async throws {
            let (store, account) = try await Users.open(user, at: location)
            let devices = try await store.devices(accountId: account.id)
            if devices.isEmpty { say(Phrase("\(account.name) has no device passwords.")); return }
            let width = devices.map(\.label.count).max() ?? 5
            for device in devices {
                let used = device.lastUsedAt.map { ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval($0))) } ?? "never used"
                print(device.label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + device.scope.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + used)
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Make a device password and print it once; it is stored hashed and cannot be shown again.")
        @Argument(help: "The account name.") var user: String
        @Argument(help: "A name for the device, such as \"Anna's iPhone\".") var label: String
        @Option(help: "backup (write the inbox, read nothing else) or read (the inbox, and the library and albums read-only).")
        var scope: ScopeArgument = .backup
        @OptionGroup var location: LocationOptions

        func run() async throws {
            let (store, account) = try await Users.open(user, at: location)
            let secret = DeviceSecret.make()
            do {
                try await store.addDevice(accountId: account.id, label: label, secretHash: DeviceSecret.hash(secret), scope: scope.scope,
                                          now: Int64(Date().timeIntervalSince1970))
            } catch DeviceError.labelTaken(let taken) {
                throw ValidationError(Phrase("\(account.name) has a device called \(taken) already."))
            } catch DeviceError.emptyLabel {
                throw ValidationError(Phrase("The device needs a name."))
            }
            // The secret alone on standard output, for scripts; the rest on standard error.
            FileHandle.standardError.write(Data("Device password for \(account.name) (\(label), \(scope.rawValue)); it is shown this once:\n".utf8))
            print(secret)
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke a device password; its next request is refused.")
        @Argument(help: "The account name.") var user: String
        @Argument(help: "The device's name.") var label: String
        @OptionGroup var location: LocationOptions

        func run() async throws {
            let (store, account) = try await Users.open(user, at: location)
            guard let device = try await store.devices(accountId: account.id).first(where: { $0.label.caseInsensitiveCompare(label) == .orderedSame }) else {
                throw ValidationError(Phrase("\(account.name) has no device called \(label)."))
            }
            try await store.revokeDevice(id: device.id, accountId: account.id)
            say(Phrase("Revoked \(device.label) of \(account.name)."))
        }
    }

    enum ScopeArgument: String, ExpressibleByArgument, CaseIterable {
        case backup, read
        var scope: Device.Scope { self == .backup ? .backup : .read }
    }
}
