/// What went wrong in a script, located in its source.
public struct ScriptFailure: Sendable, Equatable, CustomStringConvertible {
    /// The chunk name the failing code was loaded with (`game.lua`), when known.
    public var chunk: String?
    /// The line in `chunk`, when known.
    public var line: Int?
    /// The message without its position, e.g. `attempt to call a nil value (global 'sya')`.
    public var message: String
    /// Lua's traceback (`stack traceback:` and its frames), or empty.
    public var traceback: String
    /// The description of the Swift error a host function threw, when one caused this.
    public var hostCause: String?

    /// `chunk:line: message`, as Lua prints it.
    /// Creates a failure; the host builds these from Lua's messages.
    public init(
        chunk: String? = nil, line: Int? = nil, message: String, traceback: String = "", hostCause: String? = nil
    ) {
        self.chunk = chunk
        self.line = line
        self.message = message
        self.traceback = traceback
        self.hostCause = hostCause
    }

    public var description: String {
        guard let chunk, let line else { return message }
        return "\(chunk):\(line): \(message)"
    }
}

/// Everything a ``Sandbox`` can fail with.
public enum SandboxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source does not compile.
    case syntax(ScriptFailure)
    /// The script raised an error, or misused a host function.
    case runtime(ScriptFailure)
    /// The script did something the sandbox refuses (a binary chunk, `collectgarbage("stop")`, a function not available to games, ...).
    /// Withheld functions (`io`, `os.exit`, `dofile`, `string.dump`) are absent instead: a call is a ``runtime(_:)`` error.
    case forbidden(ScriptFailure)
    /// The state reached ``SandboxLimits/memory``. The sandbox is finished.
    case memoryLimit(ScriptFailure)
    /// A call ran longer than ``SandboxLimits/time``. The sandbox is finished.
    case timeLimit(ScriptFailure)
    /// A call ran more than ``SandboxLimits/instructions``. The sandbox is finished.
    case instructionLimit(ScriptFailure)
    /// `print` went past ``SandboxLimits/output``. The sandbox is finished.
    case outputLimit(ScriptFailure)
    /// A limit stopped this sandbox earlier; it runs nothing more. Create a new one.
    case finished
    /// A value could not cross between Swift and Lua (a cycle, a NaN key, a thread, ...).
    case conversion(String)
    /// A value was too large to copy into Swift: its strings, counted once per reference,
    /// came to more than ``SandboxLimits/conversion`` bytes, or its tables to more than
    /// 100,000 entries. The message names the value (`argument #2 to 'choose'`).
    ///
    /// Not a limit: nothing was copied past the budget and the state is intact, so the
    /// sandbox goes on. Thrown by a host function's argument reader, it reaches the
    /// script as an ordinary Lua error at the calling line, which `pcall` may catch.
    case tooLarge(String)
    /// The Lua state could not be created.
    case stateUnavailable

    /// The located failure, for every case that has one.
    public var failure: ScriptFailure? {
        switch self {
        case .syntax(let f), .runtime(let f), .forbidden(let f), .memoryLimit(let f),
            .timeLimit(let f), .instructionLimit(let f), .outputLimit(let f):
            return f
        case .finished, .conversion, .tooLarge, .stateUnavailable:
            return nil
        }
    }

    /// Whether a limit caused this error (the sandbox is then finished).
    public var isLimit: Bool {
        switch self {
        case .memoryLimit, .timeLimit, .instructionLimit, .outputLimit, .finished: return true
        default: return false
        }
    }

    /// A short lowercase description, as Lua's messages read.
    public var description: String {
        switch self {
        case .syntax(let f): return "syntax error: \(f)"
        case .runtime(let f): return "runtime error: \(f)"
        case .forbidden(let f): return "forbidden: \(f)"
        case .memoryLimit(let f): return "memory limit: \(f)"
        case .timeLimit(let f): return "time limit: \(f)"
        case .instructionLimit(let f): return "instruction limit: \(f)"
        case .outputLimit(let f): return "output limit: \(f)"
        case .finished: return "sandbox finished: a limit stopped it earlier; create a new one"
        case .conversion(let message): return "conversion error: \(message)"
        case .tooLarge(let message): return "value too large: \(message)"
        case .stateUnavailable: return "the Lua state could not be created"
        }
    }
}
