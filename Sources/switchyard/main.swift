import SwitchyardREPL
print("switchyard")
