import Catalog

/// What a folder's or an album's page says of its privacy, with the form that keeps it private or
/// gives it back to the household (`PrivacyController`).
struct PrivacyForm: Encodable, Equatable {
    var note: Phrase?
    var action: SiteURL
    /// The form field naming what it is about (`path`, `album`) and its value.
    var field, target: String
    /// The form's `value` and button; nil when the visitor may not change it.
    var value: String?
    var button: Phrase?
    /// The form token: the page's render puts it in (`Household.finish`), as for every form.
    var csrf = ""
    var back: String

    /// A folder's: nil for the library's root, which cannot be private, and for visitors without
    /// an account.
    static func folder(_ path: String, _ index: PrivateIndex, visitor: Visitor, takesUploads: Bool) -> PrivacyForm? {
        guard !path.isEmpty, let account = visitor.account else { return nil }
        var form = PrivacyForm(action: SiteURL.Action.privateFolder.url, field: "path", target: path, back: SiteURL.folder(path).path)
        let holder = index.owner(ofFolder: path)
        switch (holder, index.folders[path]) {
        case (nil, _):
            guard visitor.can(.member), !takesUploads else { return nil }
            (form.value, form.button) = ("on", Phrase("Keep this folder private"))
        case (account.id?, account.id?):
            form.note = visitor.adminsSeePrivate
                ? Phrase("Private: only you and the household’s admins see this folder and every photo that arrives in it.")
                : Phrase("Private: only you see this folder and every photo that arrives in it.")
            (form.value, form.button) = ("off", Phrase("Give it back to the household"))
        case (account.id?, _):
            form.note = Phrase("Private, as part of a folder above it that you keep private.")
        default:
            form.note = Phrase("Private to another member (admins see it here).")
        }
        return form
    }

    /// An album's: only its maker may make it private.
    static func album(_ album: Album, visitor: Visitor) -> PrivacyForm? {
        guard let account = visitor.account else { return nil }
        var form = PrivacyForm(action: SiteURL.Action.privateAlbum.url, field: "album", target: String(album.id),
                               back: SiteURL.album(album.id).path)
        switch album.privateTo {
        case nil:
            guard visitor.can(.member), album.createdBy?.lowercased() == account.name.lowercased() else { return nil }
            (form.value, form.button) = ("on", Phrase("Keep this album private"))
        case account.id?:
            form.note = visitor.adminsSeePrivate
                ? Phrase("Private: only you and the household’s admins see this album and every photo put in it.")
                : Phrase("Private: only you see this album and every photo put in it.")
            (form.value, form.button) = ("off", Phrase("Give it back to the household"))
        default:
            form.note = Phrase("Private to another member (admins see it here).")
        }
        return form
    }
}
