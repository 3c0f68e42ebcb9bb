import Catalog
import Foundation

/// PROPFIND's answer: which properties were asked for (RFC 4918 §9.1) and each resource's
/// `<D:response>` with them, found ones under 200 and unknown ones under 404.
enum DavProperties {
    /// What a PROPFIND body asks for.
    enum Request: Equatable {
        case all
        case names
        case some([XMLName])
    }

    /// The live properties this door keeps, in the DAV: namespace.
    static let live = ["creationdate", "displayname", "getcontentlength", "getcontenttype", "getetag", "getlastmodified",
                       "resourcetype", "supportedlock", "lockdiscovery"]

    /// Reads a PROPFIND body; an empty one asks for everything. 400 for XML that is not a propfind.
    static func request(_ body: [UInt8]) throws -> Request {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .all }
        let root: XMLElement
        do { root = try DavXML.parse(body) } catch { throw DavError(.badRequest, "a PROPFIND body that is not XML") }
        guard root.name == XMLName(namespace: DavXML.dav, local: "propfind") else { throw DavError(.badRequest, "a PROPFIND body without propfind") }
        if root.first(XMLName(namespace: DavXML.dav, local: "propname")) != nil { return .names }
        if root.first(XMLName(namespace: DavXML.dav, local: "allprop")) != nil { return .all }
        guard let prop = root.first(XMLName(namespace: DavXML.dav, local: "prop")) else { throw DavError(.badRequest, "a propfind asking for nothing") }
        return .some(prop.elements.map(\.name))
    }

    /// One resource's `<D:response>`.
    static func response(_ resource: DavResource, asked: Request) -> String {
        var found: [String] = [], missing: [String] = []
        switch asked {
        case .names:
            found = live(of: resource).map { "<D:\($0.key)/>" } + resource.properties.map { empty(XMLName(namespace: $0.namespace, local: $0.name)) }
        case .all:
            found = live(of: resource).map(\.value) + resource.properties.map(\.xml)
        case .some(let names):
            let values = live(of: resource)
            for name in names {
                if name.namespace == DavXML.dav, let value = values.first(where: { $0.key == name.local }) {
                    found.append(value.value)
                } else if let dead = resource.properties.first(where: { $0.namespace == name.namespace && $0.name == name.local }) {
                    found.append(dead.xml)
                } else {
                    missing.append(empty(name))
                }
            }
        }
        var out = "<D:response><D:href>\(DavXML.escape(resource.href))</D:href>"
        if !found.isEmpty || missing.isEmpty { out += propstat(found, "200 OK") }
        if !missing.isEmpty { out += propstat(missing, "404 Not Found") }
        return out + "</D:response>"
    }

    /// A multistatus document of these responses.
    static func multistatus(_ responses: [String]) -> String {
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:multistatus xmlns:D=\"DAV:\">" + responses.joined(separator: "\n") + "</D:multistatus>"
    }

    static func propstat(_ properties: [String], _ status: String) -> String {
        "<D:propstat><D:prop>" + properties.joined() + "</D:prop><D:status>HTTP/1.1 \(status)</D:status></D:propstat>"
    }

    /// An empty element of this name, declaring its namespace.
    static func empty(_ name: XMLName) -> String {
        if name.namespace == DavXML.dav { return "<D:\(name.local)/>" }
        if name.namespace.isEmpty { return "<\(name.local) xmlns=\"\"/>" }
        return "<X:\(name.local) xmlns:X=\"\(DavXML.escape(name.namespace))\"/>"
    }

    /// The live properties a resource has, by local name, as elements.
    static func live(of resource: DavResource) -> [(key: String, value: String)] {
        var out: [(String, String)] = []
        if let created = resource.created { out.append(("creationdate", "<D:creationdate>\(DavDates.iso(created))</D:creationdate>")) }
        out.append(("displayname", "<D:displayname>\(DavXML.escape(resource.name))</D:displayname>"))
        if !resource.isCollection {
            out.append(("getcontentlength", "<D:getcontentlength>\(resource.size)</D:getcontentlength>"))
            out.append(("getcontenttype", "<D:getcontenttype>\(DavXML.escape(resource.contentType ?? "application/octet-stream"))</D:getcontenttype>"))
        }
        if let etag = resource.etag { out.append(("getetag", "<D:getetag>\(DavXML.escape(etag))</D:getetag>")) }
        if let modified = resource.modified ?? resource.created {
            out.append(("getlastmodified", "<D:getlastmodified>\(DavDates.http(modified))</D:getlastmodified>"))
        }
        out.append(("resourcetype", resource.isCollection ? "<D:resourcetype><D:collection/></D:resourcetype>" : "<D:resourcetype/>"))
        if resource.lockable {
            out.append(("supportedlock", """
                <D:supportedlock><D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>\
                <D:lockentry><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry></D:supportedlock>
                """))
            out.append(("lockdiscovery", "<D:lockdiscovery>" + resource.locks.map { activeLock($0, root: resource.lockRoot($0)) }.joined() + "</D:lockdiscovery>"))
        }
        return out
    }

    /// A lock as `<D:activelock>` (in lockdiscovery and LOCK's answer); `root` is its root's href.
    static func activeLock(_ lock: DavLock, root: String) -> String {
        "<D:activelock><D:locktype><D:write/></D:locktype><D:lockscope><D:\(lock.exclusive ? "exclusive" : "shared")/></D:lockscope>"
            + "<D:depth>\(lock.deep ? "infinity" : "0")</D:depth>" + (lock.owner.isEmpty ? "" : lock.owner)
            + "<D:timeout>Second-\(lock.timeout)</D:timeout><D:locktoken><D:href>\(DavXML.escape(lock.token))</D:href></D:locktoken>"
            + "<D:lockroot><D:href>\(DavXML.escape(root))</D:href></D:lockroot>"
            + "</D:activelock>"
    }
}

/// The two ways WebDAV writes a time.
enum DavDates {
    /// RFC 3339, for creationdate.
    static func iso(_ seconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// RFC 9110's IMF-fixdate, for getlastmodified and Last-Modified.
    static func http(_ seconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
