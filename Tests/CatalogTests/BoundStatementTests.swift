import GRDB
import Testing
@testable import Catalog

@Suite struct BoundStatementTests {
    static let insert = "INSERT INTO item (name, size, note) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING RETURNING id"

    @Test func bindsRunsAndReturnsTheFirstColumnOrNil() throws {
        let db = try DatabaseQueue()
        try db.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, size INTEGER, note TEXT)")
            var statement = try BoundStatement(db, sql: Self.insert)
            statement.bind("a")
            statement.bind(Int64(3))
            statement.bind(nil as String?)
            #expect(try statement.run() == 1)
            // the same statement again, with other values: a clean start each time
            statement.bind("")
            statement.bind(nil as Int?)
            statement.bind("é ü")
            #expect(try statement.run() == 2)
            // a conflict that inserts nothing returns no row
            statement.bind("a")
            statement.bind(Int64(9))
            statement.bind("x")
            #expect(try statement.run() == nil)
            let rows = try Row.fetchAll(db, sql: "SELECT name, size, note FROM item ORDER BY id")
            #expect(rows.map { $0["name"] as String } == ["a", ""])
            #expect(rows[0]["size"] as Int64? == 3 && rows[0]["note"] as String? == nil)
            #expect(rows[1]["size"] as Int64? == nil && rows[1]["note"] as String? == "é ü")
            // GRDB's own use of the cached statement still works after ours
            #expect(try Int64.fetchOne(db.cachedStatement(sql: Self.insert), arguments: ["b", 1, nil]) == 3)
        }
    }

    @Test func aFailingStepThrowsTheDatabaseErrorAndLeavesTheStatementUsable() throws {
        let db = try DatabaseQueue()
        try db.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, size INTEGER CHECK (size >= 0), note TEXT)")
            var statement = try BoundStatement(db, sql: Self.insert)
            statement.bind(nil as String?)
            statement.bind(Int64(1))
            statement.bind(nil as String?)
            #expect {
                try statement.run()
            } throws: { error in
                (error as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT && (error as? DatabaseError)?.sql?.contains("INSERT INTO item") == true
            }
            statement.bind("ok")
            statement.bind(Int64(1))
            statement.bind(nil as String?)
            #expect(try statement.run() == 1)
        }
    }
}
