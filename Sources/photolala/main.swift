print("photolala")
