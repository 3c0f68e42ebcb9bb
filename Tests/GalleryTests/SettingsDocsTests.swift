import Foundation
import Testing
@testable import Gallery

/// The settings tables in the README and the self-hosting guide are printed from the settings
/// table itself, so the docs cannot drift from what `serve` reads.
@Suite struct SettingsDocsTests {
    static let begin = "<!-- settings table: made from ServeSettings; PHOTOLALA_UPDATE_DOCS=1 swift test --filter SettingsDocs rewrites it -->"
    static let end = "<!-- end of settings table -->"
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["README.md", "docs/self-hosting.md"])
    func theDocsListEverySettingAsTheTableDeclaresIt(file: String) throws {
        // given the document and the table as it would be printed
        let url = Self.root.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let begin = try #require(text.range(of: Self.begin), "\(file) has no settings table marker")
        let end = try #require(text.range(of: Self.end, range: begin.upperBound..<text.endIndex))
        let expected = "\n" + ServeSettings.markdownTable + "\n"
        // when the docs are being rewritten, write the table in
        if ProcessInfo.processInfo.environment["PHOTOLALA_UPDATE_DOCS"] == "1" {
            try (text[..<begin.upperBound] + expected + text[end.lowerBound...]).write(to: url, atomically: true, encoding: .utf8)
            return
        }
        // then the document holds exactly that table
        #expect(String(text[begin.upperBound..<end.lowerBound]) == expected,
                "\(file): the settings table is out of date; run PHOTOLALA_UPDATE_DOCS=1 swift test --filter SettingsDocs")
    }

    @Test func helpNamesEverySettingItsVariableAndDefault() {
        // given the help printed after serve's options
        let help = ServeSettings.helpText
        // then each setting is there as typed, with its variable and default
        let unwrapped = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        for setting in ServeSettings.all where !setting.resolvedFirst {
            #expect(help.contains("\n  " + ServeSettings.usage(setting) + "\n"), "\(setting.name)")
            #expect(unwrapped.contains("\(setting.help) Default: \(setting.defaultText). Env: \(setting.environment)."), "\(setting.name)")
        }
        // and no line is wider than a terminal
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 79 })
    }

    @Test func eachSettingIsDeclaredOnce() {
        // given the table
        let names = ServeSettings.all.map(\.name)
        let flags = ServeSettings.all.map(\.typedFlag)
        // then no name, flag or variable appears twice
        #expect(Set(names).count == names.count)
        #expect(Set(flags).count == flags.count)
        #expect(Set(ServeSettings.all.map(\.environment)).count == names.count)
    }
}
