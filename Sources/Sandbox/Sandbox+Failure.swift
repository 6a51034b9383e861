import CLua
import Foundation
import LuaShim

extension Sandbox {
    /// The one place a Lua status becomes a ``SandboxError``. The error
    /// (already text, from the C message handler) is on top of the stack.
    func failure(status: Int32) -> SandboxError {
        let text = lua_type(state, -1) == LUA_TSTRING ? luaString(at: -1, on: state) : "(error object is not a string)"
        var failure = ScriptFailure(text)
        failure.hostCause = lastHostError.map { String(describing: $0) }
        switch Int(edujam_limit(raw)) {
        case EDUJAM_LIMIT_MEMORY:
            failure.message = "memory limit exceeded (\(limits.memory) bytes)"
            return .memoryLimit(failure)
        case EDUJAM_LIMIT_TIME:
            failure.message = "time limit exceeded (\(limits.time) per call)"
            return .timeLimit(failure)
        case EDUJAM_LIMIT_INSTRUCTIONS:
            failure.message = "instruction limit exceeded (\(limits.instructions ?? 0) per call)"
            return .instructionLimit(failure)
        case EDUJAM_LIMIT_OUTPUT:
            failure.message = "output limit exceeded (\(limits.output) bytes)"
            return .outputLimit(failure)
        default:
            break
        }
        if status == LUA_ERRSYNTAX { return .syntax(failure) }
        if edujam_forbidden(raw) != 0 && failure.message.hasSuffix("is not available to games") {
            return .forbidden(failure)
        }
        return .runtime(failure)
    }
}

extension ScriptFailure {
    /// Splits Lua's `chunk:line: message\nstack traceback:\n...` into its parts.
    init(_ text: String) {
        var body = text
        var traceback = ""
        if let marker = text.range(of: "\nstack traceback:\n", options: .backwards) {
            body = String(text[..<marker.lowerBound])
            traceback = String(text[text.index(after: marker.lowerBound)...])
        }
        self.init(chunk: nil, line: nil, message: body, traceback: traceback, hostCause: nil)
        if let (chunk, line, message) = Self.locate(body) {
            self.chunk = chunk
            self.line = line
            self.message = message
        }
    }

    /// Finds the first `name:digits: ` prefix.
    private static func locate(_ text: String) -> (String, Int, String)? {
        var search = text.startIndex
        while let colon = text[search...].firstIndex(of: ":") {
            let digitsStart = text.index(after: colon)
            let digitsEnd = text[digitsStart...].firstIndex { !$0.isNumber } ?? text.endIndex
            if digitsEnd > digitsStart, text[digitsEnd...].hasPrefix(": "),
                let line = Int(text[digitsStart..<digitsEnd])
            {
                let message = text[text.index(digitsEnd, offsetBy: 2)...]
                return (String(text[..<colon]), line, String(message))
            }
            search = digitsStart
        }
        return nil
    }
}
