local data = loadfile("../data.lua")()
return { question = data.question, answer = data.answer }
