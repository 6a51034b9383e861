import Tracking
import TrackingTestSupport

/// The reason a save refused the one change it refused, or nil when it saved everything or failed
/// otherwise: for the tests of the rules checked at save, which used to make the whole save throw.
func refusedReason(_ save: () throws -> Void) -> TrackingError? {
    guard case .partialFailure(let refused)? = trackingError(save), refused.count == 1 else { return nil }
    return refused[0].reason
}
