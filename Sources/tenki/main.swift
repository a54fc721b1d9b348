import TenkiApp
print("tenki")
