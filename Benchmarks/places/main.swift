// What naming a position costs: the shipped gazetteer read, then positions named through its
// grid, beside the same positions named by reading every place (what the grid saves).
// Built and run by Benchmarks/places.sh; prints figures, asserts nothing.
import Foundation

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Gazetteer"
let count = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 1_000_000 : 1_000_000

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

var gazetteer: Gazetteer!
let load = try seconds { gazetteer = try Gazetteer.load(folder: folder) }
func residentMB() -> Int {
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    return (Int(statm.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 4096 / 1_048_576
}
print(String(format: "load: %d places in %.0f ms, resident %d MB", gazetteer.places.count, load * 1000, residentMB()))

// Positions as a household's photos have them: most near a place (within about 20 km), some anywhere.
var state: UInt64 = 34_35
func random() -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
}
let positions: [(Double, Double)] = (0..<count).map { n in
    if n % 10 == 0 { return (random() * 180 - 90, random() * 360 - 180) }
    let place = gazetteer.places[Int(random() * Double(gazetteer.places.count))]
    return (min(90, max(-90, place.latitude + random() * 0.36 - 0.18)), min(180, max(-180, place.longitude + random() * 0.36 - 0.18)))
}

var named = 0
let grid = seconds {
    for (latitude, longitude) in positions where gazetteer.named(latitude: latitude, longitude: longitude) != nil { named += 1 }
}
print(String(format: "grid: %d positions in %.2f s, %.2f µs each, %d named", count, grid, grid / Double(count) * 1e6, named))

// The reference: every place read for each position (a sample; it is slow).
let sample = positions.prefix(2_000)
let everyPlace = seconds {
    for (latitude, longitude) in sample {
        var best: (Double, Int64)?
        for place in gazetteer.places {
            let km = Gazetteer.distance(latitude, longitude, place.latitude, place.longitude)
            guard km <= Gazetteer.reach else { continue }
            let score = km / place.weight
            if best == nil || score < best!.0 { best = (score, place.id) }
        }
        _ = best
    }
}
let perEvery = everyPlace / Double(sample.count) * 1e6
print(String(format: "reference, every place read: %.0f µs each: the grid takes %.4fx", perEvery, grid / Double(count) * 1e6 / perEvery))
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("peak RSS: \(usage.ru_maxrss / 1024) MB (the positions named included)")
