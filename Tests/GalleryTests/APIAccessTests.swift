import Foundation
import TestSupport
import Testing
@testable import Catalog
@testable import Gallery
import PhotolalaAPI

private enum PhotolalaAPIVersion { static let current = APIDocument.version }

/// The API's rules read off the document itself: every operation it describes has its entry in
/// the one table of who may call what, and the paths the door answers 405 on are its paths.
@Suite struct APIAccessTests {
    static let document: String = {
        (try? String(contentsOfFile: GalleryFixture.resources + "/API/openapi.yaml", encoding: .utf8)) ?? ""
    }()

    @Test func everyOperationOfTheDocumentIsInTheTableAndNothingElse() throws {
        let ids = Set(Self.document.matches(of: #/operationId: (\w+)/#).map { String($0.output.1) })
        #expect(ids.count >= 20)
        #expect(ids == Set(APIAction.byOperation.keys))
    }

    @Test func theChangelogNamesEveryOperationAndTheDocumentsVersion() throws {
        let changelog = try String(contentsOfFile: GalleryFixture.resources + "/API/CHANGELOG.md", encoding: .utf8)
        let version = try #require(Self.document.firstMatch(of: #/\n  version: ([0-9.]+)\n/#)?.output.1)
        #expect(String(version) == PhotolalaAPIVersion.current)
        #expect(changelog.contains("## " + version))
        for id in Self.document.matches(of: #/operationId: (\w+)/#).map({ String($0.output.1) }) {
            #expect(changelog.contains("`\(id)`"), "API/CHANGELOG.md does not name \(id)")
        }
    }

    @Test func scopesAndRolesBothBound() throws {
        let ada = Account(id: 1, name: "ada", role: .viewer, createdAt: 0)
        func caller(_ account: Account, _ scopes: Set<APIToken.Scope>) -> APICaller {
            let token = APIToken(id: 1, accountId: account.id, label: "t", scopes: scopes, frame: nil, createdAt: 0, lastUsedAt: nil)
            let visitor = Visitor(account: account, role: account.role, sessionHash: nil)
            return APICaller(token: token, account: account, visitor: visitor, view: CatalogReads(try! CatalogStore.inMemory()).view(for: visitor.audience))
        }
        // a viewer's token with every scope favorites and reads, and curates nothing of the household's
        let viewer = caller(ada, Set(APIToken.Scope.allCases))
        #expect(APIAction.favorite.refusal(for: viewer) == nil && APIAction.read.refusal(for: viewer) == nil)
        for action in [APIAction.curate, .upload, .share, .readTrash, .admin] { #expect(action.refusal(for: viewer)?.status == .forbidden) }
        // an admin's read-only token reads and does nothing else
        var admin = ada
        admin.role = .admin
        let reader = caller(admin, [.read])
        #expect(APIAction.readTrash.refusal(for: reader) == nil)
        for action in [APIAction.favorite, .curate, .upload, .share, .admin] { #expect(action.refusal(for: reader)?.status == .forbidden) }
    }

    @Test func thePathsAreTheDocumentsWithTheirMethods() {
        let paths = APIPaths(document: Self.document)
        #expect(paths.methods(for: "/photos/abc") == ["GET", "PATCH", "DELETE", "HEAD"])
        #expect(paths.methods(for: "/albums/3/photos/abc/move") == ["POST"])
        #expect(paths.methods(for: "/me") == ["GET", "HEAD"])
        #expect(paths.methods(for: "/photos/abc/nothing") == nil)
        #expect(paths.methods(for: "/") == nil)
    }

    @Test func cursorsAreTheServersOwn() throws {
        #expect(try APICursor.page(nil) == 1)
        #expect(try APICursor.page(APICursor.text(7)) == 7)
        for bad in ["", "p", "p0", "p-1", "7", "p99999999999", "q3", "p3 "] { #expect(throws: APIProblem.self) { try APICursor.page(bad) } }
    }

    @Test func tokenSecretsHaveTheirShape() {
        let secret = APITokenSecret.make()
        #expect(secret.hasPrefix("plt_") && secret.count == 47 && APITokenSecret.isWellFormed(secret))
        #expect(!APITokenSecret.isWellFormed("plt_short") && !APITokenSecret.isWellFormed(String(secret.dropFirst(4))))
        #expect(APITokenSecret.hash(secret) != APITokenSecret.hash(APITokenSecret.make()))
    }

    @Test func aBucketRefillsAtItsRateAndNeverPastItsBurst() async {
        let limit = APIRateLimit(perMinute: 60, burst: 3)
        let start = ContinuousClock.now
        // three at once, then a wait of a second for the fourth
        for _ in 0..<3 { #expect(await limit.take(1, now: start) == nil) }
        #expect(await limit.take(1, now: start) == 1)
        #expect(await limit.take(2, now: start) == nil)
        #expect(await limit.take(1, now: start + .milliseconds(1_000)) == nil)
        // a long quiet time fills the bucket to its burst and no further
        let later = start + .seconds(3_600)
        for _ in 0..<3 { #expect(await limit.take(1, now: later) == nil) }
        #expect(await limit.take(1, now: later) != nil)
    }

    @Test func cameraTimeIsTheProlepticGregorianDateOfItsSeconds() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        var generator = SeededGenerator(seed: 58)
        // (from 1600: Foundation's calendar turns Julian before 1582, ISO 8601's stays Gregorian)
        for _ in 0..<2_000 {
            let seconds = Int64(generator.next() % 265_078_396_800) - 11_676_096_000
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            let expected = (1...9999).contains(parts.year!) ? String(format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year!, parts.month!, parts.day!,
                                                                      parts.hour!, parts.minute!, parts.second!) : nil
            #expect(APIHandler.cameraTime(seconds) == expected, "\(seconds)")
        }
        #expect(APIHandler.cameraTime(0) == "1970-01-01T00:00:00")
        #expect(APIHandler.cameraTime(951_782_400) == "2000-02-29T00:00:00")
        #expect(APIHandler.cameraTime(-1) == "1969-12-31T23:59:59")
        #expect(APIHandler.cameraTime(-62_135_596_800) == "0001-01-01T00:00:00")
        #expect(APIHandler.cameraTime(-62_135_596_801) == nil)
        #expect(APIHandler.cameraTime(253_402_300_799) == "9999-12-31T23:59:59")
        #expect(APIHandler.cameraTime(253_402_300_800) == nil)
    }
}
