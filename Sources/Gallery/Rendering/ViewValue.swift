/// A view model as a template sees it: what `ViewEncoder` makes of any `Encodable` view model.
///
/// Sections follow swift-mustache's rules: `null`, `false` and an empty list are falsy, a list
/// repeats its section once per item, and anything else (an object, any text, even empty)
/// renders the section once with itself on top of the context stack.
enum ViewValue {
    case null
    case bool(Bool)
    /// Strings, and numbers as their decimal text.
    case text(String)
    case list(ViewList)
    case object(ViewObject)
}

/// The fields of one view model, in declaration order. Lookups are a linear scan: view models
/// have a handful of fields, and comparing short keys beats hashing them.
final class ViewObject {
    /// Name and value pairs in one buffer: one allocation per object.
    private(set) var fields: [(key: String, value: ViewValue)] = []

    init() {
        fields.reserveCapacity(8)
    }

    var count: Int { fields.count }

    func set(_ key: String, _ value: ViewValue) {
        fields.append((key, value))
    }

    func replace(at index: Int, with value: ViewValue) {
        fields[index].value = value
    }

    /// The field's value; nil when there is no such field (the lookup then moves down the stack).
    func value(for key: String) -> ViewValue? {
        for field in fields where field.key == key { return field.value }
        return nil
    }
}

/// The items of a list field.
final class ViewList {
    var items: [ViewValue] = []
}
