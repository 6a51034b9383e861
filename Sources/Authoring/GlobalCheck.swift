import Runtime

/// Findings about globals: undefined names (typos), withheld names (warnings), writes that should be `local`,
/// and unknown fields of `activity` and the standard tables.
enum GlobalCheck {
    /// Findings for one file's accesses. `definedElsewhere` holds every global the game writes
    /// in any of its files: reading one of those is not a typo.
    static func findings(file: String, accesses: [GlobalAccess], definedElsewhere: Set<String>) -> [Finding] {
        var findings: [Finding] = []
        var reported: Set<String> = []
        for access in accesses where access.isWrite {
            guard reported.insert(access.name).inserted else { continue }
            if KnownNames.globals.contains(access.name) {
                findings.append(
                    Finding(
                        .warning, file: file, line: access.line,
                        "assignment replaces the built-in '\(access.name)'",
                        hint: "pick another name, and declare it with `local`", check: "global"))
            } else {
                findings.append(
                    Finding(
                        .warning, file: file, line: access.line,
                        "assignment to global '\(access.name)'",
                        hint:
                            "declare it with `local \(access.name)` (or `local function \(access.name)`) so a typo elsewhere cannot reach it",
                        check: "global"))
            }
        }
        var seen: Set<String> = []
        for access in accesses where !access.isWrite {
            let name = access.name
            guard !KnownNames.globals.contains(name), !definedElsewhere.contains(name),
                seen.insert("\(name)@\(access.line)").inserted
            else { continue }
            if KnownNames.withheld.contains(name) {
                findings.append(
                    Finding(
                        .warning, file: file, line: access.line, "'\(name)' is not available to games",
                        hint: KnownNames.withheldReason, check: "global"))
                continue
            }
            let guess = Suggest.closest(to: name, among: Array(KnownNames.globals) + Array(definedElsewhere))
            findings.append(
                Finding(
                    .error, file: file, line: access.line, "undefined global '\(name)'",
                    hint: guess.map { "did you mean '\($0)'?" }
                        ?? "declare it with `local \(name) = ...` before using it",
                    check: "global"))
        }
        return findings
    }

    /// `collectgarbage("stop")` and the other options that change the collector: they raise.
    static func collectorFindings(file: String, tokens: [LuaToken]) -> [Finding] {
        var findings: [Finding] = []
        for i in tokens.indices.dropLast(1) where tokens[i].kind == .name && tokens[i].text == "collectgarbage" {
            let open = tokens[i + 1].isSymbol("(") ? i + 2 : i + 1  // collectgarbage "stop" too
            guard open < tokens.count, tokens[open].kind == .string,
                KnownNames.refusedCollectorOptions.contains(tokens[open].text)
            else { continue }
            findings.append(
                Finding(
                    .warning, file: file, line: tokens[i].line,
                    "'collectgarbage(\"\(tokens[open].text)\")' is not available to games",
                    hint: "a stopped or retuned collector would turn garbage into the memory limit; "
                        + "a call fails at this line (docs/sandbox.md)",
                    check: "field"))
        }
        return findings
    }

    /// `activity.strat`, `string.fromat`, `activity:start()`: a field the table does not have.
    static func fieldFindings(file: String, tokens: [LuaToken]) -> [Finding] {
        let shadowed = TokenGlobalScan.declaredNames(tokens)
        var assigned: Set<String> = []
        for i in tokens.indices.dropLast(3) where tokens[i + 1].isSymbol(".") && tokens[i + 3].isSymbol("=") {
            assigned.insert("\(tokens[i].text).\(tokens[i + 2].text)")
        }
        var findings: [Finding] = []
        var warnedWithheld: Set<String> = []  // once per field and line: `if os.getenv then os.getenv(...)`
        for i in tokens.indices.dropLast(2) {
            let table = tokens[i]
            let dot = tokens[i + 1]
            let field = tokens[i + 2]
            guard table.kind == .name, let fields = KnownNames.libraryFields[table.text],
                !shadowed.contains(table.text),
                field.kind == .name, dot.isSymbol(".") || dot.isSymbol(":")
            else { continue }
            if i > 0, tokens[i - 1].isSymbol(".") || tokens[i - 1].isSymbol(":") { continue }
            if dot.isSymbol(":"), table.text == "activity" {
                findings.append(
                    Finding(
                        .error, file: file, line: field.line, "'activity:\(field.text)' uses a colon",
                        hint: "write activity.\(field.text)(...) with a dot", check: "field"))
                continue
            }
            guard dot.isSymbol("."), !fields.contains(field.text), !assigned.contains("\(table.text).\(field.text)")
            else { continue }
            if KnownNames.withheldFields[table.text]?.contains(field.text) == true {
                guard warnedWithheld.insert("\(table.text).\(field.text)@\(field.line)").inserted else { continue }
                findings.append(
                    Finding(
                        .warning, file: file, line: field.line,
                        "'\(table.text).\(field.text)' is not available to games",
                        hint: KnownNames.withheldReason, check: "field"))
                continue
            }
            let hint =
                Suggest.closest(to: field.text, among: fields).map { "did you mean '\(table.text).\($0)'?" }
                ?? "\(table.text) has: \(fields.sorted().joined(separator: ", "))"
            findings.append(
                Finding(
                    .error, file: file, line: field.line, "unknown field '\(table.text).\(field.text)'",
                    hint: hint, check: "field"))
        }
        return findings
    }
}
