import Foundation
import GRDB

/// SQLite takes the catalog's schema steps (`CatalogSchema.steps`) through GRDB's migrator, which
/// records each by name in `grdb_migrations` and runs each in one transaction.
enum CatalogMigrations {
    static var migrator: DatabaseMigrator { migrator(steps: CatalogSchema.steps) }

    static func migrator(steps: [SchemaStep]) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for case let (name, run)? in steps.map(\.sqlite) {
            migrator.registerMigration(name) { db in
                switch run {
                case .sql(let sql): try db.execute(sql: sql)
                case .code(let code): try code(db)
                }
                UpgradeHalt.check(name)
            }
        }
        return migrator
    }
}

/// The test that kills an upgrade midway names a step in `PHOTOLALA_TEST_KILL_IN_STEP`; the
/// process then kills itself with SIGKILL once that step's statements have run and before its
/// transaction commits, as a power cut would. Nothing else reads the variable.
enum UpgradeHalt {
    static let step = ProcessInfo.processInfo.environment["PHOTOLALA_TEST_KILL_IN_STEP"]

    static func check(_ name: String) {
        guard let step, step == name else { return }
        kill(getpid(), SIGKILL)
    }
}
