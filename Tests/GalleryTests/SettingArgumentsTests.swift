import Testing
@testable import Gallery

@Suite struct SettingArgumentsTests {
    @Test func valuesComeSpacedOrWithAnEqualsSign() throws {
        // given both spellings of a value
        let values = try SettingArguments.parse(["--port", "9000", "--page-size=24", "--upload-folder", "Phone/{yyyy}"])
        // then each is read by its setting's name
        #expect(values == ["port": "9000", "page-size": "24", "upload-folder": "Phone/{yyyy}"])
    }

    @Test func switchesTurnTheirDefaultAround() throws {
        // given a switch that is on by default and one that is off
        let values = try SettingArguments.parse(["--no-scan", "--secure-cookies", "--no-isolate-decoders"])
        // then the first reads as off and the second as on
        #expect(values == ["scan": "0", "secure-cookies": "1", "isolate-decoders": "0"])
    }

    @Test func aRepeatedSettingKeepsEveryValueInOrder() throws {
        let values = try SettingArguments.parse(["--public-url", "https://a.example", "--public-url=https://b.example"])
        #expect(values["public-url"] == "https://a.example,https://b.example")
    }

    @Test(arguments: [
        (["--colour", "red"], "Unknown option “--colour”"),
        (["--scan"], "Unknown option “--scan”"),
        (["--port"], "--port needs a value"),
        (["--no-scan=1"], "--no-scan takes no value"),
        (["8080"], "Unexpected argument “8080”"),
        (["--"], "Unexpected argument “--”"),
        (["--library", "/photos"], "Unknown option “--library”"),
    ] as [([String], String)])
    func anythingElseIsRefusedByName(arguments: [String], message: String) {
        // given arguments no setting reads
        let error = #expect(throws: ConfigError.self) { try SettingArguments.parse(arguments) }
        // then the error names what was not understood
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }
}
