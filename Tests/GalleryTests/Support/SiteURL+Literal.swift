@testable import Gallery

/// View models in tests name their links as text: `Crumb(name: "2024", url: "/folders/2024")`.
extension SiteURL: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self.init(value) }
}
