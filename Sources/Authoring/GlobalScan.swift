import Foundation

/// One read or write of a global variable in a source file.
struct GlobalAccess: Equatable {
    var name: String
    var line: Int
    var isWrite: Bool
}

/// Lists the globals a Lua file reads and writes.
///
/// The reliable way is the compiler's own listing: `luac5.4 -p -l -l` shows every
/// `GETTABUP`/`SETTABUP` on `_ENV` with its line, and the compiler has already
/// resolved every local and upvalue. Without `luac5.4`, a token scan guesses.
enum GlobalScan {
    /// How the accesses were found, for the note `check` prints.
    enum Method: Equatable {
        case compiler
        case tokens
    }

    /// The accesses in `file`, by the best method available.
    static func accesses(file: String, source: String) -> (accesses: [GlobalAccess], method: Method) {
        if let listing = Tool.run("luac5.4", ["-p", "-l", "-l", file]), listing.status == 0 {
            return (parse(listing: listing.output), .compiler)
        }
        return (TokenGlobalScan.accesses(LuaTokenizer.tokens(source)), .tokens)
    }

    /// Reads `luac -l -l` lines such as `3 [2] GETTABUP 1 0 0 ; _ENV "sya"`.
    static func parse(listing: String) -> [GlobalAccess] {
        listing.split(separator: "\n").compactMap { row in
            let isRead = row.contains("GETTABUP")
            let isWrite = row.contains("SETTABUP")
            guard isRead || isWrite, let env = row.range(of: "; _ENV \""),
                let open = row.firstIndex(of: "["), let close = row[open...].firstIndex(of: "]"),
                let line = Int(row[row.index(after: open)..<close])
            else { return nil }
            let rest = row[env.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return GlobalAccess(name: String(rest[..<end]), line: line, isWrite: isWrite)
        }
    }
}

/// The fallback scan: a name is a global unless declared `local`, a parameter or a loop
/// variable somewhere in the file (scopes are not tracked, so it can miss a typo that
/// matches a local elsewhere, but does not invent one).
enum TokenGlobalScan {
    static func accesses(_ tokens: [LuaToken]) -> [GlobalAccess] {
        let locals = declaredNames(tokens)
        var result: [GlobalAccess] = []
        var brackets: [String] = []
        for (i, token) in tokens.enumerated() {
            if token.kind == .symbol, ["(", "{", "["].contains(token.text) { brackets.append(token.text) }
            if token.kind == .symbol, [")", "}", "]"].contains(token.text) { _ = brackets.popLast() }
            guard token.kind == .name, !locals.contains(token.text) else { continue }
            let before = i > 0 ? tokens[i - 1] : nil
            let after = i + 1 < tokens.count ? tokens[i + 1] : nil
            if let before,
                before.isSymbol(".") || before.isSymbol(":") || before.isSymbol("::")
                    || (before.kind == .keyword && before.text == "goto")
            {
                continue
            }
            let assigned = after?.isSymbol("=") == true
            if assigned, brackets.last == "{" { continue }  // a table key: { id = ... }
            if before?.kind == .keyword, before?.text == "function" {
                result.append(GlobalAccess(name: token.text, line: token.line, isWrite: after?.isSymbol("(") == true))
                continue
            }
            result.append(GlobalAccess(name: token.text, line: token.line, isWrite: assigned))
        }
        return result
    }

    /// Names declared by `local`, `local function`, `for` and function parameters.
    static func declaredNames(_ tokens: [LuaToken]) -> Set<String> {
        var names: Set<String> = []
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            if token.kind == .keyword, ["local", "for"].contains(token.text) {
                var j = i + 1
                if j < tokens.count, tokens[j].kind == .keyword, tokens[j].text == "function" { j += 1 }
                while j < tokens.count, tokens[j].kind == .name {
                    names.insert(tokens[j].text)
                    j += 1
                    if j < tokens.count, tokens[j].isSymbol("<") { j += 3 }  // <const>, <close>
                    guard j < tokens.count, tokens[j].isSymbol(",") else { break }
                    j += 1
                }
            }
            if token.kind == .keyword, token.text == "function" {
                var j = i + 1
                while j < tokens.count, !tokens[j].isSymbol("(") { j += 1 }
                j += 1
                while j < tokens.count, !tokens[j].isSymbol(")") {
                    if tokens[j].kind == .name { names.insert(tokens[j].text) }
                    j += 1
                }
            }
            i += 1
        }
        return names
    }
}

/// Runs a command-line tool found on PATH, if there is one.
enum Tool {
    /// The tool's exit status and standard output, or nil when it is not installed.
    static func run(_ name: String, _ arguments: [String]) -> (status: Int32, output: String)? {
        guard let path = which(name) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()  // before waiting: a full pipe would block it
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The tool's path on PATH, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
