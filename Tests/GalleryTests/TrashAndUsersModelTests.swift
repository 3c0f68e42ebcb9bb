import Foundation
import Testing
@testable import Catalog
@testable import Gallery

/// The trash page's and the accounts page's view models: who sees a trashed photo's picture,
/// and each account's row with its role chosen.
@Suite struct TrashAndUsersModelTests {
    private static let items = [TrashItem(id: 4, key: "2024/trip/beach.jpg", sha256: String(repeating: "c", count: 64), trashedAt: 0),
                                TrashItem(id: 5, key: "notes.png", sha256: String(repeating: "d", count: 64), trashedAt: 86_400)]

    @Test func onlyAnAdminSeesTheTrashedPhotosPictures() {
        let chrome = PageChrome(title: .verbatim("Trash"))
        let paris = TimeZone(identifier: "Europe/Paris")!
        let admin = TrashView(chrome: chrome, items: Self.items, forAdmin: true, csrf: "t", zone: paris)
        let member = TrashView(chrome: chrome, items: Self.items, forAdmin: false, csrf: "t", zone: paris)
        // both see what is in the trash, by name, and when it went there
        for page in [admin, member] {
            #expect(page.items.map(\.name) == ["beach.jpg", "notes.png"] && page.items.map(\.key) == Self.items.map(\.key))
            #expect(page.summary == "2 files" && page.hasItems)
            // as a clock in the viewer's (or the server's) zone read it, with that zone's offset
            #expect(page.items.map(\.trashedText) == ["1 Jan 1970, 01:00 \u{2066}+01:00\u{2069}", "2 Jan 1970, 01:00 \u{2066}+01:00\u{2069}"])
        }
        // but only the admin's page asks for their renditions
        #expect(admin.items.allSatisfy { $0.image != nil })
        #expect(member.items.allSatisfy { $0.image == nil })
        let empty = TrashView(chrome: chrome, items: [], forAdmin: true, csrf: "t", zone: paris)
        #expect(!empty.hasItems && empty.summary == "0 files")
    }

    @Test func eachAccountsRowHasItsOwnRoleChosenAndTheAdminsOwnIsMarked() {
        let accounts = [Account(id: 1, name: "ada", role: .admin, createdAt: 0), Account(id: 2, name: "bo", role: .viewer, createdAt: 0)]
        let rows = accounts.map { UsersView.Row($0, me: 1, zone: TimeZone(secondsFromGMT: 0)!) }
        #expect(rows.map(\.created) == ["1 Jan 1970, 00:00 \u{2066}+00:00\u{2069}", "1 Jan 1970, 00:00 \u{2066}+00:00\u{2069}"])
        #expect(rows.map(\.isMe) == [true, false])
        #expect(rows.map { $0.roles.filter(\.selected).map(\.value) } == [["admin"], ["viewer"]])
        #expect(rows.allSatisfy { $0.roles.map(\.value) == Role.allCases.map(\.rawValue) })
        // and the add form offers member first
        #expect(UsersView.choices(selected: .member).filter(\.selected).map(\.value) == ["member"])
    }
}
