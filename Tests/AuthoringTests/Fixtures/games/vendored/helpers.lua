local spare = 2
return { question = " (a sum)" }
