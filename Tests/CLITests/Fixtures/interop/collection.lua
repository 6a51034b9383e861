return { id = "org.example.interop", title = "Interop test games" }
