local spare = 2
return { ask = ": 2 + 2 = ?" }
