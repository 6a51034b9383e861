return { id = "org.example.grades", title = "Grades test games" }
