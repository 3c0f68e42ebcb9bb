import Foundation
import Testing
import TestSupport
@testable import Catalog

/// Device passwords, inboxes and their locks, in every implementation: what one instance writes
/// every other reads, a revoked device is gone at once, a tree moves and goes whole, and two
/// exclusive locks are never granted on one path.
@Suite struct DeviceInboxContract {
    @Test(arguments: StoreUnderTest.allCases)
    func devicesAreFoundByTheirSecretsHashAndRevokedAtOnce(_ kind: StoreUnderTest) async throws {
        // given two members, one with two devices
        let opened = try await kind.make()
        let store = opened.store
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .member, now: Date())
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        let phone = try await store.addDevice(accountId: ada.id, label: "  Ada's phone  ", secretHash: "hash-1", scope: .backup, now: 100)
        _ = try await store.addDevice(accountId: ada.id, label: "Laptop", secretHash: "hash-2", scope: .read, now: 200)
        // then a label is trimmed, and taken only once an account, whatever its case
        #expect(phone.label == "Ada's phone")
        await #expect(throws: DeviceError.labelTaken("ADA'S PHONE")) {
            try await store.addDevice(accountId: ada.id, label: "ADA'S PHONE", secretHash: "hash-3", scope: .backup, now: 300)
        }
        await #expect(throws: DeviceError.emptyLabel) {
            try await store.addDevice(accountId: ada.id, label: "   ", secretHash: "hash-4", scope: .backup, now: 300)
        }
        _ = try await store.addDevice(accountId: bo.id, label: "Ada's phone", secretHash: "hash-5", scope: .backup, now: 300)
        // and each is found by its hash with its account, newest first in the list
        let found = try #require(try await store.device(secretHash: "hash-2"))
        #expect(found.device.label == "Laptop" && found.device.scope == .read && found.account.name == "ada")
        #expect(try await store.devices(accountId: ada.id).map(\.label) == ["Laptop", "Ada's phone"])
        // when it is used twice within a minute, then a minute later
        try await store.touchDevice(id: phone.id, now: 1_000)
        try await store.touchDevice(id: phone.id, now: 1_030)
        #expect(try await store.device(secretHash: "hash-1")?.device.lastUsedAt == 1_000)
        try await store.touchDevice(id: phone.id, now: 1_061)
        #expect(try await store.device(secretHash: "hash-1")?.device.lastUsedAt == 1_061)
        // when bo tries to revoke ada's phone, nothing happens; when ada does, it is gone
        #expect(try await !store.revokeDevice(id: phone.id, accountId: bo.id))
        #expect(try await store.revokeDevice(id: phone.id, accountId: ada.id))
        #expect(try await store.device(secretHash: "hash-1") == nil)
        // and an account that goes takes its devices with it
        try await store.removeAccount(id: bo.id)
        #expect(try await store.device(secretHash: "hash-5") == nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func anInboxListsMovesAndDeletesWholeTrees(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .member, now: Date())
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        func folder(_ path: String) -> InboxItem { InboxItem(accountId: ada.id, path: path, isCollection: true, createdAt: 1, modifiedAt: 1) }
        func file(_ path: String, _ sha: String, blob: Bool = false, size: Int64 = 10) -> InboxItem {
            InboxItem(accountId: ada.id, path: path, isCollection: false, size: size, sha256: sha, createdAt: 1, modifiedAt: 1,
                      libraryKey: blob ? nil : "Phones/ada/" + path, isBlob: blob,
                      properties: [DeadProperty(namespace: "urn:x", name: "note", xml: "<x:note xmlns:x=\"urn:x\">é 😀</x:note>")])
        }
        // given a folder with a file, a folder inside it, and a neighbour whose name sorts close by
        for item in [folder("DCIM"), folder("DCIM/Camera"), file("DCIM/a.jpg", "aa"), file("DCIM/Camera/b.jpg", "bb"),
                     folder("DCIM0"), file("DCIM0/c.txt", "cc", blob: true), file("DCIM-x.txt", "dd", blob: true)] {
            #expect(try await store.putInboxItem(item))
        }
        #expect(try await !store.putInboxItem(file("DCIM/a.jpg", "aa", size: 12)))
        try await store.putInboxItem(InboxItem(accountId: bo.id, path: "DCIM", isCollection: true, createdAt: 1, modifiedAt: 1))
        // then a folder lists its own children, and a file keeps its properties as they were set
        #expect(try await store.inboxChildren(accountId: ada.id, of: "").map(\.path) == ["DCIM", "DCIM-x.txt", "DCIM0"])
        #expect(try await store.inboxChildren(accountId: ada.id, of: "DCIM").map(\.path) == ["DCIM/Camera", "DCIM/a.jpg"])
        #expect(try await store.inboxItem(accountId: ada.id, path: "DCIM/a.jpg")?.properties.first?.xml == "<x:note xmlns:x=\"urn:x\">é 😀</x:note>")
        #expect(try await store.inboxUsage(accountId: ada.id) == 12 + 10 + 10 + 10)
        #expect(try await store.inboxSiblings(accountId: ada.id, in: "DCIM", stem: "a").map(\.path) == ["DCIM/a.jpg"])
        // when the folder moves, then it moves whole and alone, its neighbours left where they were
        try await store.moveInboxTree(accountId: ada.id, from: "DCIM", to: "Old/DCIM", now: 5)
        #expect(try await store.inboxTree(accountId: ada.id, at: "Old/DCIM").map(\.path) == ["Old/DCIM", "Old/DCIM/Camera", "Old/DCIM/Camera/b.jpg", "Old/DCIM/a.jpg"])
        #expect(try await store.inboxItem(accountId: ada.id, path: "DCIM0/c.txt") != nil)
        #expect(try await store.inboxItem(accountId: bo.id, path: "DCIM") != nil)
        // when a tree is deleted, then what went is said, and a blob another item names is still in use
        try await store.putInboxItem(file("copy.txt", "cc", blob: true))
        let removed = try await store.deleteInboxTree(accountId: ada.id, at: "DCIM0")
        #expect(removed.map(\.path) == ["DCIM0", "DCIM0/c.txt"])
        #expect(try await store.inboxBlobInUse(sha256: "cc"))
        try await store.deleteInboxTree(accountId: ada.id, at: "copy.txt")
        #expect(try await !store.inboxBlobInUse(sha256: "cc"))
    }

    @Test(arguments: StoreUnderTest.allCases)
    func locksConflictAsRFC4918SaysAndLapse(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .member, now: Date())
        func lock(_ token: String, _ path: String, deep: Bool = false, exclusive: Bool = true, expires: Int64 = 1_000) -> DavLock {
            DavLock(token: token, accountId: ada.id, path: path, deep: deep, exclusive: exclusive, owner: "", timeout: 600, expiresAt: expires)
        }
        // given a deep exclusive lock on a folder
        #expect(try await store.addDavLock(lock("t1", "A", deep: true), now: 10))
        // then nothing inside it or on it can be locked, while a neighbour can
        #expect(try await !store.addDavLock(lock("t2", "A/b.jpg"), now: 10))
        #expect(try await !store.addDavLock(lock("t3", "A", exclusive: false), now: 10))
        #expect(try await store.addDavLock(lock("t4", "AB"), now: 10))
        // and a lock deep above an existing one is refused too
        #expect(try await !store.addDavLock(lock("t5", "", deep: true), now: 10))
        // and the locks touching a path are those on it, above it reaching it, and inside it
        #expect(try await store.davLocks(accountId: ada.id, touching: "A/b.jpg", now: 10).map(\.token) == ["t1"])
        #expect(Set(try await store.davLocks(accountId: ada.id, touching: "", now: 10).map(\.token)) == ["t1", "t4"])
        // when shared locks meet, then they stand together
        #expect(try await store.addDavLock(lock("s1", "C", exclusive: false), now: 10))
        #expect(try await store.addDavLock(lock("s2", "C", exclusive: false), now: 10))
        #expect(try await !store.addDavLock(lock("s3", "C"), now: 10))
        // when a lock is refreshed, or lapses, or is removed
        try await store.refreshDavLock(token: "t1", timeout: 60, expiresAt: 2_000)
        #expect(try await store.davLock(token: "t1", now: 1_500)?.timeout == 60)
        #expect(try await store.davLock(token: "t4", now: 1_500) == nil)
        #expect(try await store.addDavLock(lock("t6", "AB", expires: 3_000), now: 1_500))
        #expect(try await store.removeDavLock(token: "t1"))
        #expect(try await !store.removeDavLock(token: "t1"))
        #expect(try await store.addDavLock(lock("t7", "A/b.jpg", expires: 3_000), now: 1_500))
    }
}
