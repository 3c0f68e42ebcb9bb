/// Reads the `serve` settings off the command line by the settings table: `--name value`,
/// `--name=value`, `--switch` and `--no-switch`. Total: anything else is an error naming it.
public enum SettingArguments {
    /// The values given, by setting name; a repeated setting's values are joined with commas, a
    /// switch is "1" or "0".
    public static func parse(_ arguments: [String], settings: [any ServeSetting] = ServeSettings.all) throws -> [String: String] {
        var values: [String: String] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw ConfigError("Unexpected argument “\(argument)”: settings are given as --name value (see serve --help).")
            }
            let body = argument.dropFirst(2)
            let name = body.prefix { $0 != "=" }
            let inline = body.count > name.count ? String(body.dropFirst(name.count + 1)) : nil
            if let setting = settings.first(where: { $0.isSwitch && $0.typedFlag == "--" + name }) {
                guard inline == nil else { throw ConfigError("\(setting.typedFlag) takes no value.") }
                values[setting.name] = setting.onByDefault ? "0" : "1"
                continue
            }
            guard let setting = settings.first(where: { !$0.isSwitch && !$0.resolvedFirst && $0.name == name }) else {
                throw ConfigError("Unknown option “--\(name)” (see serve --help for the settings).")
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard index < arguments.endIndex else { throw ConfigError("\(setting.flag) needs a value: \(ServeSettings.usage(setting)).") }
                value = arguments[index]
                index += 1
            }
            if setting.repeats, let earlier = values[setting.name] {
                values[setting.name] = earlier + "," + value
            } else {
                values[setting.name] = value
            }
        }
        return values
    }
}
