return { id = "org.example.verify", title = "Verify" }
