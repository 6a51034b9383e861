/// Warns where a game sets a result (a score item, or a `passFail` verdict) and then asks for
/// more input: a student who leaves at that question keeps a result for a round they did not
/// finish. Only a run that reaches `activity.finish()` is graded, so such a result is never
/// counted, but the game shows and saves it as if it were (docs/authoring.md, "Results only at
/// the end").
///
/// Read from the tokens of one file, one function at a time: a result call is reported when an
/// `ask` or `choose` follows it in the same function, or stands anywhere in the innermost loop
/// around it (the next turn of the loop asks again). What it cannot see: an `ask` reached through
/// another function called after the result (a helper that asks), or a loop spread over
/// functions. Those need the game run, which the monkey runs of `check` do for crashes only.
enum EarlyResultCheck {
    static func findings(file: String, tokens: [LuaToken]) -> [Finding] {
        let blocks = Blocks(tokens)
        let inputs = tokens.indices.filter { isInputCall(tokens, at: $0) }
        return resultCalls(in: tokens).compactMap { index in
            let function = blocks.innermost(.function, around: index) ?? (0, tokens.count)
            let loop = blocks.innermost(.loop, around: index).flatMap { $0.start > function.start ? $0 : nil }
            let asking = inputs.first { input in
                (input > index && input < function.end) || loop.map { input > $0.start && input < $0.end } ?? false
            }
            guard let asking else { return nil }
            let call = tokens[index + 2].text
            return Finding(
                .warning, file: file, line: tokens[index + 2].line,
                "activity.\(call) sets a result before the game asks again (\(tokens[asking].text) at line \(tokens[asking].line)): a student who leaves there keeps a result for a round they did not finish, and only a run that reaches activity.finish() is graded",
                hint: "set the score and the pass or fail once, after the last question, just before activity.finish()",
                check: "early-result")
        }
    }

    /// The token positions of `activity.score(…)` and `activity.binary(…, "passFail", …)` calls.
    private static func resultCalls(in tokens: [LuaToken]) -> [Int] {
        ActivityCallCheck.calls(in: tokens).filter { call in
            call.name == "score"
                || (call.name == "binary" && call.arguments.count > 2 && call.arguments[2] == .string("passFail"))
        }.map(\.index)
    }

    /// `ask(…)`, `ask "…"`, `choose(…)` as globals (not `t.ask(…)` or `obj:choose(…)`).
    private static func isInputCall(_ tokens: [LuaToken], at i: Int) -> Bool {
        guard tokens[i].isName("ask") || tokens[i].isName("choose"), i + 1 < tokens.count else { return false }
        if i > 0, tokens[i - 1].isSymbol(".") || tokens[i - 1].isSymbol(":") { return false }
        if i > 0, tokens[i - 1].kind == .keyword, ["function", "local"].contains(tokens[i - 1].text) { return false }
        let next = tokens[i + 1]
        return next.isSymbol("(") || next.kind == .string || next.isSymbol("{")
    }

    /// The functions and loops of a file, as token ranges (`start` the opening keyword, `end` the
    /// closing `end` or `until`).
    struct Blocks {
        enum Kind { case function, loop, other }
        private var ranges: [(kind: Kind, start: Int, end: Int)] = []

        init(_ tokens: [LuaToken]) {
            // `pending`: a `for` or `while` whose `do` is still to come.
            var stack: [(kind: Kind, start: Int, pending: Bool)] = []
            for (i, token) in tokens.enumerated() where token.kind == .keyword {
                switch token.text {
                case "function": stack.append((.function, i, false))
                case "for", "while": stack.append((.loop, i, true))
                case "repeat": stack.append((.loop, i, false))
                case "if": stack.append((.other, i, false))
                case "do":
                    if let top = stack.last, top.pending {
                        stack[stack.count - 1].pending = false
                    } else {
                        stack.append((.other, i, false))
                    }
                case "end", "until":
                    guard let top = stack.popLast() else { continue }  // a syntax error: `check` says so
                    ranges.append((top.kind, top.start, i))
                default: continue
                }
            }
        }

        /// The innermost block of `kind` whose range holds token `index`.
        func innermost(_ kind: Kind, around index: Int) -> (start: Int, end: Int)? {
            ranges.filter { $0.kind == kind && $0.start < index && index < $0.end }
                .max { $0.start < $1.start }
                .map { ($0.start, $0.end) }
        }
    }
}
