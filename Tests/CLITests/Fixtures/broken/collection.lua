return { id = "org.example.broken", title = "Broken games" }
