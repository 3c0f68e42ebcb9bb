/// Turns a typed view model into the `ViewValue` tree a compiled template reads, through the
/// `Encodable` conformance the compiler writes for every view model: no reflection, no JSON.
///
/// A nil optional is kept as `null` (not left out as encoders usually do), so a template asking
/// for it finds it on its own object and does not fall through to an outer context.
final class ViewEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    fileprivate(set) var result: ViewValue = .null {
        didSet { sink?(result) }
    }
    /// Where the result also goes: the field of a `superEncoder(forKey:)`.
    private let sink: ((ViewValue) -> Void)?

    init(sink: ((ViewValue) -> Void)? = nil) {
        self.sink = sink
    }

    /// The tree of `model`.
    static func encode<Model: Encodable>(_ model: Model) throws -> ViewValue {
        let encoder = ViewEncoder()
        try model.encode(to: encoder)
        return encoder.result
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let object) = result { return KeyedEncodingContainer(KeyedContainer(object: object)) }
        let object = ViewObject()
        result = .object(object)
        return KeyedEncodingContainer(KeyedContainer(object: object))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .list(let list) = result { return UnkeyedContainer(list: list) }
        let list = ViewList()
        result = .list(list)
        return UnkeyedContainer(list: list)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self) }

    fileprivate func set(_ value: ViewValue) { result = value }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: ViewObject
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
        object.set(key.stringValue, try ViewEncoder.encode(value))
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
        object.set(key.stringValue, try value.map(ViewEncoder.encode) ?? .null)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = ViewObject()
        object.set(key.stringValue, .object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let list = ViewList()
        object.set(key.stringValue, .list(list))
        return UnkeyedContainer(list: list)
    }

    mutating func superEncoder() -> any Encoder { fieldEncoder("super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { fieldEncoder(key.stringValue) }

    private func fieldEncoder(_ key: String) -> ViewEncoder {
        object.set(key, .null)
        let index = object.count - 1
        return ViewEncoder { [object] value in object.replace(at: index, with: value) }
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let list: ViewList
    var codingPath: [any CodingKey] { [] }
    var count: Int { list.items.count }

    mutating func encodeNil() throws { list.items.append(.null) }
    mutating func encode(_ value: Bool) throws { list.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { list.items.append(.text(value)) }
    mutating func encode(_ value: Int) throws { list.items.append(.text(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { list.items.append(try ViewEncoder.encode(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ViewObject()
        list.items.append(.object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ViewList()
        list.items.append(.list(nested))
        return UnkeyedContainer(list: nested)
    }

    mutating func superEncoder() -> any Encoder {
        list.items.append(.null)
        let index = list.items.count - 1
        return ViewEncoder { [list] value in list.items[index] = value }
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: ViewEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { encoder.set(.null) }
    mutating func encode(_ value: Bool) throws { encoder.set(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.set(.text(value)) }
    mutating func encode(_ value: Double) throws { encoder.set(.text(String(value))) }
    mutating func encode(_ value: Float) throws { encoder.set(.text(String(value))) }
    mutating func encode(_ value: Int) throws { encoder.set(.text(String(value))) }
    mutating func encode(_ value: Int8) throws { encoder.set(.text(String(value))) }
    mutating func encode(_ value: Int16) throws { encoder.set(.text(String(value))) }
    mutating func encode(_ value: Int32) throws { encoder.set(.text(String(value))) }
    mutating func encode(_ value: Int64) throws { encoder.set(.text(String(value))) }
    mutating func encode(_ value: UInt) throws { encoder.set(.text(String(value))) }
    mutating func encode(_ value: UInt8) throws { encoder.set(.text(String(value))) }
    mutating func encode(_ value: UInt16) throws { encoder.set(.text(String(value))) }
    mutating func encode(_ value: UInt32) throws { encoder.set(.text(String(value))) }
    mutating func encode(_ value: UInt64) throws { encoder.set(.text(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.set(try ViewEncoder.encode(value)) }
}
