import Catalog

/// Device passwords: 119 random bits written as 24 letters and digits from an alphabet without
/// look-alikes, in groups of four ("k7wq-…"), to be typed on a phone once if it must be.
public enum DeviceSecret {
    private static let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789".utf8)

    /// A new secret.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var out = ""
        for index in 0..<24 {
            if index > 0 && index % 4 == 0 { out += "-" }
            out.append(Character(Unicode.Scalar(alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))])))
        }
        return out
    }

    /// What the catalog keeps of a secret: the SHA-256 of it as typed, without its dashes or
    /// spaces and in lower case, so a secret typed either way opens the same device.
    public static func hash(_ secret: String) -> String {
        TokenHash.of(String(secret.lowercased().unicodeScalars.filter { $0 != "-" && $0 != " " }.map(Character.init)))
    }
}
