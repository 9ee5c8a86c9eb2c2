print("navrec")
