import Catalog
import Foundation
import Hummingbird

/// Device passwords on one's account page: made (shown once), listed with their last use, and
/// revoked. They open the WebDAV door alone (`DavController`); the account's own password never does.
extension AuthController {
    @Sendable func addDevice(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        guard let account = context.visitor.account else {
            throw PageError(.forbidden, message: Phrase("You are browsing as a guest: there is no account to show."))
        }
        let label = (form["label"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let scope: Device.Scope = form["scope"] == Device.Scope.read.rawValue ? .read : .backup
        let secret = DeviceSecret.make()
        do {
            let device = try await store.addDevice(accountId: account.id, label: label, secretHash: DeviceSecret.hash(secret), scope: scope,
                                                   now: Int64(Date().timeIntervalSince1970))
            return try await page(context, made: .init(label: device.label, secret: secret), status: .created)
        } catch DeviceError.emptyLabel {
            return try await page(context, error: Phrase("Give the device a name, such as “Anna’s phone”."), status: .badRequest)
        } catch DeviceError.labelTaken(let taken) {
            return try await page(context, error: Phrase("You have a device called \(taken) already: choose another name."), status: .conflict)
        }
    }

    @Sendable func revokeDevice(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        guard let account = context.visitor.account else {
            throw PageError(.forbidden, message: Phrase("You are browsing as a guest: there is no account to show."))
        }
        guard let id = form["device"].flatMap({ Int64($0) }), try await store.revokeDevice(id: id, accountId: account.id) else {
            throw PageError(.notFound, message: Phrase("There is no such device password on your account (it may have been revoked already)."))
        }
        return .redirect(to: SiteURL.account.appending([("done", "revoked")]))
    }

    /// What the account page says of the account's devices.
    func devicesSection(_ account: Account, made: DevicesSection.Made?, context: GalleryContext) async throws -> DevicesSection {
        let rows = try await store.devices(accountId: account.id).map { device in
            CredentialRow(id: device.id, label: device.label,
                          scope: device.scope == .read ? Phrase("backs up and reads the library") : Phrase("backs up only"),
                          createdAt: device.createdAt, lastUsedAt: device.lastUsedAt, zone: context.timeZone)
        }
        let address = linkBase + "/dav/" + DavTarget.encode(account.name) + "/"
        return DevicesSection(address: address, library: linkBase + "/dav/", user: account.name, made: made, rows: rows, hasRows: !rows.isEmpty,
                              plainHTTP: !context.isHTTPS && !LocalNetwork.contains(context.remoteAddress))
    }
}

/// The account page's device passwords.
struct DevicesSection: Encodable {
    /// The member's inbox, to type into a backup app.
    var address: String
    /// The door's root, where a computer opens the library as a drive.
    var library: String
    var user: String
    /// The password just made, shown this once.
    var made: Made?
    var rows: [Row]
    var hasRows: Bool
    /// Whether this page came over plain HTTP from outside the loopback and the local network.
    var plainHTTP: Bool
    let addAction = SiteURL.Action.addDevice.url
    let revokeAction = SiteURL.Action.revokeDevice.url

    typealias Made = MadeSecret
    typealias Row = CredentialRow
}

/// A device password or an API token just made: its name and its secret, shown this once.
struct MadeSecret: Encodable {
    var label: String
    var secret: String
}

/// A device password or an API token as the account page lists it: what it may do, when it was
/// made and last used, and the id its revoke form sends.
struct CredentialRow: Encodable {
    var id: Int64
    var label: String
    var scope: Phrase
    var made: Phrase
    var used: Phrase

    init(id: Int64, label: String, scope: Phrase, createdAt: Int64, lastUsedAt: Int64?, zone: TimeZone) {
        (self.id, self.label, self.scope) = (id, label, scope)
        made = .instant(createdAt, in: zone)
        used = lastUsedAt.map { Phrase("last used \(Phrase.instant($0, in: zone))") } ?? Phrase("never used")
    }
}
