import Foundation

// edujam-bench [--json] [--quick] [--only ROW] [--results FILE]
//
// Measures the sandbox against plain Lua and prints, per row, the reference,
// EduJam and their ratio; with --results it also writes the table to FILE
// (`make bench`: bench/RESULTS.md, the latest results). Run from the repository
// root: bench/ and games/ are found relative to the current directory.
// bench/README.md says what each row measures and how.

let usage =
    "usage: edujam-bench [--json] [--quick] [--only ROW] [--results FILE] [--rounds N] [--round-ms MS] [--profile-playthroughs N] [--profile-workload NAME]"
    + " [--profile-bridge host|c|abs|host-string N]"

/// Exit codes as the CLI has them: 0 ok, 1 failure, 64 usage.
func exit(usageError message: String) -> Never {
    FileHandle.standardError.write(Data("edujam-bench: \(message)\n\(usage)\n".utf8))
    exit(64)
}

func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "--json": options.json = true
        case "--quick": options.quick = true
        case "--only":
            guard let row = remaining.popFirst() else { exit(usageError: "--only needs a row name") }
            options.only = row
        case "--results":
            guard let file = remaining.popFirst() else { exit(usageError: "--results needs a file name") }
            options.results = file
        case "--round-ms":
            guard let value = remaining.popFirst().flatMap(Double.init), value > 0 else {
                exit(usageError: "--round-ms needs milliseconds")
            }
            options.roundMilliseconds = value
        case "--rounds":
            guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
                exit(usageError: "--rounds needs a count")
            }
            options.rounds = value
        case "--profile-playthroughs":
            guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
                exit(usageError: "--profile-playthroughs needs a count")
            }
            options.profilePlaythroughs = value
        case "--profile-workload":
            guard let name = remaining.popFirst() else { exit(usageError: "--profile-workload needs a workload name") }
            options.profileWorkload = name
        case "--profile-bridge":
            guard let callee = remaining.popFirst().flatMap(BridgeLoops.Callee.init(rawValue:)),
                let count = remaining.popFirst().flatMap(Int.init), count > 0
            else { exit(usageError: "--profile-bridge needs host, c, abs or host-string and a count") }
            options.profileBridge = (callee, count)
        case "-h", "--help":
            print(usage)
            exit(0)
        default: exit(usageError: "unknown argument \(argument)")
        }
    }
    return options
}

if CommandLine.arguments.dropFirst().first == SchoolPlayer.option {
    // One student process of the row store/players, started by that row (Rows/SchoolPlayer.swift).
    exit(SchoolPlayer.main(Array(CommandLine.arguments.dropFirst(2))))
}

let context = Context(
    options: parseOptions(Array(CommandLine.arguments.dropFirst())),
    root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
guard FileManager.default.fileExists(atPath: context.root.appendingPathComponent("bench/workloads").path) else {
    FileHandle.standardError.write(Data("edujam-bench: bench/workloads not found: run from the repository root\n".utf8))
    exit(1)
}
if let count = context.options.profilePlaythroughs {
    // Nothing but in-process playthroughs, for a profiler (valgrind --tool=callgrind).
    try profilePlaythroughs(context, count: count)
    exit(0)
}
if let (callee, count) = context.options.profileBridge {
    // One loop of host (or C) calls in a sandbox, nothing else: for a profiler.
    try profileBridge(callee, count: count)
    exit(0)
}
if let name = context.options.profileWorkload {
    // One workload in a sandbox, then in a bare state, nothing else: for a profiler.
    try profileWorkload(context, name: name)
    exit(0)
}
let rows = Row.all(context).filter { $0.isSelected(by: context.options.only) }
if rows.isEmpty {
    exit(
        usageError: "no row named \(context.options.only ?? ""); rows: "
            + Row.all(context).map(\.name).joined(separator: ", "))
}

let machine = machineDescription(context)  // the load average before we add to it
var measurements: [Measurement] = []
let total = seconds {
    for row in rows {
        context.log("measuring \(row.name)")
        do {
            measurements += try row.measure(context)
        } catch {
            // One broken row must not hide the others' numbers.
            measurements.append(Measurement(name: row.name, unit: "-", target: Target(), note: "failed: \(error)"))
        }
    }
}
context.log(String(format: "done in %.1f s", total))

let machineLine =
    "machine: " + machine.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
if context.options.json {
    try printJSON(measurements, machine: machine)
} else {
    print(tableText(measurements) + "\n" + machineLine)
}
if let file = context.options.results {
    try resultsDocument(measurements, machine: machineLine, options: context.options)
        .write(toFile: file, atomically: true, encoding: .utf8)
    context.log("results written to \(file)")
}
