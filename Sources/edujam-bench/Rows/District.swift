import Foundation

/// Row `district` (a district on one PostgreSQL server): the work of one teacher and one student
/// timed on two stores of the same server that hold the same class, one of about 100,000
/// attempts and one of a district's 10 million (4,000 classes, 100,000 students, four years),
/// loaded by SQL as `store/school` loads its school (``DistrictStore``, ``DistrictSQL``). One line
/// per operation: the small store's time as the reference, the district's, and their ratio,
/// whose target is 1.2: the class's work must cost what the class is, not what the store is.
/// The note gives the store's bytes per attempt, tables and indexes apart. `--quick` loads
/// 200 classes instead of 4,000.
extension Row {
    static let district = Row(name: "district") { context in
        let operations = DistrictStore.operations
        let server: BenchPostgres
        do {
            server = try BenchPostgres(settings: ["shared_buffers=2GB", "max_wal_size=8GB", "maintenance_work_mem=1GB"])
        } catch BenchPostgres.Unavailable.why(let why) {
            return operations.map { districtMeasurement($0.name, nil, note: "skipped: \(why)") }
        }
        defer { server.remove() }
        try server.psql(
            "CREATE ROLE edujam LOGIN CREATEROLE; CREATE ROLE \(DistrictStore.teacher) LOGIN;")
        let work = server.folder + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let games = try context.file("games").path
        let otherClasses = context.options.quick ? 200 : 3_999
        var loadSeconds: [Double] = []
        var stores: [DistrictStore] = []
        for (database, classes) in [("small", 39), ("large", otherClasses)] {
            context.log("district: loading \(database) (\(classes) classes beside the measured one)")
            loadSeconds.append(try seconds { stores.append(try load(server, database, classes, games, work)) })
        }
        let (small, large) = (stores[0], stores[1])
        let size = try large.bytes(on: server)
        let smallAttempts = Int(try small.bytes(on: server).attempts)
        let rounds = context.options.quick ? 3 : 7
        let sizeNote = String(
            format: "store: %.0f B/attempt in tables + %.0f in indexes; loaded in %.0f s and %.0f s",
            size.table / size.attempts, size.index / size.attempts, loadSeconds[0], loadSeconds[1])
        return operations.map { operation in
            context.log("district: \(operation.name)")
            let pairs = rounds * operation.pairs
            let samples: Interleaved
            do {
                samples = try interleave(
                    pairs + 1,
                    [{ try seconds { try operation.run(small) } }, { try seconds { try operation.run(large) } }])
            } catch {  // one operation's failure leaves the others' lines
                return districtMeasurement(operation.name, nil, note: "failed: \(error)")
            }
            let kept = Interleaved(samples: samples.samples.map { Array($0.dropFirst()) })  // the first warms up
            let attempts = Int(size.attempts)
            return Measurement(
                name: "district/\(operation.name)", reference: kept.median(of: 0) * 1e3,
                edujam: kept.median(of: 1) * 1e3, unit: "ms", paired: kept.paired(1, to: 0),
                target: Target(maxRatio: 1.2),
                note: "\(operation.name) on a store of \(attempts) attempts vs \(smallAttempts) (wall clock, median of "
                    + "\(pairs) pairs); " + sizeNote)
        }
    }

    private static func load(
        _ server: BenchPostgres, _ database: String, _ classes: Int, _ games: String, _ work: String
    )
        throws -> DistrictStore
    {
        try DistrictStore(server: server, database: database, otherClasses: classes, games: games, work: work)
    }

    private static func districtMeasurement(_ name: String, _ value: Double?, note: String) -> Measurement {
        Measurement(
            name: "district/\(name)", reference: nil, edujam: value, unit: "ms", target: Target(maxRatio: 1.2),
            note: note)
    }
}
