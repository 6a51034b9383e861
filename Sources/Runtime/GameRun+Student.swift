import Foundation
import Sandbox
import Tracking

/// The longest line a student's answer may be: longer input is cut, not passed on (and a
/// replay record keeps no more).
let maximumAnswerBytes = Limits.replyBytes

extension GameRun {
    /// `say`, `ask`, `choose`, `random`, `clock`, and what `io` reads.
    func registerStudentAPI() {
        sandbox.register("ask") { [unowned self] call in try call.push(ask(call)) }
        sandbox.register("choose") { [unowned self] call in try call.push(choose(call)) }
        sandbox.register("random") { [unowned self] call in try call.push(randomNumber(call)) }
        sandbox.register("clock") { [unowned self] call in try call.push(number: clockReading()) }
        if let print = try? sandbox.global("print") { try? sandbox.setGlobal("say", print) }
        sandbox.installInput { [unowned self] call in try call.push(read(call)) }
    }

    /// What `io.read`, `io.lines` and `io.stdin` read: `ask`'s way, so a run that reads through
    /// `io` is recorded and replays as one that asks. The prompt is the line `io.write` left
    /// unfinished, whose bytes `io.write` already counted against the output budget.
    private func read(_ call: HostCall) throws -> LuaValue {
        let prompt = Terminal.clean(try call.string(1))
        guard let reply = try reply(to: .ask(prompt: prompt)) else { return .nil }
        return .string(reply)
    }

    private func ask(_ call: HostCall) throws -> LuaValue {
        // A string prompt (every game's) read as one: the same text as its `LuaValue`'s
        // description, without making the value and then its description.
        let prompt = try shown(
            call.isNil(1) ? "" : call.isString(1) ? call.string(1) : call.value(1).description)
        guard let reply = try reply(to: .ask(prompt: prompt)) else { return .nil }
        return .string(reply)
    }

    private func choose(_ call: HostCall) throws -> LuaValue {
        let promptText = try call.optionalString(1) ?? ""
        let list = try call.table(2)
        guard !list.sequence.isEmpty, list.fields.isEmpty else {
            throw call.badArgument(2, "a non-empty list of options expected")
        }
        let prompt = try shown(promptText)
        let options = try list.sequence.map { try shown($0.description) }
        while true {
            guard let reply = try reply(to: .choose(prompt: prompt, options: options)) else { return .nil }
            let number = Int(reply.trimmingCharacters(in: .whitespaces))
            if let number, (1...options.count).contains(number) { return .integer(number) }
            _ = channel.handle(.say("Please type a number from 1 to \(options.count)."))
        }
    }

    /// Text the game shows through `ask` or `choose`, cleaned of control characters. Its bytes
    /// and a line end count against the output budget `print` and `say` spend: a prompt
    /// flood ends the run with the output limit as a `print` flood does. Re-showing a menu
    /// after a student's wrong key is the student's doing and is not counted.
    private func shown(_ text: String) throws -> String {
        try sandbox.spendOutput(text.utf8.count + 1)
        return Terminal.clean(text)
    }

    /// Saves what changed since the last wait, then asks the channel, with the time limit paused
    /// for both: the save is the host's time, the thinking the student's.
    private func reply(to event: RunEvent) throws -> String? {
        guard !inputEnded else {
            leftAfterEnd = true
            throw HostFunctionError.message("input has ended: the student has left (ask returned nil before)")
        }
        let reply = sandbox.withClockPaused {
            saveIfEveryChange()
            return channel.handle(event)
        }
        try stopIfDiverged()
        guard let reply else {
            inputEnded = true
            inputs.append(.inputEnded(at: replyReading()))
            return nil
        }
        clock.advance(by: reply.thinking)
        // A reply within the cap is kept as it is (a native String's count is stored): cut and
        // decoded again, it came out equal, for some 300 instructions an answer.
        let text =
            reply.text.utf8.count <= maximumAnswerBytes
            ? reply.text : String(decoding: reply.text.utf8.prefix(maximumAnswerBytes), as: UTF8.self)
        inputs.append(.reply(text, at: replyReading()))
        return text
    }

    /// random() in [0, 1); random(n) in 1...n; random(m, n) in m...n.
    private func randomNumber(_ call: HostCall) throws -> LuaValue {
        switch call.count {
        case 0:
            return .number(random.fraction())
        case 1:
            let n = try call.integer(1)
            guard n >= 1 else { throw call.badArgument(1, "interval is empty") }
            return .integer(random.integer(in: 1, n))
        default:
            let low = try call.integer(1)
            let high = try call.integer(2)
            guard low <= high else { throw call.badArgument(2, "interval is empty") }
            return .integer(random.integer(in: low, high))
        }
    }
}
