import Tracking

/// The classroom's half of the schema (``SchemaPart``): its tables, their checks and their
/// row-level security, written here and registered by name into Tracking's one ordered list of
/// migrations, where the names stay as stores in use recorded them.
///
/// The CLI opens every store with this part; ``TrackingStore/classroom`` adopts it once per store
/// otherwise, so a store opened by Tracking alone (which records these halves as skipped) gets
/// its classroom tables the first time classes are used.
public enum ClassroomSchema {
    /// The part, for ``TrackingStore/init(address:rootIdentifier:rootTitle:parts:clock:)`` and
    /// ``TrackingStore/migrate(_:parts:)``.
    public static let part = SchemaPart(
        owner: "classroom", sqlite: ["017-game-versions": GameTables.sqlite],
        postgresql: ["014-game-versions": GameTables.postgresql])
}
