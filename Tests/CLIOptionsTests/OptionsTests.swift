import DeclaredCommands
import Foundation
import Testing
import Tracking

@testable import EdujamCommandLine

/// Each command's typed options, parsed once from the words after the command name.
@Suite struct OptionsTests {
    /// The usage error a parse throws, or nil.
    func usageError(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch let error as UsageError { return error.message } catch { return "\(error)" }
    }

    @Test func argumentsTakeValuesBothWaysAndRefuseUnknownOptions() throws {
        let declared = [OptionDeclaration("--search", value: "WORDS", "w"), OptionDeclaration("--json", "j")]
        let arguments = try Arguments(["x", "--json", "--search=a b", "--", "--y"], declared: declared)
        #expect(arguments.positionals == ["x", "--y"])
        #expect(arguments.flag("--json"))
        #expect(arguments.value("--search") == "a b")
        #expect(
            usageError { try Arguments(["--jsn"], declared: [OptionDeclaration("--json", "j")]) }
                == "unknown option '--jsn'; did you mean '--json'?")
    }

    /// A forgotten value is named, not filled with the next option: `inbox --student --store URL`
    /// said "unknown student '--store'".
    @Test func anOptionWhereAValueShouldBeIsAMissingValue() throws {
        for words in [["--student", "--store", "s.db"], ["--student", "--json"], ["--student", "--store=s.db"]] {
            let option = words[1].split(separator: "=")[0]
            #expect(
                usageError { try InboxOptions(words) }
                    == "--student needs a value before \(option) (a value that is an option's name goes as "
                    + "--student=\(words[1]))", "\(words)")
        }
        #expect(usageError { try InboxOptions(["--student", "--help"]) }?.hasPrefix("--student needs a value") == true)
        // Dashes alone make no option: a title may start with them, and `=` takes any value.
        #expect(
            try AssignOptions(["--class", "3B", "--title", "--- Review ---", "MATH-JAM"]).draft.title
                == "--- Review ---")
        #expect(try InboxOptions(["--student=--json"]).student == "--json")
    }

    @Test func catalog() throws {
        let options = try CatalogOptions([
            "games", "--search", "Sums  LEVEL-1", "--topic", "math", "--json", "--store", "s.db",
        ])
        #expect(options.folder == "games")
        #expect(options.words == ["sums", "level-1"])
        #expect(options.topic == .math)
        #expect(options.json && !options.publish)
        #expect(options.common.store == "s.db")
        #expect(
            usageError { try CatalogOptions(["--topic", "maths"]) }?.hasPrefix(
                "unknown topic 'maths'; did you mean 'math'?") == true)
        #expect(usageError { try CatalogOptions(["a", "b"]) } == "catalog takes at most one games folder")
    }

    @Test func play() throws {
        let options = try PlayCommandOptions([
            "MATH-JAM/LEVEL-1", "--student", "ana", "--seed", "7", "--driver", "jsonl",
        ])
        #expect(options.game == "MATH-JAM/LEVEL-1")
        #expect(options.student == "ana" && options.seed == 7 && options.driver == .jsonl && !options.watch)
        #expect(usageError { try PlayCommandOptions(["g", "--driver", "tcp"]) } == "--driver takes jsonl, got 'tcp'")
        #expect(usageError { try PlayCommandOptions(["g", "--seed", "x"]) } == "--seed needs a whole number, got 'x'")
        #expect(usageError { try PlayCommandOptions([]) } == "play takes one game folder or identifier path")
    }

    @Test func assign() throws {
        let options = try AssignOptions([
            "--class", "5A", "--title", "Sums", "--student", "ana", "--student", "ben", "MATH-JAM/LEVEL-1",
        ])
        #expect(options.draft.className == "5A" && options.draft.title == "Sums")
        #expect(options.draft.students == ["ana", "ben"])
        #expect(options.draft.paths == [["MATH-JAM", "LEVEL-1"]])
        #expect(try AssignOptions(["--class", "5A", "--title", "T", "P"]).draft.students == nil, "the whole class")
        #expect(usageError { try AssignOptions(["--title", "T", "P"]) } == "assign needs --class NAME")
        #expect(
            usageError { try AssignOptions(["--class", "5A", "--title", "T"]) }
                == "assign needs at least one identifier path")
        #expect(
            usageError { try AssignOptions(["--class", "5A", "--title", "T", "A//B"]) }?.hasPrefix(
                "'A//B' is not an identifier path") == true)
    }

    @Test func classActions() throws {
        #expect(try ClassOptions(["add", "5A", "ana", "ben"]).action == .add("5A", students: ["ana", "ben"]))
        #expect(try ClassOptions(["rename", "5A", "5B"]).action == .rename("5A", to: "5B"))
        #expect(try ClassOptions(["list", "--json"]).json)
        let mapped = try ClassOptions(["add", "5C", "Ana Lima", "--login", "ana", "--create-logins"])
        #expect(mapped.action == .add("5C", students: ["Ana Lima"]) && mapped.login == "ana" && mapped.createLogins)
        #expect(
            usageError { try ClassOptions(["add", "5C", "ana", "bo", "--login", "ana"]) }
                == "--login names one student's login: add one student at a time with it")
        #expect(
            usageError { try ClassOptions(["create", "5C", "--create-logins"]) }
                == "--login goes with class add, --create-logins with class add and class login")
        #expect(
            usageError { try ClassOptions(["creat", "5A"]) } == "unknown class action 'creat'; did you mean 'create'?")
        #expect(usageError { try ClassOptions(["create"]) } == "class create takes one class name")
    }

    @Test func done() throws {
        #expect(
            try DoneOptions(["3", "--student", "ana", "MATH-JAM"]).marker == .student("ana", paths: [["MATH-JAM"]]))
        #expect(try DoneOptions(["3", "--student", "ana"]).marker == .student("ana", paths: nil))
        #expect(try DoneOptions(["3", "--all-students"]).marker == .allStudents)
        #expect(try DoneOptions(["3", "P"]).marker == .student(nil, paths: [["P"]]), "the login's own work")
        #expect(usageError { try DoneOptions(["x", "--all-students"]) } == "'x' is not an assignment id (a number)")
        #expect(
            usageError { try DoneOptions(["3", "--student", "a", "--all-students"]) }
                == "give --student S or --all-students, not both")
        #expect(
            usageError { try DoneOptions(["3", "--all-students", "P"]) }
                == "--all-students completes the whole assignment: give no paths")
    }

    @Test func report() throws {
        let options = try ReportOptions(["--class", "5A", "--assignment", "2", "--html", "r.html"])
        #expect(options.className == "5A" && options.assignment == 2 && options.format == .html(file: "r.html"))
        #expect(try ReportOptions(["--json"]).format == .json)
        #expect(usageError { try ReportOptions(["--csv"]) } == "--csv goes with --class")
        #expect(
            usageError { try ReportOptions(["--class", "5A", "--csv", "--json"]) }
                == "choose one of --json, --csv and --html")
        #expect(usageError { try ReportOptions(["5A"]) } == "report takes no positional arguments")
    }

    @Test func gamesTools() throws {
        #expect(try CheckOptions(["--fuzz-runs", "0", "--no-luacheck"]).fuzzRuns == 0)
        #expect(usageError { try CheckOptions(["--fuzz-runs", "-1"]) } == "--fuzz-runs needs 0 or more")
        #expect(try TestOptions(["--games", "g"]).paths == ["g"])
        #expect(try TestOptions([]).paths == ["games"])
        #expect(try FuzzOptions(["g", "--runs", "5"]).runs == 5)
        #expect(usageError { try FuzzOptions(["g", "--runs", "0"]) } == "--runs needs 1 or more")
        #expect(try NewOptions(["quiz", "--topic", "math"]).topic == "math")
        #expect(try InboxOptions(["--student", "ana"]).student == "ana")
        #expect(try InboxOptions([]).student == nil, "a PostgreSQL login needs no --student (Identity)")
    }

    @Test func sync() throws {
        #expect(try SyncOptions(["--store", "postgresql:///edujam"]).common.store == "postgresql:///edujam")
        #expect(usageError { try SyncOptions(["now"]) } == "sync takes no arguments, only --store and --games")
    }

    @Test func jobsForTestFuzzAndCheck() throws {
        #expect(try TestOptions(["--jobs", "3"]).jobs == 3)
        #expect(try FuzzOptions(["g", "--jobs=1"]).jobs == 1)
        #expect(try CheckOptions(["--jobs", "256"]).jobs == 256)
        // Unless given, the machine's cores.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(try TestOptions([]).jobs == cores && FuzzOptions(["g"]).jobs == cores && CheckOptions([]).jobs == cores)
        let parsers: [([String]) throws -> Any] = [
            { try TestOptions($0) }, { try FuzzOptions(["g"] + $0) }, { try CheckOptions($0) },
        ]
        for parse in parsers {
            for bad in ["0", "-2", "100000", "257"] {
                #expect(
                    usageError { try parse(["--jobs", bad]) }
                        == "--jobs needs a number of threads from 1 to 256, got \(bad)")
            }
            #expect(usageError { try parse(["--jobs", "two"]) } == "--jobs needs a whole number, got 'two'")
            #expect(usageError { try parse(["--jobs"]) } == "--jobs needs a value")
        }
    }
}
