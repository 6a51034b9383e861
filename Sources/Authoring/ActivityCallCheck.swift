import Runtime
import Tracking

/// Checks the arguments of `activity.*` calls that can be judged from the source alone:
/// literals of the wrong type, a missing argument, an unknown value type.
enum ActivityCallCheck {
    /// One argument as written: a literal, or anything else (`other`, not judged).
    enum Argument: Equatable {
        case string(String)
        case number(Double)
        case boolean
        case `nil`
        case other

        var typeName: String? {
            switch self {
            case .string: return "string"
            case .number: return "number"
            case .boolean: return "boolean"
            case .nil: return "nil"
            case .other: return nil
            }
        }
    }

    /// A call `activity.NAME(...)` found in the tokens.
    struct Call {
        /// The position of its `activity` token.
        var index: Int
        var name: String
        var line: Int
        var arguments: [Argument]
    }

    static func findings(file: String, tokens: [LuaToken]) -> [Finding] {
        calls(in: tokens).flatMap { call in
            problems(call).map { message, hint in
                Finding(
                    .error, file: file, line: call.line, "activity.\(call.name): \(message)", hint: hint,
                    check: "argument")
            }
        }
    }

    /// Every `activity.NAME(args)` call, with its arguments split at top-level commas.
    static func calls(in tokens: [LuaToken]) -> [Call] {
        var calls: [Call] = []
        for i in tokens.indices.dropLast(3)
        where tokens[i].isName("activity") && tokens[i + 1].isSymbol(".")
            && tokens[i + 2].kind == .name && tokens[i + 3].isSymbol("(")
        {
            if i > 0, tokens[i - 1].isSymbol(".") || tokens[i - 1].isSymbol(":") { continue }
            var groups: [[LuaToken]] = [[]]
            var depth = 0
            var j = i + 4
            while j < tokens.count {
                let t = tokens[j]
                if t.kind == .symbol, ["(", "{", "["].contains(t.text) { depth += 1 }
                if t.kind == .symbol, [")", "}", "]"].contains(t.text) {
                    if depth == 0 { break }
                    depth -= 1
                }
                if depth == 0, t.isSymbol(",") { groups.append([]) } else { groups[groups.count - 1].append(t) }
                j += 1
            }
            let arguments = groups == [[]] ? [] : groups.map(argument)
            calls.append(Call(index: i, name: tokens[i + 2].text, line: tokens[i + 2].line, arguments: arguments))
        }
        return calls
    }

    /// A single-token literal (or a negative number); anything longer is `other`.
    static func argument(_ tokens: [LuaToken]) -> Argument {
        if tokens.count == 2, tokens[0].isSymbol("-"), tokens[1].kind == .number, let n = Double(tokens[1].text) {
            return .number(-n)
        }
        guard tokens.count == 1 else { return .other }
        let t = tokens[0]
        switch t.kind {
        case .string: return .string(t.text)
        case .number: return Double(t.text).map(Argument.number) ?? .other
        case .keyword where t.text == "true" || t.text == "false": return .boolean
        case .keyword where t.text == "nil": return .nil
        default: return .other
        }
    }

    /// What is wrong with one call, as (message, hint) pairs.
    static func problems(_ call: Call) -> [(String, String?)] {
        let args = call.arguments
        func arg(_ n: Int) -> Argument? { n <= args.count ? args[n - 1] : nil }
        func expect(_ n: Int, _ type: String, _ what: String) -> (String, String?)? {
            guard let a = arg(n), let actual = a.typeName, actual != type else { return nil }
            return ("argument #\(n) (\(what)) must be a \(type), got \(actual)", nil)
        }
        func optional(_ n: Int, _ type: String, _ what: String) -> (String, String?)? {
            if case .nil? = arg(n) { return nil }  // an optional argument may be nil: the default
            return expect(n, type, what)
        }
        func missing(_ n: Int, _ what: String, _ example: String) -> (String, String?)? {
            args.count < n ? ("missing argument #\(n) (\(what))", "write it like \(example)") : nil
        }
        if let kind = ItemKind(rawValue: call.name) {
            switch kind {
            case .quantity:
                return [
                    missing(2, "the number", "activity.quantity(\"score\", points)"),
                    expect(1, "string", "the item id"), expect(2, "number", "the value"),
                    optional(3, "string", "the title"),
                ]
                .compactMap { $0 }
            case .binary:
                return [
                    missing(2, "true or false", "activity.binary(\"passed\", right >= 7)"),
                    expect(1, "string", "the item id"), expect(2, "boolean", "the value"), valueType(arg(3)),
                    optional(4, "string", "the title"),
                ]
                .compactMap { $0 }
            case .score:
                return [
                    missing(3, "maxScore", "activity.score(\"correct\", right, asked)"),
                    expect(1, "string", "the item id"), expect(2, "number", "the score"),
                    expect(3, "number", "maxScore"),
                    optional(4, "string", "the title"), scoreRange(arg(2), arg(3)),
                ].compactMap { $0 }
            }
        }
        switch call.name {
        case "start", "stop", "finish", "done":
            return args.isEmpty ? [] : [("takes no arguments", "write activity.\(call.name)()")]
        case "primary":
            return [missing(1, "the item id", "activity.primary(\"score\")"), expect(1, "string", "the item id")]
                .compactMap { $0 }
        case "progress":
            return [
                missing(1, "a fraction from 0 to 1", "activity.progress(done / total)"),
                fraction(arg(1), 1), fraction(arg(2), 2),
            ].compactMap { $0 }
        default:
            return []  // an unknown name is GlobalCheck's finding
        }
    }

    private static func valueType(_ a: Argument?) -> (String, String?)? {
        guard let a, a != .nil else { return nil }  // nil: the default, trueFalse
        guard case .string(let name) = a else {
            return a.typeName.map { ("argument #3 (the value type) must be a string, got \($0)", nil) }
        }
        guard !KnownNames.binaryValueTypes.contains(name) else { return nil }
        let guess = Suggest.closest(to: name, among: KnownNames.binaryValueTypes).map { "did you mean '\($0)'? " } ?? ""
        return (
            "unknown value type '\(name)'", guess + "use one of " + KnownNames.binaryValueTypes.joined(separator: ", ")
        )
    }

    private static func scoreRange(_ score: Argument?, _ max: Argument?) -> (String, String?)? {
        // Tracking's ScoreRule decides; a score of 0 is always fine, so it tests maxScore alone.
        if case .number(let m)? = max, ScoreRule.violation(score: 0, maxScore: m) != nil {
            return ("maxScore must be above 0", nil)
        }
        if case .number(let s)? = score, case .number(let m)? = max, ScoreRule.violation(score: s, maxScore: m) != nil {
            return ("score must be from 0 to maxScore", nil)
        }
        return nil
    }

    private static func fraction(_ a: Argument?, _ n: Int) -> (String, String?)? {
        guard let a else { return nil }
        if case .number(let f) = a {
            return ProgressRule.violation(f) == nil ? nil : ("argument #\(n) must be within 0..1", nil)
        }
        return a.typeName.map { ("argument #\(n) must be a number from 0 to 1, got \($0)", nil) }
    }
}
