import CLibPQ
import Foundation

/// Driving libpq without blocking: every wait for the server is `poll()` on the connection's
/// socket, bounded by a deadline, so a server or network that stops answering costs a game at
/// most that long (``PGConnection``'s answer and reconnect timeouts) instead of TCP's retries.
enum PGWait {
    /// The moment a wait must end, on the monotonic clock; `nil` waits as long as it takes.
    struct Deadline {
        private let end: TimeInterval?

        /// `seconds` from now, or no deadline when nil.
        init(after seconds: TimeInterval?) {
            end = seconds.map { ProcessInfo.processInfo.systemUptime + $0 }
        }

        /// What `poll()` takes: the milliseconds left, rounded up (0 once passed), or -1 for no deadline.
        fileprivate var pollMilliseconds: Int32 {
            guard let end else { return -1 }
            let left = (end - ProcessInfo.processInfo.systemUptime) * 1000
            return left <= 0 ? 0 : Int32(min(left.rounded(.up), Double(Int32.max)))
        }
    }

    /// Reconnects `handle` with its own parameters (`PQresetStart`, then `PQresetPoll` each time
    /// the socket is ready, as libpq asks).
    /// - Returns: Whether the connection is made before `deadline`. When not, it is left half
    ///   made (neither `CONNECTION_OK` nor usable): the next `PQresetStart` closes it.
    static func reset(_ handle: OpaquePointer, until deadline: Deadline) -> Bool {
        guard PQresetStart(handle) == 1 else { return false }
        var state = PGRES_POLLING_WRITING  // libpq's rule for the first step
        while true {
            switch state {
            case PGRES_POLLING_OK: return true
            case PGRES_POLLING_FAILED: return false
            default:
                let ready = socketReady(
                    PQsocket(handle), reading: state == PGRES_POLLING_READING,
                    writing: state == PGRES_POLLING_WRITING, until: deadline)
                guard ready else { return false }
            }
            state = PQresetPoll(handle)
        }
    }

    /// Waits until `PQgetResult` can hand the next result without blocking: sends what libpq
    /// still holds (`PQflush`, the connection being non-blocking) and reads what arrives
    /// (`PQconsumeInput`) until `PQisBusy` says a whole result is there.
    /// - Returns: False when `deadline` passed first. True also when the connection broke:
    ///   `PQgetResult` then reports it.
    static func untilResult(_ handle: OpaquePointer, until deadline: Deadline) -> Bool {
        while true {
            let flushed = PQflush(handle)  // 0: all sent, 1: more to send, -1: failed (libpq keeps reading)
            if flushed != 1, PQisBusy(handle) == 0 { return true }
            if PQstatus(handle) == CONNECTION_BAD { return true }
            guard socketReady(PQsocket(handle), reading: true, writing: flushed == 1, until: deadline) else {
                return false
            }
            if PQconsumeInput(handle) == 0 { return true }
        }
    }

    /// Waits until `socket` can be read (or written) without blocking, or `deadline` passes.
    /// - Returns: False when the deadline passed first; true when ready or in error (libpq's
    ///   next call finds the error itself).
    private static func socketReady(_ socket: Int32, reading: Bool, writing: Bool, until deadline: Deadline) -> Bool {
        guard socket >= 0 else { return true }
        let events = (reading ? POLLIN : 0) | (writing ? POLLOUT : 0)
        var descriptor = pollfd(fd: socket, events: Int16(events), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, deadline.pollMilliseconds)
            if ready != -1 { return ready > 0 }
            if errno != EINTR { return true }
        }
    }
}
