import Foundation

/// PostgreSQL takes the catalog's schema steps (`CatalogSchema.steps`) itself: each in one
/// transaction, recorded by name in `photolalaMigration`, under an advisory lock so that
/// instances starting together take each once.
enum PostgresMigrations {
    /// The statements of a migration, split at each `;` that ends a line outside quotes, `--`
    /// comments and `$$` bodies (a statement of the extended protocol holds one command).
    static func statements(_ sql: String) -> [String] {
        var out: [String] = []
        var current = ""
        var inBody = false, inQuote = false
        for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.trimmingCharacters(in: .whitespaces)
            if !inBody && !inQuote && code.hasPrefix("--") { continue }
            current += line + "\n"
            var previous: Character = " "
            for character in line {
                if character == "'" && !inBody { inQuote.toggle() }
                if character == "$" && previous == "$" && !inQuote { inBody.toggle(); previous = " "; continue }
                previous = character
            }
            if !inBody && !inQuote && code.hasSuffix(";") {
                out.append(current.trimmingCharacters(in: .whitespacesAndNewlines).dropLast().description)
                current = ""
            }
        }
        let rest = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !rest.isEmpty { out.append(rest) }
        return out
    }

    /// Takes the steps not yet taken, all in one transaction, once a copy of the catalog as it
    /// was is kept (`PostgresUpgradeCopies`): a step that fails, or a kill midway, leaves the
    /// catalog as it was. A catalog that holds steps this version does not know is refused.
    static func migrate(_ db: PostgresSession, location: String, steps: [SchemaStep] = CatalogSchema.steps,
                        now: Date = Date()) async throws {
        try await db.execute("SELECT pg_advisory_lock(?)", [PostgresCatalog.migrationLock])
        do {
            try await db.execute("CREATE TABLE IF NOT EXISTS photolalaMigration (name TEXT PRIMARY KEY, appliedAt BIGINT NOT NULL)")
            let applied = Set(try await db.strings("SELECT name FROM photolalaMigration"))
            let known = steps.compactMap(\.postgres)
            let unknown = applied.subtracting(known.map(\.name))
            guard unknown.isEmpty else {
                throw CatalogError.newerCatalog(location: location, steps: unknown.sorted(),
                                                copies: try await PostgresUpgradeCopies.list(db).map(\.schema))
            }
            let pending = known.filter { !applied.contains($0.name) }
            if !pending.isEmpty {
                var copy: String?
                if let last = known.last(where: { applied.contains($0.name) }) {
                    copy = try await PostgresUpgradeCopies.make(db, from: last.name, now: now)
                }
                var step = pending[0].name
                try await db.execute("BEGIN")
                do {
                    for (name, sql) in pending {
                        step = name
                        for statement in statements(sql) { try await db.execute(statement) }
                        try await db.execute("INSERT INTO photolalaMigration (name, appliedAt) VALUES (?, ?)",
                                             [name, Int64(now.timeIntervalSince1970)])
                        UpgradeHalt.check(name)
                    }
                    try await db.execute("COMMIT")
                } catch {
                    try? await db.execute("ROLLBACK")
                    throw CatalogError.upgradeFailed(location: location, step: step, reason: "\(error)", copy: copy, asItWas: true)
                }
            }
        } catch {
            try? await db.execute("SELECT pg_advisory_unlock(?)", [PostgresCatalog.migrationLock])
            throw error
        }
        try await db.execute("SELECT pg_advisory_unlock(?)", [PostgresCatalog.migrationLock])
    }
}
