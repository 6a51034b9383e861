return { id = "FINE", title = "Fine", topic = "science", play = function() end }
