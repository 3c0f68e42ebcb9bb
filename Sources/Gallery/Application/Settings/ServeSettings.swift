import Catalog
import Foundation

/// Every `serve` setting, each declared once here: its flag, its `PHOTOLALA_*` variable, its
/// default, its check and its help. `GalleryConfig` takes its defaults from here, `serve --help`
/// and the settings tables in the docs are printed from here, and the reader applies it.
public enum ServeSettings {
    public static let library = Setting<String>("library", "dir", default: "",
        shown: "the library the data folder records, else a demo library in $XDG_DATA_HOME/photolala-demo", resolvedFirst: true, \.libraryPath,
        help: "The photo folder to serve, or a bucket as s3://bucket/prefix (see --s3-endpoint).", parse: SettingParse.folder)
    public static let s3Endpoint = Setting<String?>("s3-endpoint", "url", default: nil, shown: "AWS itself", resolvedFirst: true, \.s3Endpoint,
        help: "The S3-compatible server of an s3:// library and of an s3:// --cache (MinIO, Garage: http://127.0.0.1:9000), addressed by path; credentials come from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, the region from AWS_REGION or AWS_DEFAULT_REGION (else us-east-1).",
        parse: { raw in try SettingParse.nonEmpty(raw) })
    public static let data = Setting<String>("data", "dir", default: "",
        shown: "the library's own folder, $XDG_DATA_HOME/photolala/libraries/NAME-HASH (~/.local/share/…); the demo's is $XDG_DATA_HOME/photolala/demo",
        resolvedFirst: true, \.dataPath,
        help: "Where the catalog (catalog.sqlite), thumbnails and trash live; belongs to one library and must not be inside it.",
        parse: SettingParse.folder)
    public static let catalog = Setting<String?>("catalog", "url", default: nil, shown: "catalog.sqlite in the data folder", resolvedFirst: true,
        \.catalogURL,
        help: "A PostgreSQL database to keep the catalog in, as postgres://user:password@host:port/database (add ?sslmode=require for TLS), so several instances can serve one library: sessions, share links, sign-in limits and curation are shared, one instance scans at a time. Each instance keeps renditions in its own data folder (share them with --cache).",
        parse: { raw in
            do { try CatalogLocation.checkAddress(raw) } catch { throw SettingProblem("\(error)") }
            return raw
        })
    public static let host = Setting<String>("host", "address", default: "127.0.0.1", \.host,
        help: "Address to listen on (0.0.0.0 for every network).", parse: SettingParse.nonEmpty)
    public static let port = Setting<Int>("port", "n", default: 8080, \.port,
        help: "Port to listen on (0 picks a free one).", parse: SettingParse.int(0...65535))
    public static let pageSize = Setting<Int>("page-size", "n", default: 60, \.pageSize,
        help: "Photos per group page (1-500).", parse: SettingParse.int(1...500))
    public static let scan = Setting(switch: "scan", default: true, \.scanOnStart,
        help: "Scan the library at start-up; turned off, the catalog is served as it is.")
    public static let watch = Setting(switch: "watch", default: true, \.watch,
        help: "Watch the library for changes (inotify) and rescan shortly after; turned off, rely on rescans.")
    public static let rescanInterval = Setting<Int>("rescan-interval", "minutes", default: 60, \.rescanMinutes,
        help: "Minutes between fallback rescans of the whole library (0: none).", parse: SettingParse.int(0...525_600))
    public static let guest = Setting<Role?>("guest", "role", default: nil, shown: "none", \.guestRole,
        help: "What someone not signed in may do: none (only the sign-in page and share links), viewer or member (a trusted home network); guests share one favorites list.",
        parse: SettingParse.choice(["none": nil, "viewer": .viewer, "member": .member]))
    public static let secureCookies = Setting(switch: "secure-cookies", default: false, \.secureCookies,
        help: "Mark cookies Secure; set it when the gallery is reached over HTTPS.")
    public static let trustedProxies = Setting<TrustedProxies>("trusted-proxies", "list", default: .none, shown: "none", \.trustedProxies,
        help: "Reverse proxies (addresses or CIDR ranges, comma-separated) whose X-Forwarded-For and X-Forwarded-Proto are believed.",
        parse: TrustedProxies.parse)
    public static let basePath = Setting<String>("base-path", "path", default: "", shown: "none", \.basePath,
        help: "Serve the gallery under a prefix such as /photos.", parse: BasePath.normalise)
    public static let publicURL = Setting<[URL]>("public-url", "url", default: [], shown: "the listening address", repeats: true, \.publicURLs,
        help: "Where people reach the gallery (https://photos.example.org); repeat the flag, or separate with commas, for several. Requests for any other name than these hosts, loopback names, IP addresses and this machine's name get 421; the first one starts share links and every other absolute link.",
        parse: SettingParse.publicURLs)
    public static let uploadLimit = Setting<Int>("upload-limit", "mb", default: 200 * 1_000_000, shown: "200", \.uploadLimit,
        help: "Largest upload per file, in MB; a bigger file gets a 413 page and nothing from that upload is kept.",
        parse: SettingParse.int(1...100_000, times: 1_000_000))
    public static let uploadFolder = Setting<String>("upload-folder", "pattern", default: "Uploads/{yyyy}/{mm}", \.uploadFolder,
        help: "Where uploads land in the library; {yyyy}, {mm}, {dd} come from the date taken (or the upload date).",
        parse: { raw in
            if let problem = UploadNaming.validate(raw) { throw SettingProblem(problem) }
            return raw
        })
    public static let uploadLayout = Setting<String>("upload-layout", "pattern", default: "Phones/{member}/{yyyy}/{mm}", \.uploadLayout,
        help: "Where photos and videos a member's devices send to their WebDAV inbox (/dav/NAME/) are filed in the library; {member} is the member's name, {yyyy}, {mm}, {dd} come from the date taken (or the day it arrived).",
        parse: { raw in
            if let problem = UploadNaming.validate(raw) { throw SettingProblem(problem) }
            return raw
        })
    public static let uploadAllowance = Setting<Int64?>("upload-allowance", "size", default: nil, shown: "none", \.uploadAllowance,
        help: "The most a member's WebDAV inbox may hold (200GB, 500MB); a file past it is refused with 507 before a byte is stored.",
        parse: { raw in
            guard let bytes = FilterValue.bytes(raw.trimmingCharacters(in: .whitespaces).uppercased()), bytes >= 1_000_000 else {
                throw SettingProblem("must be a size of at least 1MB (200GB, 500MB), not “\(raw)”")
            }
            return Int64(bytes)
        })
    public static let apiRate = Setting<Int>("api-rate", "n", default: 600, \.apiRequestsPerMinute,
        help: "The requests a minute each API token may make (a tenth of it at once); past it the API answers 429 with Retry-After.",
        parse: { raw in
            guard let n = Int(raw.trimmingCharacters(in: .whitespaces)), (1...1_000_000).contains(n) else {
                throw SettingProblem("must be a number of requests a minute, 1 or more, not “\(raw)”")
            }
            return n
        })
    public static let oidcIssuer = Setting<URL?>("oidc-issuer", "url", default: nil, shown: "off", \.oidcIssuer,
        help: "Sign in through this OpenID Connect provider (https://auth.example.org, its issuer as its discovery document says); the redirect URI to register is printed at start.",
        parse: { raw in
            guard let url = URL(string: raw.trimmingCharacters(in: .whitespaces)), let scheme = url.scheme?.lowercased(),
                  scheme == "https" || scheme == "http", url.host != nil, url.query == nil, url.fragment == nil else {
                throw SettingProblem("must be the provider's issuer, an https:// (or, on a private network, http://) address, not “\(raw)”")
            }
            return url
        })
    public static let oidcClientId = Setting<String?>("oidc-client-id", "id", default: nil, shown: "none", \.oidcClientId,
        help: "The client id the provider gave this gallery.", parse: { try SettingParse.nonEmpty($0) })
    public static let oidcClientSecretFile = Setting<String?>("oidc-client-secret-file", "file", default: nil, shown: "none", \.oidcClientSecret,
        help: "A file holding the client secret (or set PHOTOLALA_OIDC_CLIENT_SECRET; never on the command line). Without one, the gallery signs in as a public client, with PKCE alone.",
        parse: { raw in
            guard let data = FileManager.default.contents(atPath: raw),
                  let secret = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !secret.isEmpty else {
                throw SettingProblem("must name a readable file holding the client secret, not “\(raw)”")
            }
            return secret
        })
    public static let oidcName = Setting<String>("oidc-name", "name", default: "single sign-on", \.oidcName,
        help: "What the sign-in page calls the provider on its button (Authelia, Keycloak, …).", parse: SettingParse.nonEmpty)
    public static let oidcLinkClaim = Setting<String?>("oidc-link-claim", "claim", default: nil, shown: "none", \.oidcLinkClaim,
        help: "Links an existing account, at its first sign-in through the provider, whose name is this claim's value (preferred_username); an account linked to another of the provider's people is refused. Without it, only accounts signed in through the provider before, or made by it, are found.",
        parse: { try SettingParse.nonEmpty($0) })
    public static let oidcCreateAccounts = Setting(switch: "oidc-create-accounts", default: false, \.oidcCreateAccounts,
        help: "Makes an account for someone the provider signs in who has none here, named after their preferred_username.")
    public static let oidcRole = Setting<Role>("oidc-role", "role", default: .viewer, \.oidcRole,
        help: "The role of an account made at its first sign-in through the provider, when no group says otherwise (viewer or member).",
        parse: SettingParse.choice(["viewer": Role.viewer, "member": .member]))
    public static let oidcGroupsClaim = Setting<String>("oidc-groups-claim", "claim", default: "groups", \.oidcGroupsClaim,
        help: "The claim listing the groups someone is in, for --oidc-admin-group, --oidc-member-group and --oidc-viewer-group.",
        parse: SettingParse.nonEmpty)
    public static let oidcAdminGroup = Setting<String?>("oidc-admin-group", "group", default: nil, shown: "none", \.oidcAdminGroup,
        help: "Someone in this group is an admin here, set at every sign-in. When any group is named, someone in none of them is refused.",
        parse: { try SettingParse.nonEmpty($0) })
    public static let oidcMemberGroup = Setting<String?>("oidc-member-group", "group", default: nil, shown: "none", \.oidcMemberGroup,
        help: "Someone in this group (and not the admins') is a member here.", parse: { try SettingParse.nonEmpty($0) })
    public static let oidcViewerGroup = Setting<String?>("oidc-viewer-group", "group", default: nil, shown: "none", \.oidcViewerGroup,
        help: "Someone in this group (and in neither of the others) is a viewer here.", parse: { try SettingParse.nonEmpty($0) })
    public static let oidcAutoRedirect = Setting(switch: "oidc-auto-redirect", default: false, \.oidcAutoRedirect,
        help: "Sends visitors who are not signed in straight to the provider instead of showing the sign-in page.")
    public static let passwordSignIn = Setting(switch: "password-sign-in", default: true, \.passwordSignIn,
        help: "Lets accounts sign in with their password; turned off, only the provider signs people in (the command line still manages accounts).")
    public static let freeSpaceFloor = Setting<Int64>("free-space-floor", "size", default: 2_000_000_000, shown: "2GB", \.freeSpaceFloor,
        help: "The free space a WebDAV upload must leave on the data folder's and the library's disks; one that would go below it is refused with 507 before a byte is stored.",
        parse: { raw in
            guard let bytes = FilterValue.bytes(raw.trimmingCharacters(in: .whitespaces).uppercased()) else {
                throw SettingProblem("must be a size (2GB, 500MB), not “\(raw)”")
            }
            return Int64(bytes)
        })
    public static let readOnlyLibrary = Setting(switch: "read-only-library", default: false, \.readOnlyLibrary,
        help: "Never write to the library: upload and delete say so, curation keeps working (detected by itself on a read-only mount).")
    public static let writeSidecars = Setting(switch: "write-sidecars", default: false, \.writeSidecars,
        help: "Write stars, tags, captions, turns and favorites to XMP sidecars beside the files (name.ext.xmp), for other programs and for a catalog made anew; the originals are never written. Sidecars are read back by every scan either way.")
    public static let adminsSeePrivate = Setting(switch: "admins-see-private", default: false, \.adminsSeePrivate,
        help: "Let admins see the photos, folders and albums members keep private (marked as such). Off, private means private from everyone else, admins too; members are told which way the household chose.")
    public static let cache = Setting<String?>("cache", "url|dir", default: nil, shown: "none: each instance keeps its own", \.sharedCache,
        help: "Where instances share renditions, as s3://bucket/prefix (the server and credentials of --s3-endpoint) or a folder they all mount: one instance makes a thumbnail or a playable video, the others copy it instead of making it again. Each still keeps what it serves in its data folder, within --rendition-cache.",
        parse: { raw in
            if raw.lowercased().hasPrefix("s3://") { return raw }
            let path = try SettingParse.folder(raw)
            guard path.hasPrefix("/") else { throw SettingProblem("must be s3://bucket/prefix or an absolute folder, not “\(raw)”") }
            return path
        })
    public static let thumbnailWorkers = Setting<Int>("thumbnail-workers", "n", default: max(1, ProcessInfo.processInfo.activeProcessorCount),
        shown: "the core count", \.thumbnailWorkers, help: "Thumbnails made at once (1-64).", parse: SettingParse.int(1...64))
    public static let renditionCache = Setting<RenditionBudget>("rendition-cache", "size", default: .percentOfRoom(20), shown: "20%",
        \.renditionCache,
        help: "Disk the thumbnail and screen renditions may take: a size (5GB, 800MB), a share of the room they could have (20%: of their own size plus the disk's free space) or unlimited; past it the least recently served are removed, and made again if asked for.",
        parse: { raw in
            guard let budget = RenditionBudget.parse(raw) else {
                throw SettingProblem("must be a size from 10MB (5GB, 800MB), a share from 1% to 95%, or unlimited, not “\(raw)”")
            }
            return budget
        })
    public static let isolateDecoders = Setting(switch: "isolate-decoders", default: true, \.isolateDecoders,
        help: "Decode in worker processes, so a decoder crash or a stuck decode costs one worker, never the server; turned off, decode in the server process.")
    public static let decodeTimeout = Setting<Double>("decode-timeout", "seconds", default: 30, shown: "30", \.decodeTimeout,
        help: "Seconds one image decode, or one run of ffprobe or ffmpeg on a video, may take, counted per decode (1-3600); a decode past it is stopped and the photo gets a placeholder.",
        parse: { raw in Double(try SettingParse.int(1...3600)(raw)) })
    public static let maxPixels = Setting<Int>("max-pixels", "mp", default: 250 * 1_000_000, shown: "250", \.maxPixels,
        help: "Refuse images with more megapixels than this (1-1000), checked before any decode.", parse: SettingParse.int(1...1000, times: 1_000_000))
    public static let headerTimeout = Setting<Int>("header-timeout", "seconds", default: 10, \.headerTimeout,
        help: "Seconds a client has to send a request's headers (also the keep-alive wait after a response) before it is answered 408 and closed.",
        parse: SettingParse.int(1...600))
    public static let idleTimeout = Setting<Int>("idle-timeout", "seconds", default: 60, \.idleTimeout,
        help: "Seconds a connection may go without any traffic mid-request (a stalled upload, say) before it is closed.",
        parse: SettingParse.int(1...3600))
    public static let connectionsPerAddress = Setting<Int>("connections-per-address", "n", default: 64, \.connectionsPerAddress,
        help: "Connections one address may hold open at once (trusted proxies are not capped).", parse: SettingParse.int(1...100_000))
    public static let maxConnections = Setting<Int>("max-connections", "n", default: 1024, \.maxConnections,
        help: "Connections open at once in all; more are closed as they arrive.", parse: SettingParse.int(1...1_000_000))
    public static let minBodyRate = Setting<Int>("min-body-rate", "bytes", default: 1_000, \.minimumBodyRate,
        help: "Bytes per second a request body (an upload) must keep up while the server waits for it, judged over 20 s of waiting; slower is answered 408 and closed (0: no floor).",
        parse: SettingParse.int(0...100_000_000))
    public static let metricsPort = Setting<Int?>("metrics-port", "n", default: nil, shown: "off", \.metricsPort,
        help: "Serve Prometheus /metrics on this port of its own (keep it private).", parse: SettingParse.optionalInt(1...65535))
    public static let metricsToken = Setting<String?>("metrics-token", "token", default: nil, shown: "off", \.metricsToken,
        help: "Serve /metrics on the main port to requests with Authorization: Bearer TOKEN (16+ characters).",
        parse: { raw in
            guard raw.count >= 16 else { throw SettingProblem("must be at least 16 characters") }
            return raw
        })
    public static let resources = Setting<String>("resources", "dir", default: ResourceLocator.find() ?? FileManager.default.currentDirectoryPath,
        shown: "beside the binary, or the working folder", \.resourcesPath,
        help: "The folder holding Templates/ and Public/.", parse: SettingParse.folder)

    /// The table, in the order `--help` and the docs list it.
    public static let all: [any ServeSetting] = [
        library, s3Endpoint, data, catalog, host, port, pageSize, scan, watch, rescanInterval, guest, secureCookies, trustedProxies, basePath, publicURL,
        uploadLimit, uploadFolder, uploadLayout, uploadAllowance, freeSpaceFloor, apiRate, readOnlyLibrary, writeSidecars, adminsSeePrivate, cache, thumbnailWorkers, renditionCache, isolateDecoders, decodeTimeout, maxPixels, headerTimeout,
        idleTimeout, connectionsPerAddress, maxConnections, minBodyRate, metricsPort, metricsToken, oidcIssuer, oidcClientId, oidcClientSecretFile, oidcName, oidcLinkClaim, oidcCreateAccounts,
        oidcRole, oidcGroupsClaim, oidcAdminGroup, oidcMemberGroup, oidcViewerGroup, oidcAutoRedirect, passwordSignIn, resources,
    ]
}
