import Foundation

/// The one way EduJam starts another process: `posix_spawn` of `program` with `arguments`
/// (argv[0] first) and the file actions the caller gives, the child starting with no signal
/// blocked whatever the calling thread blocks (it catches its own stop signals).
/// - Returns: The child's pid, or the `posix_spawn` error code.
public func spawnUnblocked(
    _ program: String, _ arguments: [String], actions: UnsafePointer<posix_spawn_file_actions_t>? = nil
) -> Result<pid_t, SpawnError> {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, program, actions, &attributes, argv, environ)
    return status == 0 ? .success(pid) : .failure(SpawnError(code: status))
}

/// Why `posix_spawn` could not start a process.
public struct SpawnError: Error, CustomStringConvertible {
    /// The `posix_spawn` error code (an `errno` value).
    public let code: Int32
    public var description: String { String(cString: strerror(code)) }
}
