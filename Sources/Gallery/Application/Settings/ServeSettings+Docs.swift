extension ServeSettings {
    /// The settings as `serve --help` lists them after its options.
    public static var helpText: String {
        var lines = ["SETTINGS (each is also a PHOTOLALA_* environment variable; a flag wins):"]
        for setting in all where !setting.resolvedFirst {
            lines.append("  " + usage(setting))
            lines += wrapped("\(setting.help) Default: \(setting.defaultText). Env: \(setting.environment).", indent: 8, width: 79)
        }
        return lines.joined(separator: "\n")
    }

    /// `text` broken between words into lines of at most `width` characters, each indented.
    static func wrapped(_ text: String, indent: Int, width: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        // The line's length kept as it grows: counting its characters anew for each word was most
        // of every start's cost of building `serve`'s help, which the command line builds each time.
        var length = 0
        for word in text.split(separator: " ") {
            let wordLength = word.count
            if !line.isEmpty, indent + length + 1 + wordLength > width {
                lines.append(margin + line)
                line = ""
                length = 0
            }
            if !line.isEmpty { line += " "; length += 1 }
            line += word
            length += wordLength
        }
        if !line.isEmpty { lines.append(margin + line) }
        return lines
    }

    /// The settings as a Markdown table, for the README and the self-hosting guide.
    public static var markdownTable: String {
        var lines = ["| flag | environment | default | what it does |", "|---|---|---|---|"]
        for setting in all {
            let variable = setting.isSwitch && setting.onByDefault ? setting.environment + "=0" : setting.environment
            let cells = ["`\(usage(setting))`", "`\(variable)`", setting.defaultText, setting.help]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// `--page-size <n>`, `--no-scan`, `--public-url <url> …`.
    static func usage(_ setting: any ServeSetting) -> String {
        guard let placeholder = setting.placeholder else { return setting.typedFlag }
        return "\(setting.flag) <\(placeholder)>" + (setting.repeats ? " …" : "")
    }
}
