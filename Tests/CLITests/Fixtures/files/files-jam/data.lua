return { question = "2 + 2 = ?", answer = "4" }
