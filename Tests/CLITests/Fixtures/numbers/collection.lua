return { id = "org.example.numbers", title = "Games that report any number" }
