import Catalog
import Foundation
import Prometheus
import Synchronization

/// The gallery's Prometheus metrics, in a registry of its own (no global state): requests by
/// route and status with latency histograms, thumbnails made and served from cache, and, read
/// at scrape time, scan progress and the size of the catalog.
public final class GalleryMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    private let store: any PhotoQueries
    private let monitor: ScanMonitor
    private let thumbnailsMade: Counter
    private let thumbnailsCached: Counter
    private let thumbnailsFailed: Counter
    private let thumbnailsShared: Counter
    private let scanProcessed: Gauge
    private let scanTotal: Gauge
    private let scanErrors: Gauge
    private let scanRunning: Gauge
    private let files: Gauge
    private let photos: Gauge
    private let renditions: RenditionCache?
    private let cacheBytes: Gauge
    private let cacheFiles: Gauge
    private let cacheHitRatio: Gauge
    private let cacheEvicted: Gauge
    private let pages: PageCache?
    private let pageHits: Gauge
    private let pageMisses: Gauge
    private let pageBytes: Gauge
    /// Each route's counter and histogram, made once: a request only looks them up.
    private let perRoute = Mutex<[RouteKey: (counter: Counter, histogram: DurationHistogram)]>([:])
    private struct RouteKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }
    static let buckets: [Duration] = [.milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
                                      .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5)]

    init(store: any PhotoQueries, monitor: ScanMonitor, renditions: RenditionCache? = nil, pages: PageCache? = nil) {
        self.store = store
        self.pages = pages
        self.renditions = renditions
        self.monitor = monitor
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        func counter(_ name: String, _ help: String, _ labels: [(String, String)] = []) -> Counter {
            registry.makeCounter(descriptor: .init(namespace: "photolala", metricName: name, unitName: "total", helpText: help), labels: labels)
        }
        func gauge(_ name: String, _ help: String) -> Gauge {
            registry.makeGauge(descriptor: .init(namespace: "photolala", metricName: name, unitName: "", helpText: help))
        }
        thumbnailsMade = counter("thumbnails_generated", "Renditions made (a miss of the rendition cache).")
        thumbnailsCached = counter("thumbnails_cached", "Renditions served from the disk cache.")
        thumbnailsFailed = counter("thumbnails_failed", "Renditions that failed; a placeholder was served.")
        thumbnailsShared = counter("thumbnails_shared", "Renditions copied from the shared cache (--cache), made by another instance.")
        scanProcessed = gauge("scan_processed_files", "Files the current or last scan has looked at.")
        scanTotal = gauge("scan_total_files", "Files the current or last scan found.")
        scanErrors = gauge("scan_errors", "Files the current or last scan could not read.")
        scanRunning = gauge("scan_running", "1 while a scan runs.")
        files = gauge("library_files", "Image files in the catalog.")
        photos = gauge("library_photos", "Distinct photos (by content) in the catalog.")
        cacheBytes = gauge("rendition_cache_bytes", "Bytes of renditions on disk.")
        cacheFiles = gauge("rendition_cache_files", "Renditions on disk.")
        cacheHitRatio = gauge("rendition_cache_hit_ratio", "Share of rendition requests since start answered from the cache.")
        cacheEvicted = gauge("rendition_cache_evicted", "Renditions removed since start to keep the cache within its budget.")
        pageHits = gauge("page_cache_hits", "Group pages since start sent as kept, with no query or render.")
        pageMisses = gauge("page_cache_misses", "Group pages since start that were made afresh and kept.")
        pageBytes = gauge("page_cache_bytes", "Bytes of group pages kept.")
    }

    /// Counts one answered request under its route pattern (never the raw path, to bound the label values).
    func request(route: String, method: String, status: Int, duration: Duration) {
        let key = RouteKey(route: route, method: method, status: status)
        let metrics = perRoute.withLock { $0[key] } ?? make(key)
        metrics.counter.increment()
        metrics.histogram.record(duration)
    }

    private func make(_ key: RouteKey) -> (counter: Counter, histogram: DurationHistogram) {
        let counter = registry.makeCounter(descriptor: .init(namespace: "photolala", metricName: "http_requests", unitName: "total",
                                                             helpText: "HTTP requests answered, by route, method and status."),
                                           labels: [("route", key.route), ("method", key.method), ("status", String(key.status))])
        let histogram = registry.makeDurationHistogram(descriptor: .init(namespace: "photolala", metricName: "http_request_duration", unitName: "seconds",
                                                                         helpText: "Time to answer a request, by route."),
                                                       labels: [("route", key.route)], buckets: Self.buckets)
        perRoute.withLock { $0[key] = (counter, histogram) }
        return (counter, histogram)
    }

    enum ThumbnailEvent { case generated, cached, failed, shared }

    func thumbnail(_ event: ThumbnailEvent) {
        switch event {
        case .generated: thumbnailsMade.increment()
        case .cached: thumbnailsCached.increment()
        case .failed: thumbnailsFailed.increment()
        case .shared: thumbnailsShared.increment()
        }
    }

    /// The exposition text, with the scrape-time gauges brought up to date.
    public func render() async -> String {
        let p = monitor.progress
        scanProcessed.set(to: Double(p.processed))
        scanTotal.set(to: Double(p.total))
        scanErrors.set(to: Double(p.errors))
        scanRunning.set(to: p.isRunning ? 1 : 0)
        if let figures = renditions?.figures {
            cacheBytes.set(to: Double(figures.bytes))
            cacheFiles.set(to: Double(figures.files))
            cacheHitRatio.set(to: figures.hits + figures.misses == 0 ? 0 : Double(figures.hits) / Double(figures.hits + figures.misses))
            cacheEvicted.set(to: Double(figures.evicted))
        }
        if let figures = pages?.figures {
            pageHits.set(to: Double(figures.hits))
            pageMisses.set(to: Double(figures.misses))
            pageBytes.set(to: Double(figures.bytes))
        }
        if let counts = try? await store.libraryCounts() {
            files.set(to: Double(counts.files))
            photos.set(to: Double(counts.photos))
        }
        return registry.emitToString()
    }
}
