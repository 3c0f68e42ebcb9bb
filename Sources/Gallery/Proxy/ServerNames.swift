import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The names this server answers to, so a request for any other name (a DNS rebinding attack
/// points an attacker's name at a home address) is refused: loopback names, address literals,
/// the machine's own host name (and its `.local` name), and the hosts of `--public-url`.
struct ServerNames: Sendable {
    /// Lower-cased host names accepted besides loopback names and address literals.
    let names: Set<String>
    /// Host fields already accepted as sent (a browser sends the same one every time), so most
    /// requests are checked with one comparison; a few at most, so no one can grow it.
    private let accepted = AcceptedAuthorities()

    /// The machine's names and the hosts of the public URLs.
    init(publicURLs: [URL], machineName: String? = ServerNames.machineName()) {
        var names = Set(publicURLs.compactMap { $0.host?.lowercased() })
        if let machine = machineName?.lowercased(), !machine.isEmpty {
            names.insert(machine)
            names.insert(machine + ".local")
            // A fully qualified host name's first label is a name too (`nas` of `nas.home.arpa`).
            if let short = machine.split(separator: ".").first { names.insert(short + ".local"); names.insert(String(short)) }
        }
        self.names = names
    }

    /// Whether `authority` (a Host header: a name or address, maybe with a port) is one of ours.
    func accepts(_ authority: String) -> Bool {
        if accepted.contains(authority) { return true }
        guard check(authority) else { return false }
        accepted.insert(authority)
        return true
    }

    private func check(_ authority: String) -> Bool {
        guard let host = Self.host(ofAuthority: authority) else { return false }
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        if host.hasPrefix("[") { return TrustedProxies.bytes(String(host.dropFirst().dropLast())) != nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return true }
        return names.contains(host)
    }

    /// The host part of an authority, lower-cased and without a trailing dot; nil when malformed.
    static func host(ofAuthority authority: String) -> String? {
        guard var host = split(authority: authority)?.host.lowercased() else { return nil }
        if host.hasSuffix(".") { host.removeLast() }
        return host.isEmpty ? nil : host
    }

    /// An authority's host (an IPv6 literal keeps its brackets) and port; nil when malformed.
    static func split(authority: String) -> (host: String, port: Int?)? {
        let text = Substring(authority)
        guard !text.isEmpty, !text.contains("@"), !text.contains(where: { $0.isWhitespace || $0 == "/" }) else { return nil }
        var host = text
        var port: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[...close]
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.first == ":" else { return nil }
            if !rest.isEmpty { port = rest.dropFirst() }
        } else if let colon = text.lastIndex(of: ":") {
            guard !text[..<colon].contains(":") else { return nil }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard let port else { return host.isEmpty ? nil : (String(host), nil) }
        guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port), (0...65535).contains(number),
              !host.isEmpty else { return nil }
        return (String(host), number)
    }

    /// This machine's host name, as `hostname` prints it.
    static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        return String(cString: buffer)
    }
}

/// The few `Host` fields a server has accepted lately, compared byte for byte.
private final class AcceptedAuthorities: Sendable {
    private let seen = Mutex<[String]>([])
    private static let capacity = 8

    func contains(_ authority: String) -> Bool {
        seen.withLock { $0.contains { $0.utf8.elementsEqual(authority.utf8) } }
    }

    func insert(_ authority: String) {
        seen.withLock { seen in
            if seen.count >= Self.capacity { seen.removeFirst() }
            seen.append(authority)
        }
    }
}
