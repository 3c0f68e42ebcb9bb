import GRDB

/// SQLite takes the catalog's schema steps (`CatalogSchema.steps`) through GRDB's migrator, which
/// records each by name in `grdb_migrations` and runs each in one transaction.
enum CatalogMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for case let (name, run)? in CatalogSchema.steps.map(\.sqlite) {
            migrator.registerMigration(name) { db in
                switch run {
                case .sql(let sql): try db.execute(sql: sql)
                case .code(let code): try code(db)
                }
            }
        }
        return migrator
    }
}
