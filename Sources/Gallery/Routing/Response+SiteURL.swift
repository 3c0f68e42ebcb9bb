import Hummingbird

extension Response {
    /// A 303 to a place in the gallery; `BasePathResponder` puts the base path on it.
    static func redirect(to url: SiteURL) -> Response {
        .redirect(to: url.path, type: .normal)
    }
}
