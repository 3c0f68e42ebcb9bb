import Catalog
import Crypto
import Foundation
import Logging
import Places
import Synchronization

/// The gazetteer, read the first time a page or the naming needs it (the start does not wait for
/// it, and a server whose photos say nowhere never reads it), and the names pages give places
/// with it.
final class PlaceBook: Sendable {
    private let folder: String
    private let logger: Logger
    private let loading = Mutex<Task<Gazetteer?, Never>?>(nil)
    private let fingerprinting = Mutex<Task<Int64?, Never>?>(nil)
    private let indexing = Mutex<Task<Gazetteer.NameIndex?, Never>?>(nil)
    /// The files are read and parsed on threads of their own (a second or so), never on the
    /// threads that answer requests.
    private let pool = BlockingPool(label: "photolala.places", qos: .utility)

    /// A book over the gazetteer in `folder`; a gazetteer that cannot be read is logged once, and
    /// positions are then shown without place names.
    init(folder: String, logger: Logger) {
        self.folder = folder
        self.logger = logger
    }

    /// Whether the gazetteer has been asked for (read, being read, or found unreadable).
    var isRead: Bool { loading.withLock { $0 != nil } }

    /// The gazetteer once read, or nil when it could not be.
    func gazetteer() async -> Gazetteer? {
        await once(loading) { [folder, logger] in
            do {
                return try Gazetteer.load(folder: folder)
            } catch {
                logger.error("the gazetteer could not be read; photos show their coordinates without place names",
                             metadata: ["reason": "\(error)"])
                return nil
            }
        }
    }

    /// What names are given with: the first 63 bits of the SHA-256 of the places' file (read,
    /// not parsed), or nil when it cannot be read. A catalog named with another is named anew.
    func fingerprint() async -> Int64? {
        await once(fingerprinting) { [folder] in
            FileManager.default.contents(atPath: folder + "/cities.tsv").map { data in
                Int64(bitPattern: SHA256.hash(data: data).prefix(8).reduce(0) { $0 << 8 | UInt64($1) } & 0x7FFF_FFFF_FFFF_FFFF)
            }
        }
    }

    /// What a name typed in `place=` stands for ("Paris", "Paris, France", "Peru"), as the code
    /// the filter takes; nil when the gazetteer has no such name (or cannot be read). The index of
    /// names is made the first time one is asked for.
    func scope(named text: String) async -> PlaceScope? {
        guard let gazetteer = await gazetteer(),
              let index = await once(indexing, { gazetteer.nameIndex() }),
              let found = gazetteer.lookUp(text, in: index) else { return nil }
        switch found {
        case .country(let code): return .country(code)
        case .region(let country, let region): return .region(country, region)
        case .place(let id): return .place(id)
        }
    }

    /// The value `work` makes on the pool, made by the first caller and awaited by every other.
    private func once<T: Sendable>(_ slot: borrowing Mutex<Task<T?, Never>?>, _ work: @escaping @Sendable () -> T?) async -> T? {
        let task = slot.withLock { task in
            if let task { return task }
            let started = Task { [pool] in (try? await pool.run(work)) ?? nil }
            task = started
            return started
        }
        return await task.value
    }

    /// "Paris, Île-de-France, France", "Île-de-France, France", "France", in `language` (the
    /// page's tag, "es": "París, Isla de Francia, Francia") where the gazetteer has its names, else
    /// in English; the code when the gazetteer does not know it.
    func name(_ scope: PlaceScope, in language: String) async -> String {
        guard let gazetteer = await gazetteer() else { return scope.code }
        switch scope {
        case .country(let country):
            return gazetteer.countryName(country, in: language)
        case .region(let country, let region):
            return [gazetteer.regionName(country: country, region: region, in: language) ?? region,
                    gazetteer.countryName(country, in: language)].joined(separator: ", ")
        case .place(let id):
            guard let place = gazetteer.place(id: id) else { return scope.code }
            return Self.name(place, in: gazetteer, language: language)
        }
    }

    /// A place with its region (when it has a name other than the place's) and country, in `language`.
    static func name(_ place: Place, in gazetteer: Gazetteer, language: String) -> String {
        let name = gazetteer.placeName(place, in: language)
        var parts = [name]
        if let region = gazetteer.regionName(country: place.country, region: place.region, in: language), region != name { parts.append(region) }
        parts.append(gazetteer.countryName(place.country, in: language))
        return parts.joined(separator: ", ")
    }
}
