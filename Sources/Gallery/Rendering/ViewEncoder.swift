/// Turns a typed view model into the `ViewValue` tree a compiled template reads, through the
/// `Encodable` conformance the compiler writes for every view model: no reflection, no JSON.
///
/// A nil optional is kept as `null` (not left out as encoders usually do), so a template asking
/// for it finds it on its own object and does not fall through to an outer context. A `SiteURL`
/// is written with the base path in front: the one place pages get it.
final class ViewEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    fileprivate(set) var result: ViewValue = .null {
        didSet { sink?(result) }
    }
    /// Where the result also goes: the field of a `superEncoder(forKey:)`.
    private let sink: ((ViewValue) -> Void)?
    /// What every `SiteURL` in the model gets in front, and the language its phrases are said in.
    let scope: ViewScope

    init(scope: ViewScope, sink: ((ViewValue) -> Void)? = nil) {
        self.scope = scope
        self.sink = sink
    }

    /// The tree of `model`, its links under `base`, its phrases in `language`.
    static func encode<Model: Encodable>(_ model: Model, base: BasePath = .none, language: Language = .english) throws -> ViewValue {
        try encode(model, scope: ViewScope(base: base, language: language))
    }

    static func encode<Model: Encodable>(_ model: Model, scope: ViewScope) throws -> ViewValue {
        let encoder = ViewEncoder(scope: scope)
        try model.encode(to: encoder)
        return encoder.result
    }

    /// A link or a phrase, written without an encoder of its own; nil for anything else.
    static func leaf<T: Encodable>(_ value: T, scope: ViewScope) -> ViewValue? {
        if let url = value as? SiteURL { return .text(scope.base.apply(to: url.path)) }
        if let phrase = value as? Phrase { return .text(scope.language.say(phrase)) }
        return nil
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let object) = result { return KeyedEncodingContainer(KeyedContainer(object: object, scope: scope)) }
        let object = ViewObject()
        result = .object(object)
        return KeyedEncodingContainer(KeyedContainer(object: object, scope: scope))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .list(let list) = result { return UnkeyedContainer(list: list, scope: scope) }
        let list = ViewList()
        result = .list(list)
        return UnkeyedContainer(list: list, scope: scope)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self) }

    /// Sets the value this encoder made (`SiteURL` writes itself through this).
    func write(_ value: ViewValue) { result = value }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: ViewObject
    let scope: ViewScope
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { object.set(key.stringValue, .text(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { object.set(key.stringValue, .text(String(value))) }
    mutating func encode(_ value: Float, forKey key: Key) throws { object.set(key.stringValue, .text(String(value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { object.set(key.stringValue, .text(String(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { object.set(key.stringValue, .text(String(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { object.set(key.stringValue, .text(String(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { object.set(key.stringValue, .text(String(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { object.set(key.stringValue, .text(String(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { object.set(key.stringValue, .text(String(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { object.set(key.stringValue, .text(String(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { object.set(key.stringValue, .text(String(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { object.set(key.stringValue, .text(String(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { object.set(key.stringValue, .text(String(value))) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // Links and words are most fields of a page: written here without an encoder of their own.
        if let leaf = ViewEncoder.leaf(value, scope: scope) { return object.set(key.stringValue, leaf) }
        object.set(key.stringValue, try ViewEncoder.encode(value, scope: scope))
    }

    // Encoders leave a nil optional out by default; a template must find it as null instead.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        object.set(key.stringValue, value.map(ViewValue.bool) ?? .null)
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        object.set(key.stringValue, value.map(ViewValue.text) ?? .null)
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        object.set(key.stringValue, value.map { .text(String($0)) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        object.set(key.stringValue, value.map { .text(String($0)) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        object.set(key.stringValue, value.map { .text(String($0)) } ?? .null)
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return object.set(key.stringValue, .null) }
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = ViewObject()
        object.set(key.stringValue, .object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, scope: scope))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let list = ViewList()
        object.set(key.stringValue, .list(list))
        return UnkeyedContainer(list: list, scope: scope)
    }

    mutating func superEncoder() -> any Encoder { fieldEncoder("super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { fieldEncoder(key.stringValue) }

    private func fieldEncoder(_ key: String) -> ViewEncoder {
        object.set(key, .null)
        let index = object.count - 1
        return ViewEncoder(scope: scope) { [object] value in object.replace(at: index, with: value) }
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let list: ViewList
    let scope: ViewScope
    var codingPath: [any CodingKey] { [] }
    var count: Int { list.items.count }

    mutating func encodeNil() throws { list.items.append(.null) }
    mutating func encode(_ value: Bool) throws { list.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { list.items.append(.text(value)) }
    mutating func encode(_ value: Int) throws { list.items.append(.text(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { list.items.append(try ViewEncoder.leaf(value, scope: scope) ?? ViewEncoder.encode(value, scope: scope)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ViewObject()
        list.items.append(.object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, scope: scope))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ViewList()
        list.items.append(.list(nested))
        return UnkeyedContainer(list: nested, scope: scope)
    }

    mutating func superEncoder() -> any Encoder {
        list.items.append(.null)
        let index = list.items.count - 1
        return ViewEncoder(scope: scope) { [list] value in list.items[index] = value }
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: ViewEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { encoder.write(.null) }
    mutating func encode(_ value: Bool) throws { encoder.write(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.write(.text(value)) }
    mutating func encode(_ value: Double) throws { encoder.write(.text(String(value))) }
    mutating func encode(_ value: Float) throws { encoder.write(.text(String(value))) }
    mutating func encode(_ value: Int) throws { encoder.write(.text(String(value))) }
    mutating func encode(_ value: Int8) throws { encoder.write(.text(String(value))) }
    mutating func encode(_ value: Int16) throws { encoder.write(.text(String(value))) }
    mutating func encode(_ value: Int32) throws { encoder.write(.text(String(value))) }
    mutating func encode(_ value: Int64) throws { encoder.write(.text(String(value))) }
    mutating func encode(_ value: UInt) throws { encoder.write(.text(String(value))) }
    mutating func encode(_ value: UInt8) throws { encoder.write(.text(String(value))) }
    mutating func encode(_ value: UInt16) throws { encoder.write(.text(String(value))) }
    mutating func encode(_ value: UInt32) throws { encoder.write(.text(String(value))) }
    mutating func encode(_ value: UInt64) throws { encoder.write(.text(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.write(try ViewEncoder.leaf(value, scope: encoder.scope) ?? ViewEncoder.encode(value, scope: encoder.scope)) }
}

/// What a view model is encoded under: the base path its links get, the language its phrases are said in.
struct ViewScope {
    var base: BasePath
    var language: Language
}
