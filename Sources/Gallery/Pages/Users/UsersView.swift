import Foundation
import Catalog

/// The accounts page.
struct UsersView: PageModel {
    static let template = "users"
    struct Choice: Encodable {
        var value: String
        var label: Phrase
        var selected: Bool
    }
    struct Row: Encodable {
        var id: Int64
        var name: String
        var created: Phrase
        var isMe: Bool
        var roles: [Choice]
    }
    static let notices = ["added": Phrase("The account was added."), "role": Phrase("The role was changed."),
                          "password": Phrase("The password was reset; that account was signed out everywhere."),
                          "removed": Phrase("The account was removed.")]
    var chrome: PageChrome
    var csrf: String
    var users: [Row]
    var notice, error: Phrase?
    var roles: [Choice]
    let addAction = SiteURL.Action.addUser.url
    let roleAction = SiteURL.Action.changeRole.url
    let passwordAction = SiteURL.Action.resetPassword.url
    let removeAction = SiteURL.Action.removeUser.url
}

extension UsersView.Row {
    /// The row of `account`, its role chosen in its form; `isMe` marks the admin's own; when it
    /// was made, as a clock in `zone` read it.
    init(_ account: Account, me: Int64?, zone: TimeZone) {
        self.init(id: account.id, name: account.name, created: .instant(account.createdAt, in: zone), isMe: account.id == me,
                  roles: UsersView.choices(selected: account.role))
    }
}

extension UsersView {
    /// Every role as a choice of a form, `selected` chosen.
    static func choices(selected: Role) -> [Choice] {
        Role.allCases.map { Choice(value: $0.rawValue, label: .role($0), selected: $0 == selected) }
    }
}
