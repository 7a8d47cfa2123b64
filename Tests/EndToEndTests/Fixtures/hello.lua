-- Prints its arguments as `lua` would see them.
print("hello", arg[0], arg[1], arg[2], #arg)
