/// A page's view model, which names the template that renders it: the page's folder holds both.
protocol PageModel: Encodable {
    /// The template under `Templates/`, without `.mustache`.
    static var template: String { get }
}
