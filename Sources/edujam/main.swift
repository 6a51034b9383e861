print("edujam")
