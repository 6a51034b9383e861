/// A command line split into options and positional words, checked against the options the
/// command declares (``OptionDeclaration``): an option is accepted only when declared, and asking
/// for one that is not is a programming error. Hand-written: no outside package can be fetched.
public struct Arguments {
    /// The words that are not options or their values, in order.
    public private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var setFlags: Set<String> = []
    /// Every declared name, the common ones included, to catch asking for an undeclared one.
    private let declared: Set<String>

    /// Parses `words` (without the program and command names).
    /// - Parameters:
    ///   - options: What the command declares.
    ///   - common: What every command of the program takes besides (``Program/commonOptions``).
    ///   - hint: What to add to "unknown option 'NAME'", given the name and every declared one
    ///     (a "did you mean"), or "".
    /// - Throws: ``UsageError`` naming the unknown option or the missing value.
    public init(
        _ words: [String], options: [OptionDeclaration], common: [OptionDeclaration] = [],
        hint: (String, [String]) -> String = { _, _ in "" }
    ) throws {
        let all = options + common
        let valued = Set(all.filter { !$0.isFlag }.map(\.name))
        let flags = Set(all.filter(\.isFlag).map(\.name))
        declared = valued.union(flags)
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("--") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            if flags.contains(name) {
                guard parts.count == 1 else { throw UsageError("\(name) takes no value") }
                setFlags.insert(name)
            } else if valued.contains(name) {
                if parts.count == 2 {
                    values[name, default: []].append(parts[1])
                } else {
                    guard index < words.count else { throw UsageError("\(name) needs a value") }
                    try Self.refuseOptionAsValue(words[index], of: name, declared: declared)
                    values[name, default: []].append(words[index])
                    index += 1
                }
            } else {
                throw UsageError("unknown option '\(name)'\(hint(name, declared.sorted()))")
            }
        }
    }

    /// Refuses a declared option (or `--help`) where `name`'s value should be: `inbox --student
    /// --store URL` forgot the student, and taking `--store` for one ("unknown student '--store'")
    /// would hide that and leave `URL` a stray word. Any other word is a value, dashes or not (a
    /// title `--- Review ---`); a value that is an option's name goes as `name=VALUE`.
    private static func refuseOptionAsValue(_ word: String, of name: String, declared: Set<String>) throws {
        let option = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
        guard declared.contains(option) || option == "--help" || option == "-h" else { return }
        throw UsageError(
            "\(name) needs a value before \(option) (a value that is an option's name goes as \(name)=\(word))")
    }

    /// The one positional word, for a command that takes exactly one.
    /// - Parameter message: What the command takes, for the usage error.
    /// - Throws: ``UsageError`` with `message` for none or several.
    public func onlyPositional(_ message: String) throws -> String {
        guard positionals.count == 1 else { throw UsageError(message) }
        return positionals[0]
    }

    /// The last value given for `name`.
    public func value(_ name: String) -> String? { all(name).last }

    /// Every value given for `name`, in order.
    public func all(_ name: String) -> [String] {
        assert(declared.contains(name), "\(name) is read but not declared")
        return values[name] ?? []
    }

    /// Whether the flag was given.
    public func flag(_ name: String) -> Bool {
        assert(declared.contains(name), "\(name) is read but not declared")
        return setFlags.contains(name)
    }

    /// A whole-number option, or nil when absent.
    public func integer(_ name: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else { throw UsageError("\(name) needs a whole number, got '\(text)'") }
        return number
    }
}

/// A mistake on the command line, which a program answers with the command's usage (and, by
/// custom, exit status 64: `EX_USAGE`).
public struct UsageError: Error, CustomStringConvertible {
    /// What is wrong, without the program's name or the usage.
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
