/// One `serve` setting as `--help`, the docs and the reader see it, whatever its value's type.
public protocol ServeSetting: Sendable {
    /// The flag's name without `--` (`page-size`); the variable is made from it (`PHOTOLALA_PAGE_SIZE`).
    var name: String { get }
    /// What the value is called in help (`n`, `dir`); nil for an on/off switch.
    var placeholder: String? { get }
    /// The default as people read it.
    var defaultText: String { get }
    /// What the setting does.
    var help: String { get }
    /// Whether a switch is on unless turned off (`--no-scan`); false for values and off-by-default switches.
    var onByDefault: Bool { get }
    /// Whether the flag may be given more than once (`--public-url A --public-url B`).
    var repeats: Bool { get }
    /// Whether `photolala` resolves it before the other settings (the library and data folders).
    var resolvedFirst: Bool { get }
    /// Parses and checks `raw` and sets it on `config`; throws a `SettingProblem` naming what is wrong.
    func apply(_ raw: String, to config: inout GalleryConfig) throws
}

extension ServeSetting {
    /// `--page-size`.
    public var flag: String { "--" + name }
    /// `PHOTOLALA_PAGE_SIZE`.
    public var environment: String { "PHOTOLALA_" + name.uppercased().replacingOccurrences(of: "-", with: "_") }
    /// Whether the setting is an on/off switch rather than a value.
    public var isSwitch: Bool { placeholder == nil }
    /// The flag as typed: `--no-scan` for a switch that is on by default.
    public var typedFlag: String { onByDefault ? "--no-" + name : flag }
}

/// What is wrong with one value, as the end of a sentence that starts with the flag or variable
/// it came from: "must be a whole number from 1 to 500, not “0”".
public struct SettingProblem: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A setting whose value has the type `Value`: its one declaration of name, default, check and help.
///
/// The key path only names a property of `GalleryConfig`; key paths are immutable values.
public struct Setting<Value>: ServeSetting, @unchecked Sendable {
    public let name: String
    public let placeholder: String?
    public let help: String
    /// The value when neither the flag nor the variable is given.
    public let defaultValue: Value
    public let defaultText: String
    public let onByDefault: Bool
    public let repeats: Bool
    public let resolvedFirst: Bool
    let parse: @Sendable (String) throws -> Value
    let keyPath: WritableKeyPath<GalleryConfig, Value>

    /// A value setting; `shown` is the default as people read it (the value itself when nil).
    init(_ name: String, _ placeholder: String, default value: Value, shown: String? = nil, repeats: Bool = false,
         resolvedFirst: Bool = false, _ keyPath: WritableKeyPath<GalleryConfig, Value>, help: String,
         parse: @escaping @Sendable (String) throws -> Value) {
        self.name = name
        self.placeholder = placeholder
        self.help = help
        defaultValue = value
        defaultText = shown ?? "\(value)"
        onByDefault = false
        self.repeats = repeats
        self.resolvedFirst = resolvedFirst
        self.parse = parse
        self.keyPath = keyPath
    }

    public func apply(_ raw: String, to config: inout GalleryConfig) throws {
        config[keyPath: keyPath] = try parse(raw)
    }
}

extension Setting where Value == Bool {
    /// An on/off switch: `--NAME` turns on one that is off by default, `--no-NAME` turns off one
    /// that is on; the variable takes 1/true/yes/on or 0/false/no/off either way.
    init(switch name: String, default value: Bool, _ keyPath: WritableKeyPath<GalleryConfig, Bool>, help: String) {
        self.name = name
        placeholder = nil
        self.help = help
        defaultValue = value
        defaultText = value ? "on" : "off"
        onByDefault = value
        repeats = false
        resolvedFirst = false
        parse = SettingParse.bool
        self.keyPath = keyPath
    }
}
