/// `edujam --version` prints this. Raise it with each release (semantic versioning: the
/// command line, the store format and the Lua API are the public interface).
public let edujamVersion = "0.1.0"
