/// One token of Lua source, with the line it starts on.
struct LuaToken: Equatable {
    /// What kind of token: a name, a literal, or punctuation.
    enum Kind: Equatable {
        case name
        case keyword
        case string
        case number
        case symbol
    }

    var kind: Kind
    /// The token's text; for a string, its contents without quotes or escapes decoded.
    var text: String
    var line: Int

    func isSymbol(_ s: String) -> Bool { kind == .symbol && text == s }
    func isName(_ s: String) -> Bool { kind == .name && text == s }
}

/// A small Lua 5.4 tokenizer: enough to find calls and their literal arguments.
///
/// It never fails: text it cannot read becomes a one-character symbol, since a real
/// syntax error is reported separately by the compiler, with Lua's own message.
struct LuaTokenizer {
    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    private let chars: [Character]
    private var index = 0
    private var line = 1

    /// The tokens of `source`, comments dropped.
    static func tokens(_ source: String) -> [LuaToken] {
        var tokenizer = LuaTokenizer(chars: Array(source))
        var tokens: [LuaToken] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    private init(chars: [Character]) { self.chars = chars }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < chars.count ? chars[index + offset] : nil
    }

    private mutating func advance() -> Character {
        let c = chars[index]
        index += 1
        if c == "\n" { line += 1 }
        return c
    }

    private mutating func next() -> LuaToken? {
        skipSpaceAndComments()
        guard let c = peek() else { return nil }
        let start = line
        if c.isLetter || c == "_" {
            var word = ""
            while let d = peek(), d.isLetter || d.isNumber || d == "_" { word.append(advance()) }
            return LuaToken(kind: Self.keywords.contains(word) ? .keyword : .name, text: word, line: start)
        }
        if c.isNumber || (c == "." && peek(1)?.isNumber == true) {
            return LuaToken(kind: .number, text: number(), line: start)
        }
        if c == "\"" || c == "'" { return LuaToken(kind: .string, text: quoted(), line: start) }
        if c == "[", let level = longBracketLevel() { return LuaToken(kind: .string, text: long(level), line: start) }
        for symbol in ["...", "..", "==", "~=", "<=", ">=", "//", "::", "<<", ">>"] where matches(symbol) {
            index += symbol.count
            return LuaToken(kind: .symbol, text: symbol, line: start)
        }
        return LuaToken(kind: .symbol, text: String(advance()), line: start)
    }

    private func matches(_ text: String) -> Bool {
        text.enumerated().allSatisfy { peek($0.offset) == $0.element }
    }

    private mutating func skipSpaceAndComments() {
        while let c = peek() {
            if c.isWhitespace {
                _ = advance()
            } else if matches("--") {
                index += 2
                if peek() == "[", let level = longBracketLevel() {
                    _ = long(level)
                } else {
                    while let d = peek(), d != "\n" { _ = advance() }
                }
            } else {
                return
            }
        }
    }

    /// The level of a long bracket (`[[` is 0, `[==[` is 2) starting here, or nil.
    private func longBracketLevel() -> Int? {
        var level = 0
        while peek(1 + level) == "=" { level += 1 }
        return peek(1 + level) == "[" ? level : nil
    }

    private mutating func long(_ level: Int) -> String {
        index += level + 2
        let close = "]" + String(repeating: "=", count: level) + "]"
        var text = ""
        while peek() != nil, !matches(close) { text.append(advance()) }
        index = min(chars.count, index + close.count)
        return text.hasPrefix("\n") ? String(text.dropFirst()) : text
    }

    private mutating func quoted() -> String {
        let quote = advance()
        var text = ""
        while let c = peek(), c != quote, c != "\n" {
            _ = advance()
            if c == "\\", peek() != nil { text.append(advance()) } else { text.append(c) }
        }
        if peek() == quote { index += 1 }
        return text
    }

    private mutating func number() -> String {
        var text = ""
        while let c = peek() {
            let exponent =
                (c == "-" || c == "+") && (text.last == "e" || text.last == "E" || text.last == "p" || text.last == "P")
                && !text.hasPrefix("0x") || (c == "-" || c == "+") && (text.last == "p" || text.last == "P")
            guard c.isLetter || c.isNumber || c == "." || exponent else { break }
            text.append(advance())
        }
        return text
    }
}
