import Dispatch

/// The one scheduler of the work the server does beside its requests: measuring likeness
/// (`LikenessMeasuring`), naming places (`PlaceNaming`), writing sidecars (`SidecarWriting`) and
/// making a new photo's renditions ahead of its first visit (`RenditionsAhead`). Each asks for a
/// turn before each step (a still, a batch of names or sidecars, a photo's renditions). A turn
/// is given
/// - only once the first look has been served: after the first request, once no request has come
///   for a moment; or, when nobody comes, `patience` after the server started;
/// - once no request has come for a moment (`RequestActivity`), or `longest` has passed while
///   they keep coming, so the work still goes on a step at a time;
/// - and never while a visitor's decode is waiting for a decoder worker or underway in one.
///
/// A turn says how many steps may run at once: every core when the server is quiet, one when the
/// turn came only because `longest` passed. The decodes themselves run in niced worker processes
/// (`DecoderWorkers`' background lane) and the in-process work on niced threads (`BlockingPool`).
final class BackgroundTurns: Sendable {
    let activity: RequestActivity
    let cores: Int
    let longest: Duration
    let patience: Duration
    /// Whether a visitor's decode is waiting or underway (the server's: `Imaging.visitorDecodesUnderway`).
    let decodersBusy: @Sendable () -> Bool
    private let started = DispatchTime.now().uptimeNanoseconds

    init(activity: RequestActivity, cores: Int, longest: Duration = .seconds(1), patience: Duration = .seconds(5),
         decodersBusy: @escaping @Sendable () -> Bool) {
        self.activity = activity
        self.cores = max(1, cores)
        self.longest = longest
        self.patience = patience
        self.decodersBusy = decodersBusy
    }

    /// Waits for a turn and returns how many steps may run at once in it (at least one); returns
    /// at once when cancelled.
    func take() async -> Int {
        await activity.waitForFirstRequest(since: started, atMost: patience)
        let quiet = await activity.waitForQuiet(atMost: longest)
        while decodersBusy(), !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return quiet ? cores : 1
    }
}
