import Foundation
import Synchronization

/// Set by the SIGINT handler; read where edujam waits (for an answer, or for a file to change).
let interruptRequested = Atomic<Bool>(false)

/// Ctrl-C sets ``interruptRequested`` and, having no SA_RESTART, makes a blocked read
/// return, so whoever waits can save and exit 130 instead of dying mid-write.
func catchInterrupt() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in interruptRequested.store(true, ordering: .relaxed) }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    // A parent that blocks signals (a Dispatch worker thread spawning us) passes its mask on.
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
}
