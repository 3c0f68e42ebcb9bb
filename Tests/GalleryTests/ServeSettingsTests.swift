import Catalog
import Foundation
import TestSupport
import Testing
@testable import Gallery

@Suite struct ServeSettingsTests {
    let resources = GalleryFixture.resources
    func config(_ flags: [String: String] = [:], env: [String: String] = [:]) throws -> GalleryConfig {
        let f = try GalleryFixture()
        return try ServeSettings.config(library: f.library, data: f.data, flags: flags.merging(["resources": resources]) { a, _ in a },
                                        environment: env)
    }

    @Test func defaultsAreTheDocumentedOnes() throws {
        let c = try config()
        #expect(c.host == "127.0.0.1" && c.port == 8080 && c.pageSize == 60 && c.scanOnStart)
        #expect(c.guestRole == nil && !c.secureCookies && c.uploadLimit == 200_000_000 && c.uploadFolder == "Uploads/{yyyy}/{mm}")
        #expect(!c.readOnlyLibrary && c.thumbnailWorkers >= 1)
        // the settings that once had other defaults in code than in the docs
        #expect(c.isolateDecoders && c.watch && c.rescanMinutes == 60 && c.decodeTimeout == 30 && c.maxPixels == 250_000_000)
    }

    @Test func aConfigurationMadeInCodeHasTheTablesDefaults() throws {
        // given a configuration made without the reader, and one read with nothing given
        let made = GalleryConfig(libraryPath: "/l", dataPath: "/d")
        var read = try config()
        read.libraryPath = "/l"
        read.dataPath = "/d"
        read.resourcesPath = made.resourcesPath
        // then every setting has the same value in both
        #expect(String(describing: made) == String(describing: read))
    }

    @Test func theEnvironmentSetsEverySettingAndFlagsWin() throws {
        let env = ["PHOTOLALA_HOST": "0.0.0.0", "PHOTOLALA_PORT": "9000", "PHOTOLALA_PAGE_SIZE": "24", "PHOTOLALA_SCAN": "0",
                   "PHOTOLALA_GUEST": "viewer", "PHOTOLALA_SECURE_COOKIES": "yes", "PHOTOLALA_UPLOAD_LIMIT": "50",
                   "PHOTOLALA_UPLOAD_FOLDER": "Phone/{yyyy}", "PHOTOLALA_READ_ONLY_LIBRARY": "true", "PHOTOLALA_THUMBNAIL_WORKERS": "3"]
        let c = try config(env: env)
        #expect(c.host == "0.0.0.0" && c.port == 9000 && c.pageSize == 24 && !c.scanOnStart && c.guestRole == .viewer)
        #expect(c.secureCookies && c.uploadLimit == 50_000_000 && c.uploadFolder == "Phone/{yyyy}" && c.readOnlyLibrary && c.thumbnailWorkers == 3)
        #expect(try config(["port": "7000", "guest": "member"], env: env).port == 7000)
        #expect(try config(["guest": "member"], env: env).guestRole == .member)
    }

    @Test func checkersOfTheirOwnNameTheVariableAValueCameFrom() throws {
        // given bad values in the environment for settings checked by their own parsers
        for (variable, value) in [("PHOTOLALA_BASE_PATH", "photos?"), ("PHOTOLALA_TRUSTED_PROXIES", "10.0.0.0/99"),
                                  ("PHOTOLALA_UPLOAD_FOLDER", "/etc")] {
            // when the settings are read
            let error = #expect(throws: ConfigError.self) { try config(env: [variable: value]) }
            // then the message names the variable and the value, not a flag that was never given
            #expect(error?.description.hasPrefix(variable) == true, "\(error?.description ?? "")")
            #expect(error?.description.contains(value) == true)
        }
    }

    @Test func publicURLsComeRepeatedOrCommaSeparatedAndAreCheckedAtStartUp() throws {
        // given public URLs in the environment, or a bad one as a flag
        let c = try config(env: ["PHOTOLALA_PUBLIC_URL": "https://photos.example.org, http://nas.local:8080/"])
        // then each is kept in order, and a bad one stops the start naming the setting
        #expect(c.publicURLs.map(\.absoluteString) == ["https://photos.example.org", "http://nas.local:8080/"])
        for bad in ["photos.example.org", "ftp://photos.example.org", "https://", "https://a.example/?x=1", "https://u:p@a.example"] {
            let error = #expect(throws: ConfigError.self) { try config(["public-url": bad]) }
            #expect(error?.description.contains("--public-url") == true, "\(bad)")
        }
    }

    @Test(arguments: [
        (["port": "80a"], [:], "--port must be a whole number"),
        ([:], ["PHOTOLALA_PORT": "70000"], "PHOTOLALA_PORT must be a whole number from 0 to 65535"),
        (["page-size": "0"], [:], "--page-size"),
        (["max-connections": "0"], [:], "--max-connections"),
        ([:], ["PHOTOLALA_MIN_BODY_RATE": "-5"], "PHOTOLALA_MIN_BODY_RATE"),
        ([:], ["PHOTOLALA_GUEST": "admin"], "PHOTOLALA_GUEST must be none, viewer or member"),
        ([:], ["PHOTOLALA_SECURE_COOKIES": "maybe"], "PHOTOLALA_SECURE_COOKIES must be 1/true"),
        (["upload-limit": "-1"], [:], "--upload-limit"),
        (["upload-folder": "../up"], [:], "--upload-folder"),
        ([:], ["PHOTOLALA_THUMBNAIL_WORKERS": "0"], "PHOTOLALA_THUMBNAIL_WORKERS"),
        (["host": ""], [:], "--host"),
    ] as [([String: String], [String: String], String)])
    func badValuesStopTheStartNamingTheSetting(flags: [String: String], env: [String: String], message: String) throws {
        let error = #expect(throws: ConfigError.self) { try config(flags, env: env) }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }

    @Test func missingTemplatesNameTheResourcesSetting() throws {
        let f = try GalleryFixture()
        let error = #expect(throws: ConfigError.self) {
            try ServeSettings.config(library: f.library, data: f.data, flags: ["resources": f.root], environment: [:])
        }
        #expect(error?.description.contains("--resources") == true)
    }

    @Test func theDataFolderMayNotLieInsideTheLibrary() throws {
        let f = try GalleryFixture()
        let error = #expect(throws: ConfigError.self) {
            try ServeSettings.config(library: f.library, data: f.library + "/data", flags: ["resources": resources], environment: [:])
        }
        #expect(error?.description.contains("--data") == true)
    }
}
