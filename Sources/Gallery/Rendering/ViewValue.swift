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
    private(set) var keys: [String] = []
    private(set) var values: [ViewValue] = []

    init() {
        keys.reserveCapacity(8)
        values.reserveCapacity(8)
    }

    func set(_ key: String, _ value: ViewValue) {
        keys.append(key)
        values.append(value)
    }

    func replace(at index: Int, with value: ViewValue) {
        values[index] = value
    }

    /// The field's value; nil when there is no such field (the lookup then moves down the stack).
    func value(for key: String) -> ViewValue? {
        for index in keys.indices where keys[index] == key { return values[index] }
        return nil
    }
}

/// The items of a list field.
final class ViewList {
    var items: [ViewValue] = []
}
