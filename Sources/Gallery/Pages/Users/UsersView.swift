import Catalog

/// The accounts page.
struct UsersView: PageModel {
    static let template = "users"
    struct Choice: Encodable {
        var value: String
        var selected: Bool
    }
    struct Row: Encodable {
        var id: Int64
        var name, created: String
        var isMe: Bool
        var roles: [Choice]
    }
    static let notices = ["added": "The account was added.", "role": "The role was changed.",
                          "password": "The password was reset; that account was signed out everywhere.",
                          "removed": "The account was removed."]
    var chrome: PageChrome
    var csrf: String
    var users: [Row]
    var notice, error: String?
    var roles: [Choice]
    let addAction = SiteURL.Action.addUser.url
    let roleAction = SiteURL.Action.changeRole.url
    let passwordAction = SiteURL.Action.resetPassword.url
    let removeAction = SiteURL.Action.removeUser.url
}

extension UsersView.Row {
    /// The row of `account`, its role chosen in its form; `isMe` marks the admin's own.
    init(_ account: Account, me: Int64?) {
        self.init(id: account.id, name: account.name, created: Formatting.cameraDate(account.createdAt), isMe: account.id == me,
                  roles: UsersView.choices(selected: account.role))
    }
}

extension UsersView {
    /// Every role as a choice of a form, `selected` chosen.
    static func choices(selected: Role) -> [Choice] {
        Role.allCases.map { Choice(value: $0.rawValue, selected: $0 == selected) }
    }
}
