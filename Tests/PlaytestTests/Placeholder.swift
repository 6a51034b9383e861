import Testing
@testable import Playtest
