import Foundation

extension ServeSettings {
    /// Reads every setting from flag values (by setting name; nil when a flag was not given) and
    /// the environment (a flag wins), checks each, then how they fit together. `library` and `data`
    /// are resolved by the caller, which knows how to make a demo library.
    public static func config(library: String, data: String, flags: [String: String],
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws -> GalleryConfig {
        var config = GalleryConfig(libraryPath: library, dataPath: data)
        var origins: [String: String] = [:]
        for setting in all where !setting.resolvedFirst {
            let given: (raw: String, origin: String)?
            if let raw = flags[setting.name] {
                given = (raw, setting.flag)
            } else if let raw = environment[setting.environment], !raw.isEmpty {
                given = (raw, setting.environment)
            } else {
                given = nil
            }
            guard let given else { continue }
            origins[setting.name] = given.origin
            do { try setting.apply(given.raw, to: &config) } catch let problem as SettingProblem {
                throw ConfigError("\(given.origin) \(problem).")
            }
        }
        // The client secret comes from a file or the environment, never from the command line.
        if config.oidcClientSecret == nil, let secret = environment["PHOTOLALA_OIDC_CLIENT_SECRET"]?.trimmingCharacters(in: .whitespacesAndNewlines),
           !secret.isEmpty {
            config.oidcClientSecret = secret
        }
        if let port = config.metricsPort, port == config.port {
            throw ConfigError("\(origins[metricsPort.name] ?? metricsPort.flag) must differ from the gallery's port.")
        }
        try config.validate()
        return config
    }
}
