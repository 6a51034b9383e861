return string.find(("a"):rep(5000), ".-.-.-.-b")
