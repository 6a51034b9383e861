import Foundation
import Synchronization

/// The signal that asked edujam to stop (SIGINT, SIGHUP or SIGTERM), 0 until one does.
/// Set by the handlers of ``catchStopSignals()``; read where edujam waits (for an answer, or
/// for a file to change). The first signal wins: a hang-up after Ctrl-C is still an interrupt.
let stopSignal = Atomic<Int32>(0)

/// Whether a stop signal arrived.
var stopRequested: Bool { stopSignal.load(ordering: .relaxed) != 0 }

/// The signals that end a run the way Ctrl-C does: the attempt is saved as `quit`, then edujam
/// exits 128 + the signal. SIGHUP is the terminal closing; SIGTERM is `kill` or a shutdown.
let stopSignals: [Int32] = [SIGINT, SIGHUP, SIGTERM]

/// Each stop signal records itself in ``stopSignal`` and, having no SA_RESTART, makes a blocked
/// read return, so whoever waits can save and exit instead of dying mid-write.
func catchStopSignals() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
        _ = stopSignal.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    var caught = sigset_t()
    sigemptyset(&caught)
    for signal in stopSignals {
        sigaction(signal, &action, nil)
        sigaddset(&caught, signal)
    }
    // A parent that blocks signals (a Dispatch worker thread spawning us) passes its mask on.
    pthread_sigmask(SIG_UNBLOCK, &caught, nil)
}
