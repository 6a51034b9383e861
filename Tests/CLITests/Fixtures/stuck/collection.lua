return { id = "org.example.stuck", title = "Stuck" }
