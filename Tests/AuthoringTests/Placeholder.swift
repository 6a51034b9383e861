import Testing
@testable import Authoring
