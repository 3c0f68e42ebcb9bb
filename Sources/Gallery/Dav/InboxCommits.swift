import Catalog
import Foundation
import Logging

/// The catalog's side of PUTs, committed together: what arrives while one batch is being
/// written goes into the next, so a phone sending four photos at once costs the catalog's single
/// writer one round of transactions rather than four (group commit). A PUT that finds nothing
/// being written is written at once, alone, so a lone PUT waits for nobody.
///
/// One round: the photos placed in the library are catalogued (`LibraryScanner.index`: one batch
/// of rows, and the touched folders made again), their uploader noted, and then the inbox items
/// written, in one transaction that waits for the disk; the earlier commits of the round reach
/// the disk with it. Only then is each PUT answered.
actor InboxCommits {
    private let store: any PhotoCatalog
    private let scanner: LibraryScanner
    private let logger: Logger
    /// Queues a new photo's renditions once it is catalogued (`RenditionsAhead`).
    private let prepare: @Sendable (String) async -> Void

    /// A PUT's part of a round.
    struct Part: Sendable {
        /// The photo it placed in the library, with what the upload's analysis found; nil when
        /// the bytes were known already or kept in the inbox.
        var placed: (key: String, analysis: FileAnalysis)?
        /// The device that sent it, by its label (noted with the item's account as a placed
        /// photo's uploader).
        var device: String
        /// The inbox item naming it.
        var item: InboxItem
    }

    private var waiting: [(part: Part, answer: CheckedContinuation<Bool, any Error>)] = []
    private var writing = false

    init(store: any PhotoCatalog, scanner: LibraryScanner, logger: Logger, prepare: @escaping @Sendable (String) async -> Void) {
        (self.store, self.scanner, self.logger, self.prepare) = (store, scanner, logger, prepare)
    }

    /// Commits a PUT's part with whatever else is waiting; says whether its inbox item is new.
    func commit(_ part: Part) async throws -> Bool {
        try await withCheckedThrowingContinuation { answer in
            waiting.append((part, answer))
            guard !writing else { return }
            writing = true
            Task { await writeRounds() }
        }
    }

    private func writeRounds() async {
        while !waiting.isEmpty {
            let round = waiting
            waiting = []
            do {
                let created = try await write(round.map(\.part))
                for ((_, answer), new) in zip(round, created) { answer.resume(returning: new) }
            } catch {
                for (_, answer) in round { answer.resume(throwing: error) }
            }
        }
        writing = false
    }

    private func write(_ parts: [Part]) async throws -> [Bool] {
        let placed = parts.compactMap(\.placed)
        if !placed.isEmpty {
            // Neither the rows nor their uploader wait for the disk: the inbox items' commit,
            // which does, takes them to it before any PUT of the round is answered.
            for (key, result) in try await scanner.index(placed: placed, waitingForDisk: false) {
                if case .failed(let reason) = result {
                    logger.warning("an inbox file was placed but not catalogued", metadata: ["key": "\(key)", "reason": "\(reason)"])
                }
            }
            var senders: [String: (account: Int64, device: String, keys: [String])] = [:]
            for part in parts {
                guard let key = part.placed?.key else { continue }
                senders["\(part.item.accountId)/\(part.device)", default: (part.item.accountId, part.device, [])].keys.append(key)
            }
            for sender in senders.values {
                try await store.recordUploader(keys: sender.keys, account: sender.account, link: nil, device: sender.device,
                                               waitingForDisk: false)
            }
        }
        let created = try await store.putInboxItems(parts.map(\.item))
        for (key, _) in placed { await prepare(key) }
        return created
    }
}
