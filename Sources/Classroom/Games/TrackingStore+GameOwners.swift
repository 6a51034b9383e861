import Tracking

/// Whose each published game is (``GameOwners``): a game belongs to whoever published it first,
/// and only they, or the store's owner, publish, revert, retire or un-retire its versions.
extension ClassroomEngine {
    /// The login that owns `game`, or nil when nobody has published it.
    func gameOwner(_ game: String) throws -> String? {
        try rows("SELECT owner FROM game_owners WHERE game = ?", [.text(game)]) { $0.text(0) ?? "" }.first
    }

    /// Whether this connection is the store's owner: its owner's login, or anyone on a store file.
    func isStoreOwner() throws -> Bool {
        switch try identity() {
        case .anyone, .login(_, .owner, _): return true
        case .login: return false
        }
    }

    /// Refuses `login`'s change to a version of `game` when the game is another teacher's; the
    /// store's owner may change any game's.
    /// - Throws: ``GameStoreError/gameOfAnotherTeacher(_:owner:)``.
    func requireGameOwner(_ game: String, login: String) throws {
        guard let owner = try gameOwner(game), owner != login, !(try isStoreOwner()) else { return }
        throw GameStoreError.gameOfAnotherTeacher(game, owner: owner)
    }

    /// Makes `login` the owner of `game` when nobody owns it; refuses as ``requireGameOwner(_:login:)``.
    func claimGame(_ game: String, by login: String, at time: Double) throws {
        guard try gameOwner(game) == nil else { return try requireGameOwner(game, login: login) }
        try sql.run(
            "INSERT INTO game_owners (game, owner, since) VALUES (?, ?, ?)", [.text(game), .text(login), .real(time)])
    }
}

extension TrackingStore {
    /// The login that owns the published game `gameID` (nil when it is not published).
    public func owner(ofGame gameID: String) throws -> String? {
        let engine = classroom
        return try engine.transaction(readOnly: true) { try engine.gameOwner(gameID) }
    }

    /// Hands a published game to another teacher (`edujam publish --give GAME LOGIN`): from then on
    /// only they (and the store's owner) publish, revert or retire its versions. The game's owner
    /// or the store's owner may; the database checks it again (`edujam_give_game`).
    /// - Parameters:
    ///   - gameID: A published game.
    ///   - login: A teacher's login, or the store owner's.
    /// - Returns: Whether the game changed hands (false when it was `login`'s already).
    /// - Throws: ``IdentityError/noLogins`` on SQLite, ``GameStoreError/unknownGame(_:)``,
    ///   ``GameStoreError/gameOfAnotherTeacher(_:owner:)``, ``GameStoreError/givenOnlyToATeacher(login:)``,
    ///   ``ClassOwnerError/noSuchLogin(_:hint:)``, or a store error.
    @discardableResult
    public func giveGame(_ gameID: String, to login: String) throws -> Bool {
        let engine = classroom
        return try engine.transaction {
            guard case .login(let me, _, _) = try engine.identity() else { throw IdentityError.noLogins }
            guard let owner = try engine.gameOwner(gameID) else { throw GameStoreError.unknownGame(gameID) }
            try engine.requireGameOwner(gameID, login: me)
            switch try engine.schoolRole(ofLogin: login) {
            case nil:
                throw ClassOwnerError.noSuchLogin(
                    login, hint: "the store's owner creates it first (docs/school-server.md, \"Teachers\")")
            case .teacher?, .owner?: break
            case .student?, SchoolRole.none?: throw GameStoreError.givenOnlyToATeacher(login: login)
            }
            guard owner != login else { return false }
            try engine.sql.run("SELECT edujam_give_game(?, ?)", [.text(gameID), .text(login)])
            return true
        }
    }

    /// The teacher whose game `gameID` is, when it is neither this login's nor the store owner's
    /// to change: its catalog entries, as its versions, are its owner's (the database refuses
    /// another teacher's write to them). Nil when this login may change it, or nobody owns it.
    /// - Throws: A store error.
    public func otherOwner(ofGame gameID: String) throws -> String? {
        let engine = classroom
        return try engine.transaction(readOnly: true) {
            guard case .login(let me, _, _) = try engine.identity(), !(try engine.isStoreOwner()),
                let owner = try engine.gameOwner(gameID), owner != me
            else { return nil }
            return owner
        }
    }
}
