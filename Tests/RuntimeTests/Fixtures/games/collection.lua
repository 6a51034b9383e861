return { id = "org.example.fixtures", title = "Fixture Games" }
